//! OEE's time (decision 112): how long report windows spent running, idle, in planned stops and
//! in other stops and faults, read from the state rollups (`report_state_hour`, by the line's
//! local day `report_state_lday`) for whole hours and days and from the states for the rest.

use std::collections::HashMap;

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

/// The sums of a piece of a shift (decision 115): its time by state class and its output.
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
    let (kept, log) = tokio::try_join!(
        sqlx::query!(
            r#"select line_id, f, t, shift_s, planned_stop_s, running_s, idle_s, unplanned_stop_s,
                      batches, actual_kg, good_kg, ideal_s, rated_kg, snap
               from oee_piece where line_id = any($1) and f >= $2 and t <= $3"#,
            lines,
            from,
            to
        )
        .fetch_all(db),
        sqlx::query!(
            r#"select line_id, greatest(f, $2) as "f!", least(t, $3) as "t!", xid::text as "xid!"
               from oee_forget
               where (line_id = any($1) or line_id is null) and t > $2 and f < $3"#,
            lines,
            from,
            to
        )
        .fetch_all(db),
    )?;
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
        .map(|p| Piece {
            line_id: p.line_id,
            f: p.f,
            t: p.t,
            shift_s: p.shift_s,
            planned_stop_s: p.planned_stop_s,
            running_s: p.running_s,
            idle_s: p.idle_s,
            unplanned_stop_s: p.unplanned_stop_s,
            batches: p.batches,
            actual_kg: p.actual_kg,
            good_kg: p.good_kg,
            ideal_s: p.ideal_s,
            rated_kg: p.rated_kg,
        })
        .collect())
}

/// A logged change: a line's range (every line's when `line_id` is none) changed by
/// transaction `xid`.
#[derive(Debug, Clone)]
struct Change {
    line_id: Option<String>,
    f: DateTime<Utc>,
    t: DateTime<Utc>,
    xid: u64,
}

/// A snapshot as `pg_current_snapshot()` writes it: `xmin:xmax:xip,…`.
#[derive(Debug, Clone, PartialEq)]
struct Snapshot {
    xmin: u64,
    xmax: u64,
    running: Vec<u64>,
}

impl Snapshot {
    fn parse(s: &str) -> Option<Snapshot> {
        let mut parts = s.splitn(3, ':');
        let xmin = parts.next()?.parse().ok()?;
        let xmax = parts.next()?.parse().ok()?;
        let running = match parts.next()? {
            "" => Vec::new(),
            list => list
                .split(',')
                .map(|x| x.parse().ok())
                .collect::<Option<Vec<u64>>>()?,
        };
        Some(Snapshot {
            xmin,
            xmax,
            running,
        })
    }

    /// As `pg_visible_in_snapshot`: whether transaction `xid` had ended when it was taken.
    fn sees(&self, xid: u64) -> bool {
        xid < self.xmin || (xid < self.xmax && !self.running.contains(&xid))
    }
}

/// The changes a snapshot does not see, by line, each line's sorted by start with the latest
/// end so far: whether one meets a range is a binary search.
type Unseen = HashMap<Option<String>, Vec<(DateTime<Utc>, DateTime<Utc>)>>;

/// Which pieces the logged changes make stale, for each snapshot the pieces were read in.
struct Stale<'a> {
    log: &'a [Change],
    by_snap: HashMap<String, Option<Unseen>>,
}

impl<'a> Stale<'a> {
    fn new(log: &'a [Change]) -> Self {
        Stale {
            log,
            by_snap: HashMap::new(),
        }
    }

    /// Whether a change not visible to `snap` meets `[f, t)` of `line` (always, for a snapshot
    /// that does not parse).
    fn meets(&mut self, snap: &str, line: &str, f: DateTime<Utc>, t: DateTime<Utc>) -> bool {
        if self.log.is_empty() {
            return false;
        }
        let log = self.log;
        let unseen = self
            .by_snap
            .entry(snap.to_string())
            .or_insert_with(|| Snapshot::parse(snap).map(|s| unseen(log, &s)));
        let Some(unseen) = unseen else {
            return true;
        };
        [Some(line.to_string()), None].iter().any(|key| {
            unseen.get(key).is_some_and(|runs| {
                // The changes starting before `t`: does the latest end among them pass `f`?
                let n = runs.partition_point(|(start, _)| *start < t);
                n > 0 && runs[n - 1].1 > f
            })
        })
    }
}

fn unseen(log: &[Change], snap: &Snapshot) -> Unseen {
    let mut out: Unseen = HashMap::new();
    for c in log.iter().filter(|c| !snap.sees(c.xid)) {
        out.entry(c.line_id.clone()).or_default().push((c.f, c.t));
    }
    for runs in out.values_mut() {
        runs.sort_by_key(|r| r.0);
        let mut latest = DateTime::<Utc>::MIN_UTC;
        for r in runs.iter_mut() {
            latest = latest.max(r.1);
            r.1 = latest;
        }
    }
    out
}

/// The snapshot to keep with pieces about to be read (`pg_current_snapshot()`).
pub async fn snapshot(db: impl PgExecutor<'_>) -> DbResult<String> {
    Ok(
        sqlx::query_scalar!(r#"select pg_current_snapshot()::text as "s!""#)
            .fetch_one(db)
            .await?,
    )
}

/// Keeps `pieces`, read after `snap` was taken (replacing what a piece held).
pub async fn keep(db: impl PgExecutor<'_>, pieces: &[Piece], snap: &str) -> DbResult<()> {
    if pieces.is_empty() {
        return Ok(());
    }
    let col = |f: fn(&Piece) -> f64| pieces.iter().map(f).collect::<Vec<f64>>();
    let lines: Vec<String> = pieces.iter().map(|p| p.line_id.clone()).collect();
    let froms: Vec<DateTime<Utc>> = pieces.iter().map(|p| p.f).collect();
    let tos: Vec<DateTime<Utc>> = pieces.iter().map(|p| p.t).collect();
    let batches: Vec<i64> = pieces.iter().map(|p| p.batches).collect();
    sqlx::query!(
        "insert into oee_piece (line_id, f, t, shift_s, planned_stop_s, running_s, idle_s, unplanned_stop_s,
                                batches, actual_kg, good_kg, ideal_s, rated_kg, snap)
         select *, $14 from unnest($1::text[], $2::timestamptz[], $3::timestamptz[], $4::float8[], $5::float8[],
                                   $6::float8[], $7::float8[], $8::float8[], $9::int8[], $10::float8[],
                                   $11::float8[], $12::float8[], $13::float8[])
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
        snap
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

#[cfg(test)]
mod tests {
    use super::*;

    fn at(h: i64) -> DateTime<Utc> {
        DateTime::<Utc>::UNIX_EPOCH + chrono::Duration::hours(h)
    }

    #[test]
    fn a_snapshot_sees_what_ended_before_it() {
        let s = Snapshot::parse("100:105:101,103").unwrap();
        assert_eq!(s.running, vec![101, 103]);
        assert!(s.sees(99) && s.sees(102) && s.sees(104));
        assert!(!s.sees(101) && !s.sees(103) && !s.sees(105) && !s.sees(200));
        assert_eq!(Snapshot::parse("7:7:").unwrap().running, Vec::<u64>::new());
        assert!(Snapshot::parse("junk").is_none());
    }

    #[test]
    fn a_piece_is_stale_when_an_unseen_change_meets_it() {
        let change = |line: Option<&str>, f, t, xid| Change {
            line_id: line.map(str::to_string),
            f: at(f),
            t: at(t),
            xid,
        };
        // Line A changed over hours 10..35 by 150 and over 0..2 by 90; every line by 160.
        let log = [
            change(Some("A"), 10, 35, 150),
            change(Some("A"), 0, 2, 90),
            change(None, 0, 1, 160),
        ];
        let mut stale = Stale::new(&log);
        // Read before 150 ended: a piece meeting 10..35 is stale, one before or after is not.
        assert!(stale.meets("140:155:150", "A", at(30), at(38)));
        assert!(!stale.meets("140:155:150", "A", at(35), at(43)));
        assert!(!stale.meets("140:155:150", "A", at(2), at(10)));
        // The change 90 was seen by it (the unseen one of every line ends before); another line
        // is not met.
        assert!(!stale.meets("140:155:150", "A", at(1), at(2)));
        assert!(!stale.meets("140:155:150", "B", at(30), at(38)));
        // Read after both ended: fresh.
        assert!(!stale.meets("151:151:", "A", at(30), at(38)));
        // The change of every line, unseen: meets any line's piece over its range.
        assert!(stale.meets("151:161:160", "B", at(0), at(8)));
        assert!(!stale.meets("151:161:160", "B", at(1), at(8)));
        // A snapshot that does not parse keeps nothing.
        assert!(stale.meets("?", "B", at(100), at(108)));
        assert!(!Stale::new(&[]).meets("?", "B", at(100), at(108)));
    }
}
