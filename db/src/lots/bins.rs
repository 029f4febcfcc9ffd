//! What the bins hold lot by lot, their mass balance, and the lots not released they hold (an
//! order needing such a bin is not released; the board marks its doses).

use model::schedule::board::BoardEntry;
use model::schedule::control::HeldLot;
use model::trace::{BinContent, BinPortion, LotStatus};
use sqlx::PgExecutor;
use uuid::Uuid;

use super::status;
use crate::DbResult;

/// A configured bin as a fill needs it: its line and code, capacity, the materials it may hold
/// (ids and codes) and the level the plant last reported.
#[derive(Debug, Clone)]
pub struct FillBin {
    pub id: Uuid,
    pub line_id: Uuid,
    pub code: String,
    pub capacity_kg: f64,
    /// FIFO when not set.
    pub content_model: Option<String>,
    pub material_ids: Vec<Uuid>,
    pub material_codes: Vec<String>,
    pub level_kg: Option<f64>,
}

/// The live bin of that id, with what a fill checks.
pub async fn fill_bin(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<Option<FillBin>> {
    Ok(sqlx::query_as!(
        FillBin,
        r#"select b.id, b.line_id, b.code, b.capacity_kg, b.content_model,
                  coalesce(array(select (x ->> 'materialId')::uuid from jsonb_array_elements(b.bin_materials) x
                                 where x ->> 'materialId' ~ '^[0-9a-fA-F-]{36}$'), '{}') as "material_ids!",
                  coalesce(array(select m.code from jsonb_array_elements(b.bin_materials) x
                                 join material m on m.id::text = x ->> 'materialId' and m.deleted_at is null), '{}')
                      as "material_codes!",
                  (select level_kg from bin_movement v where v.line_id = b.line_id::text and lower(v.bin_id) = lower(b.code)
                    order by v.time desc, v.id desc limit 1) as level_kg
             from bin b where b.id = $1 and b.deleted_at is null"#,
        id
    )
    .fetch_optional(db)
    .await?)
}

/// What the bin of that line and code holds, oldest portion first, with its mass balance.
pub async fn content(db: &sqlx::PgPool, bin: &FillBin) -> DbResult<BinContent> {
    let line = bin.line_id.to_string();
    let portions = sqlx::query!(
        r#"select p.lot_id, p.lot_number, l.status as "status?", p.material_code, p.filled_at, p.filled_kg, p.remaining_kg
             from bin_portion p left join lot l on l.id = p.lot_id
            where p.line_id = $1 and lower(p.bin_code) = lower($2) and p.remaining_kg > 1e-9
            order by p.filled_at, p.id"#,
        line,
        bin.code,
    )
    .fetch_all(db)
    .await?
    .into_iter()
    .map(|r| {
        Ok(BinPortion {
            lot_id: r.lot_id,
            lot_number: r.lot_number,
            status: r.status.as_deref().map(status).transpose()?,
            material_code: r.material_code,
            filled_at: r.filled_at,
            filled_kg: r.filled_kg,
            remaining_kg: r.remaining_kg,
        })
    })
    .collect::<DbResult<Vec<_>>>()?;
    let mut content = BinContent {
        bin_id: bin.id,
        line_id: bin.line_id,
        bin_code: bin.code.clone(),
        content_model: bin.content_model.clone().unwrap_or_else(|| "FIFO".into()),
        portions,
        filled_kg: 0.0,
        dosed_kg: 0.0,
        emptied_kg: 0.0,
        held_kg: 0.0,
        unknown_kg: 0.0,
        reported_level_kg: bin.level_kg,
    };
    balance(db, &mut content).await?;
    Ok(content)
}

/// The mass balance of a bin: everything filled, dosed from portions, emptied, held, and dosed
/// beyond what it held.
async fn balance(db: impl PgExecutor<'_>, content: &mut BinContent) -> DbResult<()> {
    let line = content.line_id.to_string();
    let r = sqlx::query!(
        r#"select coalesce(sum(filled_kg), 0) as "filled!", coalesce(sum(removed_kg), 0) as "emptied!",
                  coalesce(sum(remaining_kg), 0) as "held!",
                  coalesce((select sum(kg) from dose_lot d where d.line_id = $1 and lower(d.bin_code) = lower($2)
                             and d.portion_id is not null), 0) as "dosed!",
                  coalesce((select sum(kg) from dose_lot d where d.line_id = $1 and lower(d.bin_code) = lower($2)
                             and d.portion_id is null and d.unknown), 0) as "unknown!"
             from bin_portion where line_id = $1 and lower(bin_code) = lower($2)"#,
        line,
        content.bin_code,
    )
    .fetch_one(db)
    .await?;
    content.filled_kg = r.filled;
    content.emptied_kg = r.emptied;
    content.held_kg = r.held;
    content.dosed_kg = r.dosed;
    content.unknown_kg = r.unknown;
    Ok(())
}

/// Lots that bins of the lines `lines` hold now and that are not released: `(line, bin code,
/// lot number, status)`, by line and bin. An order needing such a bin is not released, and the
/// board marks its doses from it (issue 33, item 3).
pub async fn held_unreleased(
    db: impl PgExecutor<'_>,
    lines: &[String],
) -> DbResult<Vec<(String, String, String, LotStatus)>> {
    let rows = sqlx::query!(
        r#"select distinct on (p.line_id, lower(p.bin_code)) p.line_id, p.bin_code, l.lot_number, l.status
             from bin_portion p join lot l on l.id = p.lot_id
            where p.line_id = any($1) and p.remaining_kg > 1e-9 and l.status <> 'RELEASED'
            order by p.line_id, lower(p.bin_code), p.filled_at, p.id"#,
        lines,
    )
    .fetch_all(db)
    .await?;
    rows.into_iter()
        .map(|r| Ok((r.line_id, r.bin_code, r.lot_number, status(&r.status)?)))
        .collect()
}

/// Marks the doses of `entries` whose bin holds a lot that is not released
/// (`ControlWeighing::held_lot`), clearing every other mark.
pub async fn mark(db: impl PgExecutor<'_>, entries: &mut [BoardEntry]) -> DbResult<()> {
    let mut lines: Vec<String> = entries.iter().map(|e| e.line_id.clone()).collect();
    lines.sort();
    lines.dedup();
    if lines.is_empty() {
        return Ok(());
    }
    let held = held_unreleased(db, &lines).await?;
    for e in entries.iter_mut() {
        for w in e.control_recipe.weighings.iter_mut() {
            w.held_lot = w.bin_code.as_deref().and_then(|bin| {
                held.iter()
                    .find(|(line, b, _, _)| *line == e.line_id && b.eq_ignore_ascii_case(bin))
                    .map(|(_, _, lot, status)| HeldLot {
                        lot_number: lot.clone(),
                        status: *status,
                    })
            });
        }
    }
    Ok(())
}

/// The lines whose bins hold some of lot `id` now.
pub async fn lines_holding(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<Vec<String>> {
    Ok(sqlx::query_scalar!(
        "select distinct line_id from bin_portion where lot_id = $1 and remaining_kg > 1e-9 order by 1",
        id
    )
    .fetch_all(db)
    .await?)
}

/// The lots the bins hold, `(line id, bin code, lot number, kg left)`, oldest first: where a
/// restarted simulator's bins start from.
pub async fn held_portions(
    db: impl PgExecutor<'_>,
) -> DbResult<Vec<(String, String, Option<String>, f64)>> {
    let rows = sqlx::query!(
        "select line_id, bin_code, lot_number, remaining_kg from bin_portion
          where remaining_kg > 1e-9 order by line_id, lower(bin_code), filled_at, id"
    )
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| (r.line_id, r.bin_code, r.lot_number, r.remaining_kg))
        .collect())
}
