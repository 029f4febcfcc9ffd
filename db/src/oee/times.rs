//! OEE's time (decision 112): how long report windows spent running, idle, in planned stops and
//! in other stops and faults, read from the state rollups (`report_state_hour`, by the line's
//! local day `report_state_lday`) for whole hours and days and from the states for the rest.

use chrono::{DateTime, Utc};
use sqlx::PgExecutor;

use crate::DbResult;
use crate::reports::{Hours, Pieces};

/// Seconds of a window by state class.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct StateTimes {
    pub running_s: f64,
    pub idle_s: f64,
    /// Stopped for a reason configured as planned.
    pub planned_s: f64,
    /// Stopped for any other reason or none, or in fault.
    pub unplanned_s: f64,
}

impl StateTimes {
    fn add(&mut self, o: &StateTimes) {
        self.running_s += o.running_s;
        self.idle_s += o.idle_s;
        self.planned_s += o.planned_s;
        self.unplanned_s += o.unplanned_s;
    }

    /// `seconds` in state class `class` (`RUNNING`, `IDLE`, `PLANNED`, `UNPLANNED`).
    fn of(class: &str, seconds: f64) -> StateTimes {
        let mut t = StateTimes::default();
        match class {
            "RUNNING" => t.running_s = seconds,
            "IDLE" => t.idle_s = seconds,
            "PLANNED" => t.planned_s = seconds,
            _ => t.unplanned_s = seconds,
        }
        t
    }
}

struct Row {
    src: String,
    i: i32,
    line_id: String,
    since: Option<DateTime<Utc>>,
    running_s: f64,
    idle_s: f64,
    planned_s: f64,
    unplanned_s: f64,
    class: Option<String>,
}

/// The state times of each of `windows` windows, read from the pieces `p` that cover them
/// (`Pieces`' raw, hour, day and month pieces and its runs of hours and days), up to `now`.
pub async fn state_times(
    db: impl PgExecutor<'_>,
    p: &Pieces,
    windows: usize,
    now: DateTime<Utc>,
) -> DbResult<Vec<StateTimes>> {
    let rows = sqlx::query_file_as!(
        Row,
        "src/oee/states.sql",
        &p.lines,
        &p.windows,
        &p.tiers as &[&str],
        &p.from,
        &p.to,
        &p.hours.lines,
        &p.hours.lo,
        &p.hours.hi,
        &p.hours.bounds,
        &p.days.lines,
        &p.days.lo,
        &p.days.hi,
        &p.days.bounds
    )
    .fetch_all(db)
    .await?;
    let mut out = vec![StateTimes::default(); windows];
    let mut add = |k: i32, t: &StateTimes| {
        if let Some(w) = usize::try_from(k).ok().and_then(|k| out.get_mut(k)) {
            w.add(t);
        }
    };
    for r in &rows {
        let t = StateTimes {
            running_s: r.running_s,
            idle_s: r.idle_s,
            planned_s: r.planned_s,
            unplanned_s: r.unplanned_s,
        };
        match r.src.as_str() {
            "P" => add(r.i, &t),
            "H" | "D" => {
                let runs = if r.src == "H" { &p.hours } else { &p.days };
                if let Some((k, _)) = runs.place(r.i) {
                    add(k, &t);
                }
            }
            _ => {
                // The state still going is in no rollup: its time in the rolled parts so far.
                let (Some(since), Some(class)) = (r.since, r.class.as_deref()) else {
                    continue;
                };
                for (k, from, to) in rolled(p, &r.line_id) {
                    let s = (to.min(now) - from.max(since)).num_milliseconds();
                    if s > 0 {
                        add(k, &StateTimes::of(class, s as f64 / 1000.0));
                    }
                }
            }
        }
    }
    Ok(out)
}

/// The parts of `p` read from the rollups for line `line`: (window, from, to).
fn rolled<'a>(
    p: &'a Pieces,
    line: &'a str,
) -> impl Iterator<Item = (i32, DateTime<Utc>, DateTime<Utc>)> + 'a {
    let pieces = (0..p.lines.len())
        .filter(move |&n| p.lines[n] == line && p.tiers[n] != "R")
        .map(move |n| (p.windows[n], p.from[n], p.to[n]));
    pieces
        .chain(slots(&p.hours, line))
        .chain(slots(&p.days, line))
}

/// The slots of `runs` of line `line` that belong to a window: (window, from, to).
fn slots<'a>(
    runs: &'a Hours,
    line: &'a str,
) -> impl Iterator<Item = (i32, DateTime<Utc>, DateTime<Utc>)> + 'a {
    (0..runs.lines.len())
        .filter(move |&n| runs.lines[n] == line)
        .flat_map(move |n| {
            let (lo, hi) = (runs.lo[n] as usize, runs.hi[n] as usize);
            (lo..hi).filter_map(move |slot| {
                let k = runs.windows[slot - 1];
                (k >= 0).then(|| (k, runs.bounds[slot - 1], runs.bounds[slot]))
            })
        })
}
