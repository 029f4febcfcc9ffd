//! SPC (issue 13): the series a control chart plots, the saved parameter sets, and the
//! violations kept for the report. The maths is `model::spc`.

use chrono::{DateTime, Utc};
use sqlx::{FromRow, PgExecutor, PgPool};
use uuid::Uuid;

use crate::DbResult;

/// What a chart plots.
#[derive(Debug, Clone, Default)]
pub struct Subject {
    /// `DOSING_ERROR` (a dose's actual − setpoint, kg), `PARAMETER` (a batch's mean process
    /// value) or `CONSUMPTION` (a material's kg per UTC day).
    pub kind: String,
    pub material: Option<String>,
    pub scale: Option<String>,
    pub parameter: Option<String>,
    /// Only batches of these recipe versions.
    pub recipes: Option<Vec<String>>,
}

/// A point of a series: a dose, a batch or a day.
#[derive(Debug, Clone, FromRow)]
pub struct Point {
    /// The batch (none for a day).
    pub batch_id: Option<String>,
    /// The batch's end, or the day.
    pub at: DateTime<Utc>,
    /// The dose's place among the batch's doses of the material (0 for a batch or a day).
    pub seq: i32,
    pub value: f64,
    /// The dose's tolerance (doses only).
    pub tolerance: Option<f64>,
}

/// The points of `s` on `line` whose batch ended (or whose day starts) in `[from, to)`, in time
/// order; only complete batches count.
pub async fn points(
    db: &PgPool,
    line: &str,
    s: &Subject,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> DbResult<Vec<Point>> {
    let material = s.material.as_deref().unwrap_or_default();
    let recipes = s.recipes.as_deref();
    Ok(match s.kind.as_str() {
        // The material's doses from a day before the range (a batch's doses come before its
        // end, by minutes), read by the (line, material, time) index.
        "DOSING_ERROR" => {
            sqlx::query_as!(
                Point,
                r#"select b.batch_id as "batch_id?", b.ended_at as "at!",
                        (row_number() over (partition by b.batch_id order by w.time, w.id))::int4 - 1 as "seq!",
                        w.deviation_kg as value, w.tolerance_kg as "tolerance?"
                 from weighing w
                 join production_batch b on b.line_id = w.line_id and b.batch_id = w.batch_id
                 where w.line_id = $1 and upper(w.material_id) = upper($4)
                   and w.time >= $2::timestamptz - interval '1 day' and w.time < $3
                   and b.ended_at >= $2 and b.ended_at < $3 and b.status = 'COMPLETE'
                   and ($5::text is null or upper(w.scale_id) = upper($5))
                   and ($6::text[] is null or b.recipe_id = any($6))
                 order by b.ended_at, b.batch_id, w.time, w.id"#,
                line,
                from,
                to,
                material,
                s.scale.as_deref(),
                recipes,
            )
            .fetch_all(db)
            .await?
        }
        "PARAMETER" => {
            sqlx::query_as!(
                Point,
                r#"select b.batch_id as "batch_id?", b.ended_at as "at!", 0 as "seq!",
                        p.sum_value / p.samples as "value!", null::float8 as tolerance
                 from production_batch b
                 join batch_parameter p on p.line_id = b.line_id and p.batch_id = b.batch_id and p.parameter_code = $4
                 where b.line_id = $1 and b.ended_at >= $2 and b.ended_at < $3 and b.status = 'COMPLETE'
                   and ($5::text[] is null or b.recipe_id = any($5))
                 order by b.ended_at, b.batch_id"#,
                line,
                from,
                to,
                s.parameter.as_deref().unwrap_or_default(),
                recipes,
            )
            .fetch_all(db)
            .await?
        }
        _ => {
            sqlx::query_as!(
                Point,
                r#"select null::text as batch_id, at as "at!", 0 as "seq!", sum(actual_kg) as "value!",
                        null::float8 as tolerance
                 from report_material_day
                 where line_id = $1 and at >= $2 and at + interval '1 day' <= $3 and upper(material_id) = upper($4)
                   and ($5::text is null or upper(scale_id) = upper($5)) and ($6::text[] is null or recipe_id = any($6))
                 group by at order by at"#,
                line,
                from,
                to,
                material,
                s.scale.as_deref(),
                recipes,
            )
            .fetch_all(db)
            .await?
        }
    })
}

/// A saved SPC parameter set.
#[derive(Debug, Clone, FromRow)]
pub struct Set {
    pub id: Uuid,
    pub kind: String,
    pub line_id: Uuid,
    pub name: String,
    pub subject: String,
    pub material_code: Option<String>,
    pub scale_code: Option<String>,
    pub parameter_code: Option<String>,
    pub recipe_id: Option<Uuid>,
    pub chart: String,
    pub subgroup: i32,
    pub baseline_from: DateTime<Utc>,
    pub baseline_to: DateTime<Utc>,
    pub rules: Vec<String>,
    pub live: bool,
    pub created_at: DateTime<Utc>,
    pub created_by: Option<String>,
    pub updated_at: DateTime<Utc>,
    pub updated_by: Option<String>,
}

// The statements that read a `Set` select the same columns (sqlx's macros take literals only).

/// The live sets of `kind` (of `line` when given), by line and name.
pub async fn sets(db: impl PgExecutor<'_>, kind: &str, line: Option<Uuid>) -> DbResult<Vec<Set>> {
    Ok(sqlx::query_as!(
        Set,
        "select id, kind, line_id, name, subject, material_code, scale_code, parameter_code, recipe_id,
            chart, subgroup, baseline_from, baseline_to, rules, live, created_at, created_by, updated_at, updated_by
         from spc_parameter_set
         where deleted_at is null and kind = $1 and ($2::uuid is null or line_id = $2)
         order by line_id, lower(name)",
        kind,
        line,
    )
    .fetch_all(db)
    .await?)
}

pub async fn set(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<Option<Set>> {
    Ok(sqlx::query_as!(
        Set,
        "select id, kind, line_id, name, subject, material_code, scale_code, parameter_code, recipe_id,
            chart, subgroup, baseline_from, baseline_to, rules, live, created_at, created_by, updated_at, updated_by
         from spc_parameter_set where deleted_at is null and id = $1",
        id,
    )
    .fetch_optional(db)
    .await?)
}

/// The live set `id`, locked until the transaction ends (an update reads what it changes this
/// way, so a concurrent update waits and then sees its `updated_at`).
pub async fn set_for_update(db: &mut sqlx::PgConnection, id: Uuid) -> DbResult<Option<Set>> {
    Ok(sqlx::query_as!(
        Set,
        "select id, kind, line_id, name, subject, material_code, scale_code, parameter_code, recipe_id,
            chart, subgroup, baseline_from, baseline_to, rules, live, created_at, created_by, updated_at, updated_by
         from spc_parameter_set where deleted_at is null and id = $1 for update",
        id,
    )
    .fetch_optional(db)
    .await?)
}

/// Inserts `s` (new id) or updates the live set of its id; the saved set. A name taken on the
/// line is a [`crate::DbError::Conflict`] on `spc_parameter_set_name_key`.
pub async fn save(
    db: impl PgExecutor<'_>,
    s: &Set,
    by: &str,
    insert: bool,
) -> DbResult<Option<Set>> {
    if insert {
        sqlx::query_as!(
            Set,
            "insert into spc_parameter_set (id, kind, line_id, name, subject, material_code, scale_code,
                parameter_code, recipe_id, chart, subgroup, baseline_from, baseline_to, rules, live,
                created_by, updated_by)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16)
             returning id, kind, line_id, name, subject, material_code, scale_code, parameter_code, recipe_id,
            chart, subgroup, baseline_from, baseline_to, rules, live, created_at, created_by, updated_at, updated_by",
            s.id,
            s.kind,
            s.line_id,
            s.name,
            s.subject,
            s.material_code,
            s.scale_code,
            s.parameter_code,
            s.recipe_id,
            s.chart,
            s.subgroup,
            s.baseline_from,
            s.baseline_to,
            &s.rules,
            s.live,
            by,
        )
        .fetch_optional(db)
        .await
    } else {
        sqlx::query_as!(
            Set,
            "update spc_parameter_set set name = $4, subject = $5, material_code = $6, scale_code = $7,
                parameter_code = $8, recipe_id = $9, chart = $10, subgroup = $11, baseline_from = $12,
                baseline_to = $13, rules = $14, live = $15, updated_by = $16, updated_at = now()
             where id = $1 and kind = $2 and line_id = $3 and deleted_at is null
             returning id, kind, line_id, name, subject, material_code, scale_code, parameter_code, recipe_id,
            chart, subgroup, baseline_from, baseline_to, rules, live, created_at, created_by, updated_at, updated_by",
            s.id,
            s.kind,
            s.line_id,
            s.name,
            s.subject,
            s.material_code,
            s.scale_code,
            s.parameter_code,
            s.recipe_id,
            s.chart,
            s.subgroup,
            s.baseline_from,
            s.baseline_to,
            &s.rules,
            s.live,
            by,
        )
        .fetch_optional(db)
        .await
    }
    .map_err(crate::DbError::from_sqlx)
}

/// Soft-deletes the live set `id` of `kind`; whether there was one.
pub async fn delete(db: impl PgExecutor<'_>, id: Uuid, kind: &str, by: &str) -> DbResult<bool> {
    let n = sqlx::query!(
        "update spc_parameter_set set deleted_at = now(), deleted_by = $3
         where id = $1 and kind = $2 and deleted_at is null",
        id,
        kind,
        by,
    )
    .execute(db)
    .await?
    .rows_affected();
    Ok(n > 0)
}

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

/// The sets that judge each completed batch of their line: live `BATCH` sets.
pub async fn live_sets(db: impl PgExecutor<'_>) -> DbResult<Vec<Set>> {
    Ok(sqlx::query_as!(
        Set,
        "select id, kind, line_id, name, subject, material_code, scale_code, parameter_code, recipe_id,
            chart, subgroup, baseline_from, baseline_to, rules, live, created_at, created_by, updated_at, updated_by
         from spc_parameter_set where deleted_at is null and kind = 'BATCH' and live order by line_id, id"
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
