//! Lot tracing (issue 33): the fills, empties and doses a write really inserted, in order of
//! time, applied to the bins' lot portions by `trace_apply` (sql/20261207000100_traceability.sql)
//! in the same transaction, so a redelivered message, which inserts nothing, traces nothing.
//! Within one instant a fill comes before a dose.

use std::collections::HashSet;

use model::wire::{self, BinMovementKind};
use serde_json::{Value, json};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::ingest::rows::Rows;

/// The trace events of `rows` among the inserted weighings `doses` and movements `moves`.
pub(crate) fn events(rows: &Rows, doses: &[Uuid], moves: &[Uuid]) -> Vec<Value> {
    let doses: HashSet<&Uuid> = doses.iter().collect();
    let moves: HashSet<&Uuid> = moves.iter().collect();
    let mut events: Vec<(chrono::DateTime<chrono::Utc>, u8, Value)> = Vec::new();
    for (line, m) in rows.bin.iter().filter(|(_, m)| moves.contains(&m.id)) {
        let k = match m.kind {
            BinMovementKind::Fill => "F",
            BinMovementKind::Empty => "E",
            _ => continue,
        };
        events.push((m.time, 0, movement(k, line, m)));
    }
    for (line, d) in rows.weighing.iter().filter(|(_, d)| doses.contains(&d.id)) {
        events.push((
            d.time,
            1,
            json!({
                "k": "D", "id": d.id, "time": d.time, "line": line, "bin": d.bin_id,
                "material": d.material_id, "lot": d.lot, "kg": d.actual_kg, "batch": d.batch_id,
            }),
        ));
    }
    events.sort_by_key(|e| (e.0, e.1));
    events.into_iter().map(|(_, _, e)| e).collect()
}

fn movement(k: &str, line: &str, m: &wire::BinMovement) -> Value {
    json!({
        "k": k, "id": m.id, "time": m.time, "line": line, "bin": m.bin_id,
        "material": m.material_id, "lot": m.lot, "kg": m.delta_kg.abs(),
    })
}

/// Applies the events of what was just inserted; answers the lines whose bins were filled or
/// emptied (what their bins hold changed: the board's marks may change with it).
pub(crate) async fn apply(
    tx: &mut PgConnection,
    rows: &Rows,
    doses: &[Uuid],
    moves: &[Uuid],
) -> Result<Vec<String>, sqlx::Error> {
    let events = events(rows, doses, moves);
    if events.is_empty() {
        return Ok(Vec::new());
    }
    let mut lines: Vec<String> = events
        .iter()
        .filter(|e| e["k"] != "D")
        .filter_map(|e| e["line"].as_str().map(str::to_string))
        .collect();
    lines.sort();
    lines.dedup();
    sqlx::query_scalar!(
        "select trace_apply($1::jsonb)",
        sqlx::types::Json(events) as _
    )
    .fetch_one(tx)
    .await?;
    Ok(lines)
}
