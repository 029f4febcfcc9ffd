//! The violations live sets find: the batches still to judge, the violations kept, and what
//! the report and the stream service read of them.

use chrono::{DateTime, Utc};
use sqlx::{FromRow, PgExecutor, PgPool};
use uuid::Uuid;

use crate::DbResult;

/// A run rule a completed batch broke on a live set's chart.
#[derive(Debug, Clone, FromRow)]
pub struct Violation {
    pub id: Uuid,
    pub set_id: Uuid,
    pub set_name: String,
    /// The set's subject and its material or parameter code.
    pub subject: String,
    pub code: Option<String>,
    pub line_id: String,
    pub batch_id: String,
    pub point_at: DateTime<Utc>,
    pub point_seq: i32,
    pub value: f64,
    pub rule: String,
    pub center: f64,
    pub sigma: f64,
    pub detected_at: DateTime<Utc>,
}

// The statements that read a `Violation` select the same columns (sqlx's macros take literals
// only).

/// The newest violations of each line detected since `since`, at most `per_line` a line, newest
/// first (the stream service's start).
pub async fn recent(db: &PgPool, since: DateTime<Utc>, per_line: i64) -> DbResult<Vec<Violation>> {
    Ok(sqlx::query_as!(
        Violation,
        r#"select y.id as "id!", y.set_id as "set_id!", y.set_name as "set_name!", y.subject as "subject!",
                y.code, y.line_id as "line_id!", y.batch_id as "batch_id!", y.point_at as "point_at!",
                y.point_seq as "point_seq!", y.value as "value!", y.rule as "rule!", y.center as "center!",
                y.sigma as "sigma!", y.detected_at as "detected_at!"
         from (select x.*, row_number() over (partition by x.line_id order by x.detected_at desc, x.point_at desc) as n
               from (select v.id, v.set_id, s.name as set_name, s.subject,
                            coalesce(s.parameter_code, s.material_code) as code, v.line_id, v.batch_id,
                            v.point_at, v.point_seq, v.value, v.rule, v.center, v.sigma, v.detected_at
                     from spc_violation v join spc_parameter_set s on s.id = v.set_id
                     where v.detected_at >= $1) x) y
         where n <= $2 order by detected_at desc, point_at desc"#,
        since,
        per_line,
    )
    .fetch_all(db)
    .await?)
}

/// A completed batch not judged yet.
#[derive(Debug, Clone, FromRow)]
pub struct Pending {
    pub line_id: String,
    pub batch_id: String,
    pub ended_at: DateTime<Utc>,
}

/// Up to `limit` completed batches not judged yet whose row has not changed for `settle`
/// (the rows of a batch's last doses may commit just after its end), oldest end first, locked
/// for `tx` (skipping those another judge holds).
pub async fn pending(
    tx: &mut sqlx::PgConnection,
    settle: std::time::Duration,
    limit: i64,
) -> DbResult<Vec<Pending>> {
    Ok(sqlx::query_as!(
        Pending,
        r#"select line_id, batch_id, ended_at as "ended_at!" from production_batch
         where status = 'COMPLETE' and spc_checked_at is null and ended_at is not null
           and updated_at <= now() - make_interval(secs => $1)
         order by ended_at limit $2 for update skip locked"#,
        settle.as_secs_f64(),
        limit,
    )
    .fetch_all(tx)
    .await?)
}

/// Marks batches judged.
pub async fn checked(tx: &mut sqlx::PgConnection, batches: &[(String, String)]) -> DbResult<()> {
    let (lines, ids): (Vec<String>, Vec<String>) = batches.iter().cloned().unzip();
    sqlx::query!(
        "update production_batch b set spc_checked_at = now()
         from unnest($1::text[], $2::text[]) as x(line_id, batch_id)
         where b.line_id = x.line_id and b.batch_id = x.batch_id",
        &lines,
        &ids,
    )
    .execute(tx)
    .await?;
    Ok(())
}

/// Keeps `v` (once per set, batch, point and rule); whether it is new.
pub async fn keep(db: impl PgExecutor<'_>, v: &Violation) -> DbResult<bool> {
    let n = sqlx::query!(
        "insert into spc_violation (id, set_id, line_id, batch_id, point_at, point_seq, value, rule, center, sigma)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict do nothing",
        v.id,
        v.set_id,
        &v.line_id,
        &v.batch_id,
        v.point_at,
        v.point_seq,
        v.value,
        &v.rule,
        v.center,
        v.sigma,
    )
    .execute(db)
    .await?
    .rows_affected();
    Ok(n > 0)
}

/// The violations kept for `lines` whose point lies in `[from, to)` (of set `set` when given),
/// newest first, at most `limit`.
pub async fn violations(
    db: &PgPool,
    lines: &[String],
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    set: Option<Uuid>,
    limit: i64,
) -> DbResult<Vec<Violation>> {
    Ok(sqlx::query_as!(
        Violation,
        "select v.id, v.set_id, s.name as set_name, s.subject,
                coalesce(s.parameter_code, s.material_code) as code, v.line_id, v.batch_id, v.point_at,
                v.point_seq, v.value, v.rule, v.center, v.sigma, v.detected_at
         from spc_violation v join spc_parameter_set s on s.id = v.set_id
         where v.line_id = any($1) and v.point_at >= $2 and v.point_at < $3
           and ($4::uuid is null or v.set_id = $4)
         order by v.point_at desc, v.point_seq desc, v.rule limit $5",
        lines,
        from,
        to,
        set,
        limit,
    )
    .fetch_all(db)
    .await?)
}

impl Violation {
    /// As the api answers and the stream pushes it (`None` for a rule code this build does not
    /// know, which only a hand-edited row can hold).
    pub fn kept(self) -> Option<model::spc::KeptViolation> {
        Some(model::spc::KeptViolation {
            rule: model::spc::Rule::parse(&self.rule)?,
            set_id: self.set_id.to_string(),
            set_name: self.set_name,
            subject: self.subject,
            code: self.code,
            line_id: self.line_id,
            batch_id: self.batch_id,
            point_at: self.point_at,
            point_seq: self.point_seq,
            value: self.value,
            center: self.center,
            sigma: self.sigma,
            detected_at: self.detected_at,
        })
    }
}
