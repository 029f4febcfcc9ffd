//! Tonnes today: the controller's totals of the batches that ended in the line's local day
//! (decision 61: the dashboard's day is the line's own), each batch counted once.

use std::collections::HashSet;

use chrono::{DateTime, NaiveTime, Utc};

#[derive(Debug, Clone, Default)]
pub struct Tonnes {
    /// Starts of the line's local days around now, sorted, from the hub; empty: UTC days.
    days: Vec<DateTime<Utc>>,
    /// The start of the day counted.
    pub day: Option<DateTime<Utc>>,
    pub today: f64,
    counted: HashSet<String>,
}

impl Tonnes {
    /// The start of the local day of `t`: from the days known when they cover it, else its UTC
    /// day.
    pub fn day_of(&self, t: DateTime<Utc>) -> DateTime<Utc> {
        match self.days.partition_point(|d| *d <= t) {
            i if i > 0 && i < self.days.len() => self.days[i - 1],
            _ => t.date_naive().and_time(NaiveTime::MIN).and_utc(),
        }
    }

    /// Counts from the day of `t` on, when it is later than the day counted; whether the count
    /// started again.
    pub fn reach(&mut self, t: DateTime<Utc>) -> bool {
        let day = self.day_of(t);
        if self.day.is_some_and(|d| day <= d) {
            return false;
        }
        self.day = Some(day);
        self.today = 0.0;
        self.counted.clear();
        true
    }

    /// Counts a batch that ended at `t` with `kg`, when that is in the day counted and the batch
    /// is not counted yet; whether it was.
    pub fn add(&mut self, batch_id: &str, t: DateTime<Utc>, kg: f64) -> bool {
        if Some(self.day_of(t)) != self.day || !self.counted.insert(batch_id.to_string()) {
            return false;
        }
        self.today += kg / 1000.0;
        true
    }

    /// Whether the batch is counted (it ended today).
    pub fn has(&self, batch_id: &str) -> bool {
        self.counted.contains(batch_id)
    }

    /// The line's local days, as of `now`; whether a day turned (the count started again).
    pub fn set_days(&mut self, days: Vec<DateTime<Utc>>, now: DateTime<Utc>) -> bool {
        self.days = days;
        self.day.is_some() && self.reach(now)
    }
}

#[cfg(test)]
mod tests {
    use chrono::Duration;

    use super::*;

    /// 22:00 UTC on `d` November: where a UTC+2 line's next day starts.
    fn start(d: u32) -> DateTime<Utc> {
        chrono::NaiveDate::from_ymd_opt(2026, 11, d)
            .unwrap()
            .and_hms_opt(22, 0, 0)
            .unwrap()
            .and_utc()
    }

    #[test]
    fn tonnes_today_counts_the_lines_local_day() {
        let mut t = Tonnes::default();
        t.set_days(vec![start(22), start(23), start(24)], start(22));
        let at = start(22) + Duration::hours(23);
        assert!(t.reach(at));
        assert!(t.add("B1", at, 1000.0));
        assert!(!t.add("B1", at, 1000.0), "a batch counts once");
        // 23:30 UTC is already the next local day: it starts the count again.
        let next = start(23) + Duration::minutes(90);
        assert!(t.reach(next));
        assert!(t.add("B2", next, 500.0));
        assert_eq!(t.day, Some(start(23)));
        assert!((t.today - 0.5).abs() < 1e-9, "{}", t.today);
        // A batch of the previous local day, arriving late, is not today's.
        assert!(!t.reach(start(23) - Duration::minutes(5)));
        assert!(!t.add("B3", start(23) - Duration::minutes(5), 700.0));
        assert!((t.today - 0.5).abs() < 1e-9);
        // Midnight, told by the hub, resets without a batch.
        assert!(!t.set_days(vec![start(22), start(23), start(24)], next));
        assert!(t.set_days(vec![start(23), start(24), start(25)], start(24)));
        assert_eq!(t.today, 0.0);
        // Outside the days known, the UTC day.
        let far = start(25) + Duration::days(2);
        assert_eq!(
            t.day_of(far),
            far.date_naive().and_time(NaiveTime::MIN).and_utc()
        );
    }
}
