//! Which shift a moment falls in: the default report range of a line is its current shift, or
//! the last one that ended. Shifts may cross midnight (`22:00`–`06:00`); a shift belongs to the
//! weekday it starts on.

use chrono::{Datelike, Duration, NaiveDateTime, NaiveTime, Weekday};

/// A shift as the window logic needs it.
#[derive(Debug, Clone)]
pub struct ShiftTimes<Id> {
    pub id: Id,
    pub start: NaiveTime,
    pub end: NaiveTime,
    pub days: Vec<Weekday>,
}

/// One occurrence of a shift, in the line's local time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Window<Id> {
    pub id: Id,
    pub from: NaiveDateTime,
    pub to: NaiveDateTime,
}

/// The shift running at `now`, else the one that ended last (looking back a week).
pub fn current_or_last<Id: Clone>(
    shifts: &[ShiftTimes<Id>],
    now: NaiveDateTime,
) -> Option<Window<Id>> {
    let mut best: Option<Window<Id>> = None;
    for back in 0..=7 {
        let day = now.date() - Duration::days(back);
        for s in shifts.iter().filter(|s| s.days.contains(&day.weekday())) {
            let from = day.and_time(s.start);
            let mut to = day.and_time(s.end);
            if to <= from {
                to += Duration::days(1);
            }
            if from > now {
                continue;
            }
            let w = Window {
                id: s.id.clone(),
                from,
                to,
            };
            if now < w.to {
                return Some(w);
            }
            if best.as_ref().is_none_or(|b| w.to > b.to) {
                best = Some(w);
            }
        }
    }
    best
}

/// A weekday from its three-letter code (`MON`).
pub fn weekday(code: &str) -> Option<Weekday> {
    code.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn t(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).unwrap()
    }
    fn at(d: u32, h: u32, m: u32) -> NaiveDateTime {
        // 2026-11-23 is a Monday.
        NaiveDate::from_ymd_opt(2026, 11, d)
            .unwrap()
            .and_time(t(h, m))
    }
    fn all_days() -> Vec<Weekday> {
        ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"]
            .iter()
            .map(|d| weekday(d).unwrap())
            .collect()
    }
    fn plant() -> Vec<ShiftTimes<&'static str>> {
        vec![
            ShiftTimes {
                id: "early",
                start: t(6, 0),
                end: t(14, 0),
                days: all_days(),
            },
            ShiftTimes {
                id: "late",
                start: t(14, 0),
                end: t(22, 0),
                days: all_days(),
            },
            ShiftTimes {
                id: "night",
                start: t(22, 0),
                end: t(6, 0),
                days: all_days(),
            },
        ]
    }

    #[test]
    fn the_running_shift_is_found_including_one_that_crossed_midnight() {
        assert_eq!(
            current_or_last(&plant(), at(23, 9, 30)).unwrap().id,
            "early"
        );
        let night = current_or_last(&plant(), at(24, 2, 15)).unwrap();
        assert_eq!(
            (night.id, night.from, night.to),
            ("night", at(23, 22, 0), at(24, 6, 0))
        );
        // The boundary belongs to the shift that starts there.
        assert_eq!(current_or_last(&plant(), at(23, 14, 0)).unwrap().id, "late");
    }

    #[test]
    fn between_shifts_the_last_one_that_ended_is_the_default() {
        let weekdays: Vec<Weekday> = all_days().into_iter().take(5).collect();
        let one = vec![ShiftTimes {
            id: "day",
            start: t(7, 0),
            end: t(15, 0),
            days: weekdays,
        }];
        let w = current_or_last(&one, at(23, 18, 0)).unwrap();
        assert_eq!((w.from, w.to), (at(23, 7, 0), at(23, 15, 0)));
        // Sunday morning: Friday's shift was the last one.
        let w = current_or_last(&one, at(29, 8, 0)).unwrap();
        assert_eq!((w.from, w.to), (at(27, 7, 0), at(27, 15, 0)));
        assert!(current_or_last::<&str>(&[], at(23, 8, 0)).is_none());
    }
}
