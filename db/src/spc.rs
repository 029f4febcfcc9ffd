//! SPC (issue 13): the series a control chart plots, the saved parameter sets, and the
//! violations kept for the report. The maths is `model::spc`.

use chrono::{DateTime, Utc};
use sqlx::{FromRow, PgPool};

use crate::DbResult;

mod sets;
mod violations;
pub use sets::*;
pub use violations::*;

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
