//! Report time maths (issue 12, decision 59): how a range is cut into the pieces the rollups
//! can answer, and how a line's shifts cut a range into shift windows. Everything here is UTC
//! instants except the shift times, which are the line's local wall-clock times.

use chrono::{DateTime, Datelike, Duration, DurationRound, NaiveDate, NaiveDateTime, Utc};

use crate::config::shift_window::ShiftTimes;

/// Where a piece of a range is read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tier {
    /// Whole UTC days: the day rollups.
    Day,
    /// Whole UTC hours: the hour rollups.
    Hour,
    /// A part of an hour: the raw rows.
    Raw,
}

impl Tier {
    pub fn code(self) -> &'static str {
        match self {
            Tier::Day => "D",
            Tier::Hour => "H",
            Tier::Raw => "R",
        }
    }
}

/// A half-open piece `[from, to)` of a window, and its tier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    pub tier: Tier,
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
}

fn floor(t: DateTime<Utc>, unit: Duration) -> DateTime<Utc> {
    t.duration_trunc(unit).unwrap_or(t)
}

fn ceil(t: DateTime<Utc>, unit: Duration) -> DateTime<Utc> {
    let f = floor(t, unit);
    if f == t { t } else { f + unit }
}

/// Cuts `[from, to)` into raw edges, whole hours and (with `days`) whole UTC days, in order and
/// without gaps or overlaps.
pub fn pieces(from: DateTime<Utc>, to: DateTime<Utc>, days: bool) -> Vec<Piece> {
    let piece = |tier, from, to| Piece { tier, from, to };
    if from >= to {
        return Vec::new();
    }
    let (h, d) = (Duration::hours(1), Duration::days(1));
    let (ch, fh) = (ceil(from, h), floor(to, h));
    if ch >= fh {
        return vec![piece(Tier::Raw, from, to)];
    }
    let mut out = Vec::new();
    if from < ch {
        out.push(piece(Tier::Raw, from, ch));
    }
    let (cd, fd) = (ceil(ch, d), floor(fh, d));
    if days && cd < fd {
        if ch < cd {
            out.push(piece(Tier::Hour, ch, cd));
        }
        out.push(piece(Tier::Day, cd, fd));
        if fd < fh {
            out.push(piece(Tier::Hour, fd, fh));
        }
    } else {
        out.push(piece(Tier::Hour, ch, fh));
    }
    if fh < to {
        out.push(piece(Tier::Raw, fh, to));
    }
    out
}

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
    use chrono::{NaiveTime, TimeZone, Weekday};

    use super::*;

    fn t(s: &str) -> DateTime<Utc> {
        Utc.from_utc_datetime(&NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap())
    }
    fn l(s: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap()
    }

    fn covers(p: &[Piece], from: DateTime<Utc>, to: DateTime<Utc>) {
        assert_eq!(p.first().unwrap().from, from);
        assert_eq!(p.last().unwrap().to, to);
        for w in p.windows(2) {
            assert_eq!(w[0].to, w[1].from, "{p:?}");
        }
    }

    #[test]
    fn a_range_is_cut_into_raw_edges_hours_and_days() {
        let (f, to) = (t("2026-03-01 05:30"), t("2026-03-04 07:15"));
        let p = pieces(f, to, true);
        covers(&p, f, to);
        let tiers: Vec<Tier> = p.iter().map(|p| p.tier).collect();
        assert_eq!(
            tiers,
            [Tier::Raw, Tier::Hour, Tier::Day, Tier::Hour, Tier::Raw]
        );
        assert_eq!(p[2].from, t("2026-03-02 00:00"));
        assert_eq!(p[2].to, t("2026-03-04 00:00"));
        let p = pieces(f, to, false);
        covers(&p, f, to);
        assert_eq!(p.len(), 3);
        assert_eq!(p[1].tier, Tier::Hour);
    }

    #[test]
    fn aligned_and_tiny_ranges() {
        let p = pieces(t("2026-03-01 00:00"), t("2026-03-03 00:00"), true);
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].tier, Tier::Day);
        let p = pieces(t("2026-03-01 10:10"), t("2026-03-01 10:50"), true);
        assert_eq!(
            p,
            [Piece {
                tier: Tier::Raw,
                from: t("2026-03-01 10:10"),
                to: t("2026-03-01 10:50")
            }]
        );
        let p = pieces(t("2026-03-01 10:10"), t("2026-03-01 11:50"), true);
        assert_eq!(p.len(), 1, "no whole hour: one raw piece {p:?}");
        assert!(pieces(t("2026-03-01 10:10"), t("2026-03-01 10:10"), true).is_empty());
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
