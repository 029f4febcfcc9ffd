//! The alarm performance report's figures (issue 34, ISA-18.2's measures), over the
//! occurrences raised in a range: alarms per 10 minutes, flood periods, the most frequent and
//! chattering points, standing alarms and the time to acknowledge. The rate, floods and points
//! read the rollups `alarm_rate_day`, `alarm_bin` and `alarm_point_day` (decisions 114 and 116;
//! the partial days at the range's ends from `alarm_bin` and the occurrences), the standing
//! alarms and the times to acknowledge the occurrences through their own indexes.

use chrono::{DateTime, Duration, NaiveTime, Utc};
use sqlx::PgExecutor;

use crate::DbResult;

/// The 10-minute periods of a line: those with more than one alarm and with more than ten, the
/// busiest period's count.
#[derive(Debug, Clone)]
pub struct Rates {
    pub line_id: String,
    pub over_one: i64,
    pub over_ten: i64,
    pub peak: i64,
}

/// The lines' 10-minute periods on the clock starting in [from, to) that held alarms: whole UTC
/// days from `alarm_rate_day`, the partial days at the range's ends from `alarm_bin`.
pub async fn rates(
    db: impl PgExecutor<'_>,
    lines: &[String],
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> DbResult<Vec<Rates>> {
    let (first, last) = whole_days(from, to);
    Ok(sqlx::query_as!(
        Rates,
        r#"with u as (
               select line_id, over_one::int8 as over_one, over_ten::int8 as over_ten, peak
               from alarm_rate_day where line_id = any($1) and day >= $4 and day < $5
               union all
               select line_id, (n > 1)::int::int8, (n > 10)::int::int8, n
               from alarm_bin
               where line_id = any($1) and ((at >= $2 and at < $4) or (at >= $5 and at < $3)))
           select line_id as "line_id!", sum(over_one)::int8 as "over_one!",
                  sum(over_ten)::int8 as "over_ten!", max(peak)::int8 as "peak!"
           from u group by line_id order by line_id"#,
        lines,
        from,
        to,
        first,
        last,
    )
    .fetch_all(db)
    .await?)
}

/// A flood: consecutive 10-minute periods of a line with more than ten alarms each.
#[derive(Debug, Clone)]
pub struct Flood {
    pub line_id: String,
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    pub alarms: i64,
    pub peak: i64,
}

/// The floods of the range, oldest first (at most `limit`).
pub async fn floods(
    db: impl PgExecutor<'_>,
    lines: &[String],
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    limit: i64,
) -> DbResult<Vec<Flood>> {
    Ok(sqlx::query_as!(
        Flood,
        r#"with b as (
               select line_id, at, n from alarm_bin
               where line_id = any($1) and at >= $2 and at < $3 and n > 10),
           f as (
               select line_id, at, n,
                      at - row_number() over (partition by line_id order by at) * interval '10 minutes' as run
               from b)
           select line_id as "line_id!", min(at) as "from!", max(at) + interval '10 minutes' as "to!",
                  sum(n)::int8 as "alarms!", max(n)::int8 as "peak!"
           from f group by line_id, run order by 2, 1 limit $4"#,
        lines,
        from,
        to,
        limit,
    )
    .fetch_all(db)
    .await?)
}

/// One point's alarms in the range: how many, how many came as the third (or later) of that
/// point within a minute (chattering), and how many bursts of chattering began.
#[derive(Debug, Clone)]
pub struct PointCount {
    pub line_id: String,
    pub code: String,
    pub severity: String,
    pub alarms: i64,
    pub chattering: i64,
    pub bursts: i64,
}

/// Every point that raised alarms in the range, most alarms first: its whole UTC days from
/// `alarm_point_day`, the partial days at the ends from the occurrences (each alarm's minute may
/// begin before the range, as in the rollup).
pub async fn points(
    db: impl PgExecutor<'_>,
    lines: &[String],
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> DbResult<Vec<PointCount>> {
    let (first, last) = whole_days(from, to);
    Ok(sqlx::query_as!(
        PointCount,
        r#"with whole as (
               select line_id, code, severity, alarms::int8 as alarms, chattering::int8 as chattering,
                      bursts::int8 as bursts
               from alarm_point_day where line_id = any($1) and day >= $4 and day < $5),
           raw as (
               select line_id, code, severity, raised_at,
                      count(*) over (partition by line_id, code order by raised_at
                                     range between interval '60 seconds' preceding and current row) as in_minute
               from alarm_occurrence
               where line_id = any($1)
                 and ((raised_at >= $2::timestamptz - interval '60 seconds' and raised_at < $4)
                      or (raised_at >= $5::timestamptz - interval '60 seconds' and raised_at < $3))),
           edge as (
               select line_id, code, max(severity) as severity, count(*) as alarms,
                      count(*) filter (where in_minute >= 3) as chattering,
                      count(*) filter (where in_minute = 3) as bursts
               from raw
               where (raised_at >= $2 and raised_at < $4) or (raised_at >= $5 and raised_at < $3)
               group by 1, 2),
           u as (select * from whole union all select * from edge)
           select u.line_id as "line_id!", u.code as "code!",
                  coalesce(max(c.severity), max(u.severity)) as "severity!",
                  sum(u.alarms)::int8 as "alarms!", sum(u.chattering)::int8 as "chattering!",
                  sum(u.bursts)::int8 as "bursts!"
           from u left join alarm_config c on c.code = u.code
           group by u.line_id, u.code order by 4 desc, 1, 2"#,
        lines,
        from,
        to,
        first,
        last,
    )
    .fetch_all(db)
    .await?)
}

/// The whole UTC days within [from, to) as [first, last); both `to` when there is none.
fn whole_days(from: DateTime<Utc>, to: DateTime<Utc>) -> (DateTime<Utc>, DateTime<Utc>) {
    let day = |t: DateTime<Utc>| t.date_naive().and_time(NaiveTime::MIN).and_utc();
    let first = if day(from) == from {
        from
    } else {
        day(from) + Duration::days(1)
    };
    let last = day(to);
    if first < last {
        (first, last)
    } else {
        (to, to)
    }
}

/// An alarm active for more than 24 hours within the range.
#[derive(Debug, Clone)]
pub struct Standing {
    pub id: uuid::Uuid,
    pub line_id: String,
    pub code: String,
    pub raised_at: DateTime<Utc>,
    pub returned_at: Option<DateTime<Utc>>,
}

/// The standing alarms of the range (raised before its end, active for more than 24 hours,
/// still active at its start or later), oldest first (at most `limit`).
pub async fn standing(
    db: impl PgExecutor<'_>,
    lines: &[String],
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    limit: i64,
) -> DbResult<Vec<Standing>> {
    Ok(sqlx::query_as!(
        Standing,
        "select id, line_id, code, raised_at, returned_at from alarm_occurrence
         where line_id = any($1) and raised_at < $3::timestamptz - interval '24 hours'
           and (returned_at is null or returned_at - raised_at > interval '24 hours')
           and coalesce(returned_at, 'infinity') >= $2
         order by raised_at, line_id limit $4",
        lines,
        from,
        to,
        limit,
    )
    .fetch_all(db)
    .await?)
}

/// How long the alarms raised in the range waited for their acknowledgement: per line, and
/// for all lines together (`line_id` `None`).
#[derive(Debug, Clone)]
pub struct AckTimes {
    pub line_id: Option<String>,
    pub acknowledged: i64,
    pub unacknowledged: i64,
    pub median_s: Option<f64>,
    pub p90_s: Option<f64>,
    pub max_s: Option<f64>,
}

pub async fn ack_times(
    db: impl PgExecutor<'_>,
    lines: &[String],
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> DbResult<Vec<AckTimes>> {
    // Each line's times as one array (`date_part` is float8 where `extract` is numeric); the
    // percentiles by selection here, where Postgres sorted every time twice (per line and for
    // all) at three times the cost.
    let rows = sqlx::query!(
        r#"select line_id as "line_id!", count(*) as "raised!",
                  array_agg(date_part('epoch', acked_at - raised_at)) filter (where acked_at is not null) as secs
           from alarm_occurrence
           where line_id = any($1) and raised_at >= $2 and raised_at < $3
           group by line_id order by line_id"#,
        lines,
        from,
        to,
    )
    .fetch_all(db)
    .await?;
    let mut all = Vec::new();
    let mut raised = 0;
    let mut out = Vec::with_capacity(rows.len() + 1);
    for r in rows {
        let mut secs = r.secs.unwrap_or_default();
        raised += r.raised;
        all.extend_from_slice(&secs);
        out.push(AckTimes::of(Some(r.line_id), r.raised, &mut secs));
    }
    out.push(AckTimes::of(None, raised, &mut all));
    Ok(out)
}

impl AckTimes {
    /// The figures of `raised` alarms of which those acknowledged waited `secs` (reordered).
    fn of(line_id: Option<String>, raised: i64, secs: &mut [f64]) -> AckTimes {
        let acknowledged = secs.len() as i64;
        AckTimes {
            line_id,
            acknowledged,
            unacknowledged: raised - acknowledged,
            median_s: percentile(secs, 0.5),
            p90_s: percentile(secs, 0.9),
            max_s: secs.iter().copied().reduce(f64::max),
        }
    }
}

/// The `p` percentile of `values` interpolated between the two nearest ranks, as Postgres'
/// `percentile_cont`; `None` when there are none. Reorders `values`.
fn percentile(values: &mut [f64], p: f64) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let at = p * (values.len() - 1) as f64;
    let lo = at.floor() as usize;
    let (_, &mut low, above) = values.select_nth_unstable_by(lo, f64::total_cmp);
    let high = above.iter().copied().reduce(f64::min).unwrap_or(low);
    Some(low + (high - low) * (at - lo as f64))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        s.parse().unwrap()
    }

    #[test]
    fn percentiles_interpolate_between_ranks_as_postgres_does() {
        // percentile_cont(0.5) of 1, 2, 3, 4 is 2.5; (0.9) is 3.7.
        let mut v = [4.0, 1.0, 3.0, 2.0];
        assert_eq!(percentile(&mut v, 0.5), Some(2.5));
        assert!((percentile(&mut v, 0.9).unwrap() - 3.7).abs() < 1e-12);
        assert_eq!(percentile(&mut v, 1.0), Some(4.0));
        assert_eq!(percentile(&mut v, 0.0), Some(1.0));
        assert_eq!(percentile(&mut [7.0], 0.9), Some(7.0));
        assert_eq!(percentile(&mut [], 0.5), None);
        let t = AckTimes::of(None, 5, &mut [30.0, 10.0, 20.0]);
        assert_eq!((t.acknowledged, t.unacknowledged), (3, 2));
        assert_eq!((t.median_s, t.max_s), (Some(20.0), Some(30.0)));
    }

    #[test]
    fn whole_days_are_the_utc_days_inside_the_range() {
        // A Berlin week: local midnights at 23:00 UTC.
        assert_eq!(
            whole_days(at("2026-11-01T23:00:00Z"), at("2026-11-08T23:00:00Z")),
            (at("2026-11-02T00:00:00Z"), at("2026-11-08T00:00:00Z"))
        );
        // UTC days exactly.
        assert_eq!(
            whole_days(at("2026-11-01T00:00:00Z"), at("2026-11-03T00:00:00Z")),
            (at("2026-11-01T00:00:00Z"), at("2026-11-03T00:00:00Z"))
        );
        // Less than a whole day: none.
        let to = at("2026-11-02T22:00:00Z");
        assert_eq!(whole_days(at("2026-11-01T23:00:00Z"), to), (to, to));
    }
}
