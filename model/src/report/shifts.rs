//! Shift windows and the production day: how a line's shifts (local wall-clock times, some
//! crossing midnight) cut a local range.

use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime};

use crate::config::shift_window::ShiftTimes;

/// One occurrence of a shift in local time: `shift` indexes the shift list, `None` is time no
/// shift covers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalWindow {
    pub shift: Option<usize>,
    pub from: NaiveDateTime,
    pub to: NaiveDateTime,
}

/// The shift occurrences of `shifts` that overlap local `[from, to)`, clipped to it, as a
/// partition of it: where shifts overlap the earlier-starting one keeps the time, and time no
/// shift covers comes as windows with `shift: None`. A shift belongs to the day it starts on
/// and may cross midnight.
pub fn shift_windows(
    shifts: &[ShiftTimes<usize>],
    from: NaiveDateTime,
    to: NaiveDateTime,
) -> Vec<LocalWindow> {
    let mut occurrences = Vec::new();
    let mut day: NaiveDate = from.date() - Duration::days(1);
    while day <= to.date() {
        for s in shifts.iter().filter(|s| s.days.contains(&day.weekday())) {
            let start = day.and_time(s.start);
            let mut end = day.and_time(s.end);
            if end <= start {
                end += Duration::days(1);
            }
            if end > from && start < to {
                occurrences.push((start.max(from), end.min(to), s.id));
            }
        }
        day += Duration::days(1);
    }
    occurrences.sort();
    let mut out: Vec<LocalWindow> = Vec::new();
    let mut at = from;
    for (start, end, id) in occurrences {
        if end <= at {
            continue;
        }
        let start = start.max(at);
        if start > at {
            out.push(LocalWindow {
                shift: None,
                from: at,
                to: start,
            });
        }
        out.push(LocalWindow {
            shift: Some(id),
            from: start,
            to: end,
        });
        at = end;
    }
    if at < to {
        out.push(LocalWindow {
            shift: None,
            from: at,
            to,
        });
    }
    out
}

/// The production day of a line's `shifts` that holds local `now`: a shift belongs to the day it
/// starts on (as in [`shift_windows`]), so day D runs from its midnight — or, when a shift of
/// D − 1 runs past that midnight (a night shift 22:00–06:00), from that shift's end — to the
/// same point of D + 1. Consecutive days tile time, and no shift occurrence is cut in two.
/// Without shifts crossing midnight it is the calendar day.
pub fn production_day(
    shifts: &[ShiftTimes<usize>],
    now: NaiveDateTime,
) -> (NaiveDateTime, NaiveDateTime) {
    let start = |day: NaiveDate| {
        let midnight = day.and_time(chrono::NaiveTime::MIN);
        let before = day - Duration::days(1);
        shifts
            .iter()
            .filter(|s| s.days.contains(&before.weekday()))
            .map(|s| {
                let (start, end) = (before.and_time(s.start), before.and_time(s.end));
                if end <= start {
                    end + Duration::days(1)
                } else {
                    end
                }
            })
            .fold(midnight, NaiveDateTime::max)
    };
    let today = now.date();
    let day = if now < start(today) {
        today - Duration::days(1)
    } else {
        today
    };
    (start(day), start(day + Duration::days(1)))
}

#[cfg(test)]
mod tests {
    use chrono::{NaiveTime, Weekday};

    use super::*;

    fn l(s: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap()
    }

    fn shift(id: usize, start: &str, end: &str) -> ShiftTimes<usize> {
        let time = |s| NaiveTime::parse_from_str(s, "%H:%M").unwrap();
        ShiftTimes {
            id,
            start: time(start),
            end: time(end),
            days: vec![
                Weekday::Mon,
                Weekday::Tue,
                Weekday::Wed,
                Weekday::Thu,
                Weekday::Fri,
            ],
        }
    }

    #[test]
    fn shifts_partition_a_range_with_the_night_shift_crossing_midnight() {
        let shifts = [
            shift(0, "06:00", "14:00"),
            shift(1, "14:00", "22:00"),
            shift(2, "22:00", "06:00"),
        ];
        // Monday 2026-03-02 03:00 to Tuesday 10:00: Sunday's night shift does not run (weekdays
        // only), Monday's does and ends on Tuesday.
        let w = shift_windows(&shifts, l("2026-03-02 03:00"), l("2026-03-03 10:00"));
        let got: Vec<(Option<usize>, NaiveDateTime, NaiveDateTime)> =
            w.iter().map(|w| (w.shift, w.from, w.to)).collect();
        assert_eq!(
            got,
            [
                (None, l("2026-03-02 03:00"), l("2026-03-02 06:00")),
                (Some(0), l("2026-03-02 06:00"), l("2026-03-02 14:00")),
                (Some(1), l("2026-03-02 14:00"), l("2026-03-02 22:00")),
                (Some(2), l("2026-03-02 22:00"), l("2026-03-03 06:00")),
                (Some(0), l("2026-03-03 06:00"), l("2026-03-03 10:00")),
            ]
        );
    }

    #[test]
    fn overlapping_shifts_do_not_count_time_twice() {
        let shifts = [shift(0, "06:00", "15:00"), shift(1, "14:00", "22:00")];
        let w = shift_windows(&shifts, l("2026-03-02 00:00"), l("2026-03-03 00:00"));
        let got: Vec<(Option<usize>, NaiveDateTime, NaiveDateTime)> =
            w.iter().map(|w| (w.shift, w.from, w.to)).collect();
        assert_eq!(
            got,
            [
                (None, l("2026-03-02 00:00"), l("2026-03-02 06:00")),
                (Some(0), l("2026-03-02 06:00"), l("2026-03-02 15:00")),
                (Some(1), l("2026-03-02 15:00"), l("2026-03-02 22:00")),
                (None, l("2026-03-02 22:00"), l("2026-03-03 00:00")),
            ]
        );
    }

    #[test]
    fn a_production_day_keeps_the_night_shift_whole() {
        let shifts = [
            shift(0, "06:00", "14:00"),
            shift(1, "14:00", "22:00"),
            shift(2, "22:00", "06:00"),
        ];
        // Tuesday 2026-03-03: from Monday's night shift's end to Tuesday's night shift's end.
        let tuesday = (l("2026-03-03 06:00"), l("2026-03-04 06:00"));
        for now in [
            "2026-03-03 06:00",
            "2026-03-03 16:45",
            "2026-03-03 23:30",
            "2026-03-04 05:59",
        ] {
            assert_eq!(production_day(&shifts, l(now)), tuesday, "at {now}");
        }
        // Its shift windows: one row per shift, the night shift not cut at midnight.
        let w = shift_windows(&shifts, tuesday.0, tuesday.1);
        assert_eq!(
            w.iter().map(|w| w.shift).collect::<Vec<_>>(),
            [Some(0), Some(1), Some(2)]
        );
        // Monday: Sunday has no night shift (weekdays only), so Monday starts at its midnight.
        assert_eq!(
            production_day(&shifts, l("2026-03-02 03:00")),
            (l("2026-03-02 00:00"), l("2026-03-03 06:00"))
        );
        // Saturday follows Friday's night shift; Sunday is a calendar day.
        assert_eq!(
            production_day(&shifts, l("2026-03-07 12:00")),
            (l("2026-03-07 06:00"), l("2026-03-08 00:00"))
        );
        // Without shifts over midnight (or none at all): the calendar day.
        let day = (l("2026-03-03 00:00"), l("2026-03-04 00:00"));
        assert_eq!(production_day(&shifts[..2], l("2026-03-03 01:00")), day);
        assert_eq!(production_day(&[], l("2026-03-03 01:00")), day);
        assert_eq!(
            production_day(&[shift(0, "00:00", "00:00")], l("2026-03-03 01:00")),
            day
        );
    }
}
