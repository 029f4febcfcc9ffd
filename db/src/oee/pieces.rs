//! The pieces OEE keeps (decision 115): the sums of each shift piece once read, with the
//! snapshot they were read in; the change log prunes them.

use chrono::{DateTime, Utc};
use sqlx::PgExecutor;

use super::fresh::{Change, Stale};
use crate::DbResult;

/// The sums of a piece of a shift (decision 115): its time by state class and its output, and
/// the snapshot (`pg_current_snapshot()`) taken before they were read.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Piece {
    pub line_id: String,
    pub f: DateTime<Utc>,
    pub t: DateTime<Utc>,
    pub shift_s: f64,
    pub planned_stop_s: f64,
    pub running_s: f64,
    pub idle_s: f64,
    pub unplanned_stop_s: f64,
    pub batches: i64,
    pub actual_kg: f64,
    pub good_kg: f64,
    pub ideal_s: f64,
    pub rated_kg: f64,
    pub snap: String,
}

/// The pieces kept of `lines` within [from, to) that no change since has made stale: a piece
/// is stale while a logged change over its range is not visible to the snapshot it was read in.
/// The log (ten minutes of changes) is read once and the check made here; probing the log's
/// index once per piece cost as much as reading the pieces, and far more once it held the dead
/// rows of a large change.
pub async fn pieces(
    db: &sqlx::PgPool,
    lines: &[String],
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> DbResult<Vec<Piece>> {
    let kept = sqlx::query_as!(
        Piece,
        r#"select line_id, f, t, shift_s, planned_stop_s, running_s, idle_s, unplanned_stop_s,
                  batches, actual_kg, good_kg, ideal_s, rated_kg, snap
           from oee_piece where line_id = any($1) and f >= $2 and t <= $3"#,
        lines,
        from,
        to
    )
    .fetch_all(db)
    .await?;
    // The log after the pieces, not beside them: every change committed before the pieces were
    // read is in it (a piece is pruned with its entry, never before).
    let log = sqlx::query!(
        r#"select line_id, greatest(f, $2) as "f!", least(t, $3) as "t!", xid::text as "xid!"
           from oee_forget
           where (line_id = any($1) or line_id is null) and t > $2 and f < $3"#,
        lines,
        from,
        to
    )
    .fetch_all(db)
    .await?;
    let log: Vec<Change> = log
        .into_iter()
        .filter_map(|c| {
            Some(Change {
                line_id: c.line_id,
                f: c.f,
                t: c.t,
                xid: c.xid.parse().ok()?,
            })
        })
        .collect();
    let mut stale = Stale::new(&log);
    Ok(kept
        .into_iter()
        .filter(|p| !stale.meets(&p.snap, &p.line_id, p.f, p.t))
        .collect())
}

/// The snapshot to keep with pieces about to be read (`pg_current_snapshot()`).
pub async fn snapshot(db: impl PgExecutor<'_>) -> DbResult<String> {
    Ok(
        sqlx::query_scalar!(r#"select pg_current_snapshot()::text as "s!""#)
            .fetch_one(db)
            .await?,
    )
}

/// Keeps `pieces` (replacing what a piece held).
pub async fn keep(db: impl PgExecutor<'_>, pieces: &[Piece]) -> DbResult<()> {
    if pieces.is_empty() {
        return Ok(());
    }
    let col = |f: fn(&Piece) -> f64| pieces.iter().map(f).collect::<Vec<f64>>();
    let lines: Vec<String> = pieces.iter().map(|p| p.line_id.clone()).collect();
    let froms: Vec<DateTime<Utc>> = pieces.iter().map(|p| p.f).collect();
    let tos: Vec<DateTime<Utc>> = pieces.iter().map(|p| p.t).collect();
    let batches: Vec<i64> = pieces.iter().map(|p| p.batches).collect();
    let snaps: Vec<String> = pieces.iter().map(|p| p.snap.clone()).collect();
    sqlx::query!(
        "insert into oee_piece (line_id, f, t, shift_s, planned_stop_s, running_s, idle_s, unplanned_stop_s,
                                batches, actual_kg, good_kg, ideal_s, rated_kg, snap)
         select * from unnest($1::text[], $2::timestamptz[], $3::timestamptz[], $4::float8[], $5::float8[],
                                $6::float8[], $7::float8[], $8::float8[], $9::int8[], $10::float8[],
                                $11::float8[], $12::float8[], $13::float8[], $14::text[])
         order by 1, 2, 3
         on conflict (line_id, f, t) do update set
             shift_s = excluded.shift_s, planned_stop_s = excluded.planned_stop_s,
             running_s = excluded.running_s, idle_s = excluded.idle_s,
             unplanned_stop_s = excluded.unplanned_stop_s, batches = excluded.batches,
             actual_kg = excluded.actual_kg, good_kg = excluded.good_kg, ideal_s = excluded.ideal_s,
             rated_kg = excluded.rated_kg, snap = excluded.snap, created_at = now()",
        &lines,
        &froms,
        &tos,
        &col(|p| p.shift_s),
        &col(|p| p.planned_stop_s),
        &col(|p| p.running_s),
        &col(|p| p.idle_s),
        &col(|p| p.unplanned_stop_s),
        &batches,
        &col(|p| p.actual_kg),
        &col(|p| p.good_kg),
        &col(|p| p.ideal_s),
        &col(|p| p.rated_kg),
        &snaps
    )
    .execute(db)
    .await?;
    Ok(())
}

/// Prunes the change log after ten minutes, first deleting the pieces its entries made stale.
pub async fn prune(db: &sqlx::PgPool) -> DbResult<()> {
    let mut tx = db.begin().await?;
    sqlx::query!(
        "delete from oee_piece p using oee_forget l
         where l.at < now() - interval '10 minutes'
           and l.line_id = p.line_id and l.f < p.t and l.t > p.f
           and not pg_visible_in_snapshot(l.xid, p.snap::pg_snapshot)"
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query!(
        "delete from oee_piece p using oee_forget l
         where l.at < now() - interval '10 minutes' and l.line_id is null
           and not pg_visible_in_snapshot(l.xid, p.snap::pg_snapshot)"
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query!("delete from oee_forget where at < now() - interval '10 minutes'")
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}
