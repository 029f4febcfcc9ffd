//! One batch's record: its header with the order and control recipe it ran, its doses, mixing
//! steps, process curves and values, and the alarms raised while it ran.

use chrono::{DateTime, Utc};
use model::schedule::Status;
use model::wire::BatchStatus;
use sqlx::{FromRow, PgPool};

use crate::DbResult;
use crate::batches::Identity;

/// A batch with the production order it belongs to (when the order is one of ours).
#[derive(Debug, Clone, FromRow)]
pub struct Header {
    #[sqlx(flatten)]
    pub batch: Identity,
    pub started_at: Option<DateTime<Utc>>,
    pub ended_at: Option<DateTime<Utc>>,
    pub status: BatchStatus,
    pub target_kg: f64,
    /// The total the controller reported at the end.
    pub reported_kg: Option<f64>,
    pub shift_id: Option<String>,
    pub order_number: Option<String>,
    pub order_status: Option<Status>,
    pub order_batches: Option<i32>,
    pub released_at: Option<DateTime<Utc>>,
    pub released_by: Option<String>,
    pub order_created_by: Option<String>,
    /// The control recipe frozen when the order was released.
    pub control_recipe: Option<serde_json::Value>,
    /// The sums of the doses' setpoints and of what they weighed, kg.
    pub setpoint_kg: f64,
    pub weighed_kg: f64,
}

/// The batches numbered `batch` (on `line` only, when given): one, unless two lines use the
/// same number.
pub async fn headers(db: &PgPool, line: Option<&str>, batch: &str) -> DbResult<Vec<Header>> {
    // `query!` and a mapping by hand: the batch's identity is a struct of its own, which
    // `query_as!` cannot fill.
    let rows = sqlx::query!(
        r#"select b.line_id, b.batch_id, b.recipe_id, b.recipe_code, b.recipe_name, b.recipe_version,
                b.production_schedule_id, b.schedule_name, b.started_at, b.ended_at, b.status as "status: BatchStatus", b.target_kg,
                b.actual_kg as reported_kg, b.shift_id, o.order_number as "order_number?",
                o.status as "order_status?: Status", o.batches as "order_batches?", o.released_at,
                o.released_by, o.created_by as order_created_by, o.control_recipe,
                w.setpoint_kg as "setpoint_kg!", w.weighed_kg as "weighed_kg!"
         from production_batch b
         left join production_schedule o on o.id::text = b.production_schedule_id
         cross join lateral (
             select coalesce(sum(w.setpoint_kg), 0) as setpoint_kg,
                    coalesce(sum(w.actual_kg), 0) as weighed_kg
             from weighing w where w.line_id = b.line_id and w.batch_id = b.batch_id) w
         where b.batch_id = $1 and ($2::text is null or b.line_id = $2)
         order by b.line_id"#,
        batch,
        line,
    )
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| Header {
            batch: crate::batches::identity!(r),
            started_at: r.started_at,
            ended_at: r.ended_at,
            status: r.status,
            target_kg: r.target_kg,
            reported_kg: r.reported_kg,
            shift_id: r.shift_id,
            order_number: r.order_number,
            order_status: r.order_status,
            order_batches: r.order_batches,
            released_at: r.released_at,
            released_by: r.released_by,
            order_created_by: r.order_created_by,
            control_recipe: r.control_recipe,
            setpoint_kg: r.setpoint_kg,
            weighed_kg: r.weighed_kg,
        })
        .collect())
}

/// One dose of a batch, as weighed.
#[derive(Debug, Clone, FromRow)]
pub struct Dose {
    pub time: DateTime<Utc>,
    pub scale_id: String,
    pub bin_id: Option<String>,
    pub material_id: String,
    pub lot: Option<String>,
    pub setpoint_kg: f64,
    pub actual_kg: f64,
    pub deviation_kg: f64,
    pub tolerance_kg: f64,
    pub in_tolerance: bool,
    pub duration_s: f64,
    pub inflight_kg: f64,
}

pub async fn doses(db: &PgPool, line: &str, batch: &str) -> DbResult<Vec<Dose>> {
    Ok(sqlx::query_as!(
        Dose,
        "select time, scale_id, bin_id, material_id, lot, setpoint_kg, actual_kg, deviation_kg, tolerance_kg,
                in_tolerance, duration_s, inflight_kg
         from weighing where line_id = $1 and batch_id = $2 order by time, id",
        line,
        batch,
    )
    .fetch_all(db)
    .await?)
}

/// One mixing step of a batch, as run.
#[derive(Debug, Clone, FromRow)]
pub struct MixStep {
    pub time: DateTime<Utc>,
    pub mixing_action_id: String,
    pub planned_s: f64,
    pub actual_s: f64,
    pub energy_kwh: f64,
    pub peak_power_kw: f64,
}

pub async fn mixing(db: &PgPool, line: &str, batch: &str) -> DbResult<Vec<MixStep>> {
    Ok(sqlx::query_as!(
        MixStep,
        "select time, mixing_action_id, planned_s, actual_s, energy_kwh, peak_power_kw
         from mixing where line_id = $1 and batch_id = $2 order by time, id",
        line,
        batch,
    )
    .fetch_all(db)
    .await?)
}

/// The process samples of batches (`lines[i]`, `batches[i]`) of the codes `codes` (`None`:
/// every process value; never the dosing curves), by batch and code in time order.
#[derive(Debug, Clone, FromRow)]
pub struct Sample {
    pub line_id: String,
    pub batch_id: String,
    pub parameter_code: String,
    pub time: DateTime<Utc>,
    pub value: f64,
}

pub async fn curves(
    db: &PgPool,
    lines: &[String],
    batches: &[String],
    codes: Option<&[String]>,
) -> DbResult<Vec<Sample>> {
    Ok(sqlx::query_as!(
        Sample,
        r#"select s.line_id as "line_id!", s.batch_id as "batch_id!", s.parameter_code as "parameter_code!",
                s.time as "time!", s.value as "value!"
         from unnest($1::text[], $2::text[]) as k(line_id, batch_id)
         cross join lateral (
            select * from process_sample s
            where s.line_id = k.line_id and s.batch_id = k.batch_id and strpos(s.parameter_code, '.') = 0
              and ($3::text[] is null or s.parameter_code = any($3))
            order by s.time limit $4) s
         order by s.line_id, s.batch_id, s.parameter_code, s.time, s.id"#,
        lines,
        batches,
        codes,
        MAX_CURVE_SAMPLES,
    )
    .fetch_all(db)
    .await?)
}

/// The most samples of one batch a curve query reads (a batch has a few hundred; a controller
/// that never ends its batch must not make a chart read months).
pub const MAX_CURVE_SAMPLES: i64 = 20_000;

/// A process value of a batch summed up, with the line's report parameter of that code.
#[derive(Debug, Clone, FromRow)]
pub struct Parameter {
    pub line_id: String,
    pub batch_id: String,
    pub parameter_code: String,
    pub samples: i64,
    pub min_value: f64,
    pub max_value: f64,
    pub mean_value: f64,
    pub first_at: DateTime<Utc>,
    pub last_at: DateTime<Utc>,
    pub name: Option<String>,
    pub unit: Option<String>,
    pub source: Option<String>,
    pub is_downstream: Option<bool>,
    pub low_limit: Option<f64>,
    pub high_limit: Option<f64>,
}

/// The process values of batches (`lines[i]`, `batches[i]`), by batch and code.
pub async fn parameters(
    db: &PgPool,
    lines: &[String],
    batches: &[String],
) -> DbResult<Vec<Parameter>> {
    Ok(sqlx::query_as!(
        Parameter,
        r#"select p.line_id, p.batch_id, p.parameter_code, p.samples, p.min_value, p.max_value,
                p.sum_value / p.samples as "mean_value!", p.first_at, p.last_at, r.name as "name?",
                r.unit as "unit?", r.source as "source?", r.is_downstream as "is_downstream?",
                r.low_limit as "low_limit?", r.high_limit as "high_limit?"
         from unnest($1::text[], $2::text[]) as k(line_id, batch_id)
         join batch_parameter p on p.line_id = k.line_id and p.batch_id = k.batch_id
         left join report_parameter r
            on r.line_id::text = p.line_id and r.code = p.parameter_code and r.deleted_at is null
         order by p.line_id, p.batch_id, p.parameter_code"#,
        lines,
        batches,
    )
    .fetch_all(db)
    .await?)
}

/// An alarm raised on a line, with when it cleared.
#[derive(Debug, Clone, FromRow)]
pub struct Alarm {
    /// The RAISED event's id.
    pub id: uuid::Uuid,
    pub line_id: String,
    pub batch_id: Option<String>,
    pub code: String,
    pub severity: String,
    pub message: String,
    pub raised_at: DateTime<Utc>,
    pub cleared_at: Option<DateTime<Utc>>,
    pub acked_at: Option<DateTime<Utc>>,
}

/// Alarms raised on lines `lines` in `[from, to]`, newest first, at most `limit` after
/// `offset`; `codes` and `severities` (as configured, else as raised) narrow them (`None`: all).
#[derive(Debug, Clone)]
pub struct AlarmFilter {
    pub lines: Vec<String>,
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    pub codes: Option<Vec<String>>,
    pub severities: Option<Vec<String>>,
    pub limit: i64,
    pub offset: i64,
}

/// The alarms of `f` and how many there are in all. A raised alarm clears at the first CLEARED
/// event of its code on its line after it (and is acknowledged at the first ACKED one).
pub async fn alarms(db: &PgPool, f: &AlarmFilter) -> DbResult<(i64, Vec<Alarm>)> {
    // The same conditions in both statements.
    let total = sqlx::query_scalar!(
        r#"select count(*) as "count!"
        from alarm_event a left join alarm_config c on c.code = a.code
        where a.line_id = any($1) and a.state = 'RAISED' and a.time >= $2 and a.time <= $3
          and ($4::text[] is null or a.code = any($4))
          and ($5::text[] is null or coalesce(c.severity, a.severity) = any($5))"#,
        &f.lines,
        f.from,
        f.to,
        f.codes.as_deref(),
        f.severities.as_deref(),
    )
    .fetch_one(db)
    .await?;
    let rows = sqlx::query_as!(
        Alarm,
        r#"with r as (
            select a.*
            from alarm_event a left join alarm_config c on c.code = a.code
            where a.line_id = any($1) and a.state = 'RAISED' and a.time >= $2 and a.time <= $3
              and ($4::text[] is null or a.code = any($4))
              and ($5::text[] is null or coalesce(c.severity, a.severity) = any($5))
            order by a.time desc, a.id limit $6 offset $7)
         select r.id as "id!", r.line_id as "line_id!", r.batch_id, r.code as "code!",
                r.severity as "severity!", r.message as "message!", r.time as "raised_at!",
                (select min(c.time) from alarm_event c
                 where c.line_id = r.line_id and c.code = r.code and c.state = 'CLEARED' and c.time >= r.time)
                    as cleared_at,
                (select min(c.time) from alarm_event c
                 where c.line_id = r.line_id and c.code = r.code and c.state = 'ACKED' and c.time >= r.time)
                    as acked_at
         from r order by r.time desc, r.id"#,
        &f.lines,
        f.from,
        f.to,
        f.codes.as_deref(),
        f.severities.as_deref(),
        f.limit,
        f.offset,
    )
    .fetch_all(db)
    .await?;
    Ok((total, rows))
}
