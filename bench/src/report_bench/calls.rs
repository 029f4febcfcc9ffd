//! What (4) asks for: the calls with their ranges, and the raw scans that give the same figures.

use std::time::Instant;

use chrono::{DateTime, SecondsFormat, Utc};
use sqlx::PgPool;

use super::http::spread;

/// The range of a row of the table.
pub(super) struct Range {
    pub(super) label: &'static str,
    pub(super) from: DateTime<Utc>,
    pub(super) to: DateTime<Utc>,
}

pub(super) fn iso(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
        .replace(':', "%3A")
}

/// p50 in ms of three runs of a raw scan.
pub(super) async fn time_raw(
    pool: &PgPool,
    sql: &'static str,
    line: Option<&str>,
    r: &Range,
) -> anyhow::Result<f64> {
    let mut ms = Vec::new();
    for _ in 0..3 {
        let t = Instant::now();
        sqlx::query(sql)
            .bind(line)
            .bind(r.from)
            .bind(r.to)
            .fetch_all(pool)
            .await?;
        ms.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    Ok(spread(ms).0)
}

/// Raw scans that give each family of report its figure.
pub(super) fn raw_sql(family: &str) -> &'static str {
    match family {
        "weighing" => {
            "select w.material_id, sum(w.actual_kg), count(*) from weighing w
             join production_batch b on b.line_id = w.line_id and b.batch_id = w.batch_id
             where b.ended_at >= $2 and b.ended_at < $3 and ($1::text is null or b.line_id = $1) group by 1"
        }
        "batch" => {
            "select b.recipe_id, count(distinct b.batch_id), sum(w.actual_kg) from production_batch b
             join weighing w on w.line_id = b.line_id and w.batch_id = b.batch_id
             where b.ended_at >= $2 and b.ended_at < $3 and ($1::text is null or b.line_id = $1) group by 1"
        }
        // Each stop until its line's next state, counted and timed by the reason reported.
        "stops" => {
            "select reason, count(*), sum(d) from (
                select coalesce(stop_reason_id, '') as reason, state,
                       extract(epoch from (lead(time) over (partition by line_id order by time) - time)) as d
                from line_state where time >= $2 and time < $3 and ($1::text is null or line_id = $1)) s
             where state in ('STOPPED', 'FAULT') group by 1"
        }
        // The time of each state until its line's next state, by state.
        "states" => {
            "select state, sum(d) from (
                select state, extract(epoch from (lead(time) over (partition by line_id order by time) - time)) as d
                from line_state where time >= $2 and time < $3 and ($1::text is null or line_id = $1)) s
             group by 1"
        }
        // Each alarm event by its point, as the alarm reports read them.
        "alarms" => {
            "select code, state, count(*) from alarm_event
             where time >= $2 and time < $3 and ($1::text is null or line_id = $1) group by 1, 2"
        }
        "bins" => {
            "select bin_id, kind, count(*), sum(delta_kg) from bin_movement
             where time >= $2 and time < $3 and ($1::text is null or line_id = $1) group by 1, 2"
        }
        _ => {
            "select scale_id, count(*), max(abs(error_kg)) from calibration_check
             where time >= $2 and time < $3 and ($1::text is null or line_id = $1) group by 1"
        }
    }
}

/// (call, extra query, raw family)
pub(super) const CALLS: [(&str, &str, &str); 18] = [
    (
        "consumption/totalweightgroupedby",
        "&groupBy=material",
        "weighing",
    ),
    ("consumption/totalweightgroupedby", "&groupBy=day", "batch"),
    // One material by day, the drill-down of a material (the history's materials by code).
    (
        "consumption/totalweightgroupedby",
        "&groupBy=day&materialId=CORN",
        "weighing",
    ),
    ("consumption/getconsumptionstats", "", "weighing"),
    (
        "consumption/getconsumptionbymaterialcatagory",
        "",
        "weighing",
    ),
    ("consumption/getconsumtionsbyshifts", "", "batch"),
    ("consumption/getconsumptionstatsbyorderwise", "", "batch"),
    ("consumption/getconsumtionsbycharges", "&limit=50", "batch"),
    ("production/getproductionbyrecipe", "", "batch"),
    ("production/productionbytime", "&bucket=day", "batch"),
    ("stoptimereport", "&limit=100", "stops"),
    // ISA-18.2's measures (issue 34): rates, floods, chattering, standing, ack times.
    ("alarms/performance", "", "alarms"),
    // OEE (issue 34): the state and batch rollups of each shift, day or line.
    ("oee", "&groupBy=shift", "states"),
    ("oee", "&groupBy=day", "states"),
    ("oee", "&groupBy=line", "states"),
    ("bins/getmaterialhistory", "&binId=BIN-01&limit=100", "bins"),
    ("bins/getmaterialhistory", "&limit=100", "bins"),
    ("calibrationreport", "&limit=100", "calibration"),
];
