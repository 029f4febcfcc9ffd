//! The groups OEE is read in: the shift occurrences, cut at local midnight for days, merged
//! where adjacent so whole hours and days are read from the rollups.

use super::super::scope::Window;

pub(super) fn seconds(w: &Window) -> f64 {
    (w.to - w.from).num_milliseconds() as f64 / 1000.0
}

/// The parts of `shifts` in each of `days` (both each line's, in time order), named by the day.
pub(super) fn intersect(shifts: &[Window], days: &[Window]) -> Vec<Window> {
    let mut out = Vec::new();
    for s in shifts {
        // A shift is at most a day long: it meets at most two local days.
        let first =
            days.partition_point(|d| d.line < s.line || (d.line == s.line && d.to <= s.from));
        for d in days[first..]
            .iter()
            .take_while(|d| d.line == s.line && d.from < s.to)
        {
            let (from, to) = (s.from.max(d.from), s.to.min(d.to));
            if from < to {
                out.push(Window {
                    line: s.line,
                    bucket: d.bucket.clone(),
                    from,
                    to,
                });
            }
        }
    }
    out
}

/// `windows` (in time order per line) with each run of adjacent ones of the same line and bucket
/// made one: a day of three shifts is one window, read from the day's rollups.
pub(super) fn merged(windows: Vec<Window>) -> Vec<Window> {
    let mut out: Vec<Window> = Vec::with_capacity(windows.len());
    for w in windows {
        match out.last_mut() {
            Some(last) if last.line == w.line && last.bucket == w.bucket && last.to == w.from => {
                last.to = w.to;
            }
            _ => out.push(w),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reports::figures::local_key;
    use crate::reports::scope::Bucket;
    use chrono::{DateTime, NaiveDate, TimeZone, Utc};

    fn t(h: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 2, 0, 0, 0).unwrap() + chrono::Duration::hours(h.into())
    }

    fn win(line: usize, bucket: Bucket, from: u32, to: u32) -> Window {
        Window {
            line,
            bucket,
            from: t(from),
            to: t(to),
        }
    }

    fn day(d: u32) -> Bucket {
        let start = NaiveDate::from_ymd_opt(2026, 3, 2 + d)
            .unwrap()
            .and_hms_opt(0, 0, 0)
            .unwrap();
        Bucket::Calendar {
            start,
            key: local_key(start),
        }
    }

    #[test]
    fn shifts_are_cut_at_midnight_and_adjacent_parts_of_a_day_merged() {
        let shift = |h: u32| Bucket::Shift {
            shift: Some(0),
            start: NaiveDate::from_ymd_opt(2026, 3, 2)
                .unwrap()
                .and_hms_opt(h, 0, 0)
                .unwrap(),
        };
        // 06–14, 14–22, 22–06 of line 0; 06–14 of line 1.
        let shifts = vec![
            win(0, shift(6), 6, 14),
            win(0, shift(14), 14, 22),
            win(0, shift(22), 22, 30),
            win(1, shift(6), 6, 14),
        ];
        let days = vec![
            win(0, day(0), 0, 24),
            win(0, day(1), 24, 48),
            win(1, day(0), 0, 24),
            win(1, day(1), 24, 48),
        ];
        let got = merged(intersect(&shifts, &days));
        let spans: Vec<(usize, DateTime<Utc>, DateTime<Utc>)> =
            got.iter().map(|w| (w.line, w.from, w.to)).collect();
        assert_eq!(
            spans,
            vec![(0, t(6), t(24)), (0, t(24), t(30)), (1, t(6), t(14))]
        );
        assert_eq!(got[1].bucket, day(1));
    }
}
