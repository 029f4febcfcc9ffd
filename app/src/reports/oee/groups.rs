//! The pieces OEE is read in (decision 115): the shift occurrences cut at local midnight, each
//! piece kept once read; a shift, a day or a line is the sum of its pieces.

use super::super::scope::Window;

pub(super) fn seconds(w: &Window) -> f64 {
    (w.to - w.from).num_milliseconds() as f64 / 1000.0
}

/// The parts of `shifts` in each of `days` (both each line's, in time order), named by the day,
/// each with the index of its shift.
pub(super) fn intersect(shifts: &[Window], days: &[Window]) -> Vec<(usize, Window)> {
    let mut out = Vec::new();
    for (i, s) in shifts.iter().enumerate() {
        // A shift is at most a day long: it meets at most two local days.
        let first =
            days.partition_point(|d| d.line < s.line || (d.line == s.line && d.to <= s.from));
        for d in days[first..]
            .iter()
            .take_while(|d| d.line == s.line && d.from < s.to)
        {
            let (from, to) = (s.from.max(d.from), s.to.min(d.to));
            if from < to {
                out.push((
                    i,
                    Window {
                        line: s.line,
                        bucket: d.bucket.clone(),
                        from,
                        to,
                    },
                ));
            }
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
    fn shifts_are_cut_at_midnight() {
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
        let got = intersect(&shifts, &days);
        let spans: Vec<(usize, usize, DateTime<Utc>, DateTime<Utc>)> = got
            .iter()
            .map(|(s, w)| (*s, w.line, w.from, w.to))
            .collect();
        assert_eq!(
            spans,
            vec![
                (0, 0, t(6), t(14)),
                (1, 0, t(14), t(22)),
                (2, 0, t(22), t(24)),
                (2, 0, t(24), t(30)),
                (3, 1, t(6), t(14))
            ]
        );
        assert_eq!(got[3].1.bucket, day(1));
    }
}
