//! Report time maths (issue 12, decision 59): how a range is cut into the pieces the rollups
//! can answer, and how a line's shifts cut a range into shift windows. Everything here is UTC
//! instants except the shift times, which are the line's local wall-clock times.

use chrono::{DateTime, Duration, DurationRound, Utc};

/// Where a piece of a range is read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tier {
    /// Whole months of the line's zone: the local-month rollups (decision 104).
    Month,
    /// Whole days of the line's zone: the local-day rollups (decision 104).
    Day,
    /// Whole UTC hours: the hour rollups.
    Hour,
    /// A part of an hour: the raw rows.
    Raw,
}

impl Tier {
    pub fn code(self) -> &'static str {
        match self {
            Tier::Month => "M",
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

/// Cuts `[from, to)` into raw edges, whole hours, whole days and whole months, in order and
/// without gaps or overlaps. `days` are the instants at which the line's local days begin, in
/// order and without a gap (a day of 23 or 25 hours at a summer-time change is one day), from
/// the first one whose day the local rollups hold whole; `months` likewise for its months
/// (each also a day's start). The days between the first of them at or after `from` and the
/// last at or before `to` are read as [`Tier::Month`] pieces where whole months lie between
/// them, else as one [`Tier::Day`] piece. Empty `days`: hours only.
pub fn pieces(
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    days: &[DateTime<Utc>],
    months: &[DateTime<Utc>],
) -> Vec<Piece> {
    if from >= to {
        return Vec::new();
    }
    let Some((a, b)) = inner(days, from, to) else {
        return hours(from, to);
    };
    let mut out = hours(from, a);
    let run = |tier, f, t, out: &mut Vec<Piece>| {
        if f < t {
            out.push(Piece {
                tier,
                from: f,
                to: t,
            });
        }
    };
    match inner(months, a, b) {
        Some((m0, m1)) => {
            run(Tier::Day, a, m0, &mut out);
            run(Tier::Month, m0, m1, &mut out);
            run(Tier::Day, m1, b, &mut out);
        }
        None => run(Tier::Day, a, b, &mut out),
    }
    out.extend(hours(b, to));
    out
}

/// The first of `bounds` at or after `from` and the last at or before `to`, when they differ.
fn inner(
    bounds: &[DateTime<Utc>],
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
    let first = bounds.get(bounds.partition_point(|d| *d < from)).copied()?;
    let last = bounds[..bounds.partition_point(|d| *d <= to)]
        .last()
        .copied()?;
    (first < last).then_some((first, last))
}

/// Cuts `[from, to)` into raw edges and whole UTC hours.
fn hours(from: DateTime<Utc>, to: DateTime<Utc>) -> Vec<Piece> {
    let piece = |tier, from, to| Piece { tier, from, to };
    if from >= to {
        return Vec::new();
    }
    let h = Duration::hours(1);
    let (ch, fh) = (ceil(from, h), floor(to, h));
    if ch >= fh {
        return vec![piece(Tier::Raw, from, to)];
    }
    let mut out = Vec::new();
    if from < ch {
        out.push(piece(Tier::Raw, from, ch));
    }
    out.push(piece(Tier::Hour, ch, fh));
    if fh < to {
        out.push(piece(Tier::Raw, fh, to));
    }
    out
}

mod shifts;
pub use shifts::*;

#[cfg(test)]
mod tests {
    use chrono::{NaiveDateTime, TimeZone};

    use super::*;

    fn t(s: &str) -> DateTime<Utc> {
        Utc.from_utc_datetime(&NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap())
    }

    fn covers(p: &[Piece], from: DateTime<Utc>, to: DateTime<Utc>) {
        assert_eq!(p.first().unwrap().from, from);
        assert_eq!(p.last().unwrap().to, to);
        for w in p.windows(2) {
            assert_eq!(w[0].to, w[1].from, "{p:?}");
        }
    }

    /// The local midnights of `[from, to]` of a zone `offset` hours ahead of UTC, every day.
    fn midnights(from: &str, to: &str, offset_min: i64) -> Vec<DateTime<Utc>> {
        let (mut d, end) = (t(from), t(to));
        let mut out = Vec::new();
        while d <= end {
            out.push(d - Duration::minutes(offset_min));
            d += Duration::days(1);
        }
        out
    }

    #[test]
    fn a_range_is_cut_into_raw_edges_hours_and_days() {
        let (f, to) = (t("2026-03-01 05:30"), t("2026-03-04 07:15"));
        let utc = midnights("2026-02-28 00:00", "2026-03-06 00:00", 0);
        let p = pieces(f, to, &utc, &[]);
        covers(&p, f, to);
        let tiers: Vec<Tier> = p.iter().map(|p| p.tier).collect();
        assert_eq!(
            tiers,
            [Tier::Raw, Tier::Hour, Tier::Day, Tier::Hour, Tier::Raw]
        );
        assert_eq!(p[2].from, t("2026-03-02 00:00"));
        assert_eq!(p[2].to, t("2026-03-04 00:00"));
        let p = pieces(f, to, &[], &[]);
        covers(&p, f, to);
        assert_eq!(p.len(), 3);
        assert_eq!(p[1].tier, Tier::Hour);
    }

    #[test]
    fn days_are_the_zones_own() {
        // A zone an hour ahead (Amsterdam in winter): its days begin at 23:00 UTC.
        let cet = midnights("2026-01-01 00:00", "2026-01-10 00:00", 60);
        let (f, to) = (t("2025-12-31 23:00"), t("2026-01-07 23:00"));
        let p = pieces(f, to, &cet, &[]);
        assert_eq!(p.len(), 1, "{p:?}");
        assert_eq!((p[0].tier, p[0].from, p[0].to), (Tier::Day, f, to));
        // The same range in UTC days would have been hours at both ends.
        let p = pieces(
            f,
            to,
            &midnights("2026-01-01 00:00", "2026-01-10 00:00", 0),
            &[],
        );
        covers(&p, f, to);
        assert_eq!(p.len(), 3, "{p:?}");
        // Half an hour off the hours (India): the edges of the days are raw rows and hours.
        let ist = midnights("2026-01-01 00:00", "2026-01-10 00:00", 330);
        let (f, to) = (t("2026-01-01 12:00"), t("2026-01-05 12:00"));
        let p = pieces(f, to, &ist, &[]);
        covers(&p, f, to);
        let tiers: Vec<Tier> = p.iter().map(|p| p.tier).collect();
        assert_eq!(
            tiers,
            [Tier::Hour, Tier::Raw, Tier::Day, Tier::Raw, Tier::Hour]
        );
        assert_eq!(p[2].from, t("2026-01-01 18:30"));
        assert_eq!(p[2].to, t("2026-01-04 18:30"));
        // Days held whole only from a later one (a zone changed): hours before it.
        let p = pieces(f, to, &ist[3..], &[]);
        covers(&p, f, to);
        assert_eq!(p[p.len() - 3].from, t("2026-01-03 18:30"));
        // No whole day in the range: hours only.
        let p = pieces(t("2026-01-02 01:00"), t("2026-01-02 17:00"), &ist, &[]);
        assert!(p.iter().all(|p| p.tier == Tier::Hour), "{p:?}");
    }

    #[test]
    fn whole_months_inside_the_days_are_month_pieces() {
        // Amsterdam in winter (an hour ahead): its months begin at 23:00 UTC the day before.
        let days = midnights("2025-11-01 00:00", "2026-03-01 00:00", 60);
        let months = [
            t("2025-10-31 23:00"),
            t("2025-11-30 23:00"),
            t("2025-12-31 23:00"),
            t("2026-01-31 23:00"),
            t("2026-02-28 23:00"),
        ];
        let (f, to) = (t("2025-11-15 12:00"), t("2026-02-10 12:00"));
        let p = pieces(f, to, &days, &months);
        covers(&p, f, to);
        let tiers: Vec<Tier> = p.iter().map(|p| p.tier).collect();
        assert_eq!(
            tiers,
            [Tier::Hour, Tier::Day, Tier::Month, Tier::Day, Tier::Hour]
        );
        assert_eq!((p[2].from, p[2].to), (months[1], months[3]));
        // A range of whole months is month pieces only; less than a month, days only.
        let p = pieces(months[0], months[4], &days, &months);
        assert_eq!(p.len(), 1, "{p:?}");
        assert_eq!(p[0].tier, Tier::Month);
        let p = pieces(months[1], months[1] + Duration::days(20), &days, &months);
        assert_eq!(p.len(), 1, "{p:?}");
        assert_eq!(p[0].tier, Tier::Day);
        // Months before the first whole day are not read whole.
        let p = pieces(months[0], months[4], &days[40..], &months);
        covers(&p, months[0], months[4]);
        assert!(
            p.iter()
                .all(|x| x.tier != Tier::Month || x.from >= days[40]),
            "{p:?}"
        );
    }

    #[test]
    fn aligned_and_tiny_ranges() {
        let utc = midnights("2026-02-28 00:00", "2026-03-06 00:00", 0);
        let p = pieces(t("2026-03-01 00:00"), t("2026-03-03 00:00"), &utc, &[]);
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].tier, Tier::Day);
        let p = pieces(t("2026-03-01 10:10"), t("2026-03-01 10:50"), &utc, &[]);
        assert_eq!(
            p,
            [Piece {
                tier: Tier::Raw,
                from: t("2026-03-01 10:10"),
                to: t("2026-03-01 10:50")
            }]
        );
        let p = pieces(t("2026-03-01 10:10"), t("2026-03-01 11:50"), &utc, &[]);
        assert_eq!(p.len(), 1, "no whole hour: one raw piece {p:?}");
        assert!(pieces(t("2026-03-01 10:10"), t("2026-03-01 10:10"), &utc, &[]).is_empty());
    }
}
