//! Whether a kept piece is still good (decision 116): a piece is stale while a logged change
//! over its range (`oee_forget`) is not visible to the snapshot it was read in — the rule of
//! `pg_visible_in_snapshot`, checked here against the log read once per report.

use std::collections::HashMap;

use chrono::{DateTime, Utc};

/// A logged change: a line's range (every line's when `line_id` is none) changed by
/// transaction `xid`.
#[derive(Debug, Clone)]
pub(super) struct Change {
    pub line_id: Option<String>,
    pub f: DateTime<Utc>,
    pub t: DateTime<Utc>,
    pub xid: u64,
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

/// Ranges changed, sorted by start, each with the latest end so far: whether one meets a range
/// is a binary search.
#[derive(Debug, Default)]
struct Runs(Vec<(DateTime<Utc>, DateTime<Utc>)>);

impl Runs {
    fn finish(&mut self) {
        self.0.sort_by_key(|r| r.0);
        let mut latest = DateTime::<Utc>::MIN_UTC;
        for r in &mut self.0 {
            latest = latest.max(r.1);
            r.1 = latest;
        }
    }

    /// Whether a range meets `[f, t)`: the latest end among those starting before `t` passes `f`.
    fn meet(&self, f: DateTime<Utc>, t: DateTime<Utc>) -> bool {
        let n = self.0.partition_point(|(start, _)| *start < t);
        n > 0 && self.0[n - 1].1 > f
    }
}

/// The changes a snapshot does not see: each line's, and those of every line.
#[derive(Debug, Default)]
struct Unseen {
    lines: HashMap<String, Runs>,
    all: Runs,
}

impl Unseen {
    fn of(log: &[Change], snap: &Snapshot) -> Unseen {
        let mut out = Unseen::default();
        for c in log.iter().filter(|c| !snap.sees(c.xid)) {
            let runs = match &c.line_id {
                Some(line) => out.lines.entry(line.clone()).or_default(),
                None => &mut out.all,
            };
            runs.0.push((c.f, c.t));
        }
        out.lines.values_mut().for_each(Runs::finish);
        out.all.finish();
        out
    }
}

/// Which pieces the logged changes make stale, for each snapshot the pieces were read in.
pub(super) struct Stale<'a> {
    log: &'a [Change],
    by_snap: HashMap<String, Option<Unseen>>,
}

impl<'a> Stale<'a> {
    pub(super) fn new(log: &'a [Change]) -> Self {
        Stale {
            log,
            by_snap: HashMap::new(),
        }
    }

    /// Whether a change not visible to `snap` meets `[f, t)` of `line` (always, for a snapshot
    /// that does not parse).
    pub(super) fn meets(
        &mut self,
        snap: &str,
        line: &str,
        f: DateTime<Utc>,
        t: DateTime<Utc>,
    ) -> bool {
        if self.log.is_empty() {
            return false;
        }
        if !self.by_snap.contains_key(snap) {
            let unseen = Snapshot::parse(snap).map(|s| Unseen::of(self.log, &s));
            self.by_snap.insert(snap.to_string(), unseen);
        }
        match &self.by_snap[snap] {
            None => true,
            Some(u) => u.all.meet(f, t) || u.lines.get(line).is_some_and(|r| r.meet(f, t)),
        }
    }
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
