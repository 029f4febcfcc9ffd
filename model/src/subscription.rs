//! Scheduled reports (issue 35, item 3): a report's filter saved as a subscription delivered
//! every period — each shift's end, daily, weekly or monthly at a time in the line's zone — as
//! PDF, XLSX or CSV to its recipients in their language; and the periods themselves.

use chrono::{Datelike, Duration, Months, NaiveDate, NaiveDateTime, NaiveTime, Weekday};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

use crate::config::shift_window::ShiftTimes;

crate::choice! {
    /// How often a subscription is delivered: at each shift's end, daily, weekly or monthly.
    pub enum Cadence { ShiftEnd = "SHIFT_END", Daily = "DAILY", Weekly = "WEEKLY", Monthly = "MONTHLY" }
}

crate::choice! {
    /// The file a delivery carries.
    pub enum Format { Pdf = "PDF", Xlsx = "XLSX", Csv = "CSV" }
}

crate::choice! {
    /// Where a delivery stands: waiting for its turn, sent, waiting to try again after a
    /// failure, or given up after the last try.
    pub enum DeliveryStatus { Pending = "PENDING", Sent = "SENT", Retry = "RETRY", Failed = "FAILED" }
}

/// The reports that can be delivered: the last path segment of the report call (what a
/// subscription names) and its whole path. Each has its `generatePdf` beside it.
pub const DELIVERABLE: [(&str, &str); 15] = [
    (
        "totalweightgroupedby",
        "/api/reports/consumption/totalweightgroupedby",
    ),
    (
        "getconsumptionstats",
        "/api/reports/consumption/getconsumptionstats",
    ),
    (
        "getconsumptionbymaterialcatagory",
        "/api/reports/consumption/getconsumptionbymaterialcatagory",
    ),
    (
        "getconsumtionsbyshifts",
        "/api/reports/consumption/getconsumtionsbyshifts",
    ),
    (
        "getconsumptionstatsbyorderwise",
        "/api/reports/consumption/getconsumptionstatsbyorderwise",
    ),
    (
        "getconsumtionsbycharges",
        "/api/reports/consumption/getconsumtionsbycharges",
    ),
    (
        "getproductionbyrecipe",
        "/api/reports/production/getproductionbyrecipe",
    ),
    (
        "productionbytime",
        "/api/reports/production/productionbytime",
    ),
    ("stoptimereport", "/api/reports/stoptimereport"),
    ("performance", "/api/reports/alarms/performance"),
    ("oee", "/api/reports/oee"),
    ("getmaterialhistory", "/api/reports/bins/getmaterialhistory"),
    ("calibrationreport", "/api/reports/calibrationreport"),
    ("getalarms", "/api/reports/alarm/getalarms"),
    ("getBatchStats", "/api/reports/batches/getBatchStats"),
];

/// The path of deliverable report `report`.
pub fn report_path(report: &str) -> Option<&'static str> {
    DELIVERABLE
        .iter()
        .find(|(r, _)| *r == report)
        .map(|(_, p)| *p)
}

/// A subscription as it is written (`/api/reportsubscriptions/add`, `…/edit/{id}`).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionInput {
    pub name: Option<String>,
    /// The report call's last path segment (`totalweightgroupedby`).
    pub report: Option<String>,
    /// The report's filters as its call takes them (`lineId`, `groupBy`, …); the range is each
    /// period's.
    #[schema(value_type = Object)]
    pub filters: Option<Map<String, Value>>,
    /// The PDF's layout as the report screen prints it (`headers`, `matchKeys`, `heading`,
    /// `data`); also the CSV's and workbook's columns.
    #[schema(value_type = Option<Object>)]
    pub layout: Option<Value>,
    pub cadence: Option<Cadence>,
    /// `HH:MM` in the line's zone (daily, weekly, monthly).
    pub at: Option<String>,
    /// 1 (Monday) to 7 (Sunday), weekly.
    pub weekday: Option<i16>,
    /// 1 to 28, monthly.
    pub day_of_month: Option<i16>,
    pub format: Option<Format>,
    /// Email addresses (users' or others').
    pub recipients: Option<Vec<String>>,
    /// `en`, `de`, `fr`, `es` or `nl`.
    pub language: Option<String>,
    /// Edit only: the `updatedAt` the edit started from (409 when someone saved since).
    pub updated_at: Option<String>,
}

/// A subscription.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Subscription {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub report: String,
    #[schema(value_type = Object)]
    pub filters: Value,
    #[schema(value_type = Option<Object>)]
    pub layout: Option<Value>,
    /// The line whose zone and shifts the cadence follows (none: the plant's common zone).
    pub line_id: Option<String>,
    pub cadence: Cadence,
    pub at: Option<String>,
    pub weekday: Option<i16>,
    pub day_of_month: Option<i16>,
    pub format: Format,
    pub recipients: Vec<String>,
    pub language: String,
    /// Whose access the report is read with: who saved it.
    pub owner: String,
    pub zone: String,
    /// The next period's end, in the zone (`YYYY-MM-DD HH:MM`), when the cadence has one.
    pub next_local: Option<String>,
    pub created_at: chrono::DateTime<chrono::Utc>,
    pub created_by: Option<String>,
    pub updated_at: chrono::DateTime<chrono::Utc>,
    pub updated_by: Option<String>,
}

/// One period's delivery.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportDelivery {
    pub id: String,
    pub period_start: chrono::DateTime<chrono::Utc>,
    pub period_end: chrono::DateTime<chrono::Utc>,
    /// The period in the zone, `YYYY-MM-DD HH:MM – YYYY-MM-DD HH:MM`.
    pub period_local: String,
    pub status: DeliveryStatus,
    pub attempts: i32,
    pub next_attempt_at: Option<chrono::DateTime<chrono::Utc>>,
    pub sent_at: Option<chrono::DateTime<chrono::Utc>>,
    pub last_error: Option<String>,
    pub file_name: Option<String>,
    pub bytes: Option<i32>,
    pub recipients: Vec<String>,
}

/// When a subscription is delivered, in local time.
#[derive(Debug, Clone)]
pub struct Schedule {
    pub cadence: Cadence,
    pub at: NaiveTime,
    pub weekday: Option<Weekday>,
    pub day_of_month: Option<u32>,
}

fn day_at(d: NaiveDate, t: NaiveTime) -> NaiveDateTime {
    d.and_time(t)
}

/// The period that ended last at or before local `now`, `[start, end)` in local time: the day,
/// week or month before the cadence's time, or the shift occurrence of `shifts` that ended last
/// (none when the line has no shift in the last eight days).
pub fn latest_period(
    s: &Schedule,
    shifts: &[ShiftTimes<usize>],
    now: NaiveDateTime,
) -> Option<(NaiveDateTime, NaiveDateTime)> {
    let today = now.date();
    match s.cadence {
        Cadence::Daily => {
            let mut end = day_at(today, s.at);
            if end > now {
                end -= Duration::days(1);
            }
            Some((end - Duration::days(1), end))
        }
        Cadence::Weekly => {
            let want = s.weekday.unwrap_or(Weekday::Mon);
            let mut d = today;
            while d.weekday() != want || day_at(d, s.at) > now {
                d -= Duration::days(1);
            }
            let end = day_at(d, s.at);
            Some((end - Duration::days(7), end))
        }
        Cadence::Monthly => {
            let dom = s.day_of_month.unwrap_or(1).clamp(1, 28);
            let mut d = today.with_day(dom)?;
            if day_at(d, s.at) > now {
                d = d.checked_sub_months(Months::new(1))?;
            }
            let start = d.checked_sub_months(Months::new(1))?;
            Some((day_at(start, s.at), day_at(d, s.at)))
        }
        Cadence::ShiftEnd => {
            let mut best: Option<(NaiveDateTime, NaiveDateTime)> = None;
            for back in 0..=8 {
                let day = today - Duration::days(back);
                for sh in shifts
                    .iter()
                    .filter(|sh| sh.days.is_empty() || sh.days.contains(&day.weekday()))
                {
                    let from = day.and_time(sh.start);
                    let mut to = day.and_time(sh.end);
                    if to <= from {
                        to += Duration::days(1);
                    }
                    if to <= now && best.is_none_or(|(_, b)| to > b) {
                        best = Some((from, to));
                    }
                }
            }
            best
        }
    }
}

/// The end of the period after the one ending at `end` (local): for the next-delivery line of
/// the screen. Shift ends are not predicted (none).
pub fn next_end(s: &Schedule, end: NaiveDateTime) -> Option<NaiveDateTime> {
    match s.cadence {
        Cadence::Daily => Some(end + Duration::days(1)),
        Cadence::Weekly => Some(end + Duration::days(7)),
        Cadence::Monthly => end.checked_add_months(Months::new(1)),
        Cadence::ShiftEnd => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).unwrap()
    }
    fn at(y: i32, mo: u32, d: u32, h: u32, m: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(y, mo, d).unwrap().and_time(t(h, m))
    }
    fn schedule(cadence: Cadence) -> Schedule {
        Schedule {
            cadence,
            at: t(6, 0),
            weekday: Some(Weekday::Mon),
            day_of_month: Some(1),
        }
    }

    #[test]
    fn a_daily_period_is_the_day_before_the_time() {
        let s = schedule(Cadence::Daily);
        // 2026-12-02 is a Wednesday.
        assert_eq!(
            latest_period(&s, &[], at(2026, 12, 2, 7, 0)),
            Some((at(2026, 12, 1, 6, 0), at(2026, 12, 2, 6, 0)))
        );
        assert_eq!(
            latest_period(&s, &[], at(2026, 12, 2, 5, 59)),
            Some((at(2026, 11, 30, 6, 0), at(2026, 12, 1, 6, 0)))
        );
        assert_eq!(
            latest_period(&s, &[], at(2026, 12, 2, 6, 0)).map(|p| p.1),
            Some(at(2026, 12, 2, 6, 0)),
            "due exactly at its time"
        );
    }

    #[test]
    fn a_weekly_period_ends_on_its_weekday_and_a_monthly_one_on_its_day() {
        let s = schedule(Cadence::Weekly);
        assert_eq!(
            latest_period(&s, &[], at(2026, 12, 2, 7, 0)),
            Some((at(2026, 11, 23, 6, 0), at(2026, 11, 30, 6, 0)))
        );
        let m = schedule(Cadence::Monthly);
        assert_eq!(
            latest_period(&m, &[], at(2026, 12, 2, 7, 0)),
            Some((at(2026, 11, 1, 6, 0), at(2026, 12, 1, 6, 0)))
        );
        assert_eq!(
            latest_period(&m, &[], at(2026, 12, 1, 5, 0)),
            Some((at(2026, 10, 1, 6, 0), at(2026, 11, 1, 6, 0)))
        );
        assert_eq!(
            next_end(&m, at(2026, 12, 1, 6, 0)),
            Some(at(2027, 1, 1, 6, 0))
        );
    }

    #[test]
    fn a_shift_period_is_the_occurrence_that_ended_last_across_midnight() {
        let all = vec![];
        let shifts = vec![
            ShiftTimes {
                id: 0,
                start: t(6, 0),
                end: t(14, 0),
                days: all.clone(),
            },
            ShiftTimes {
                id: 1,
                start: t(14, 0),
                end: t(22, 0),
                days: all.clone(),
            },
            ShiftTimes {
                id: 2,
                start: t(22, 0),
                end: t(6, 0),
                days: all,
            },
        ];
        let s = schedule(Cadence::ShiftEnd);
        assert_eq!(
            latest_period(&s, &shifts, at(2026, 12, 2, 7, 0)),
            Some((at(2026, 12, 1, 22, 0), at(2026, 12, 2, 6, 0)))
        );
        assert_eq!(
            latest_period(&s, &shifts, at(2026, 12, 2, 14, 0)),
            Some((at(2026, 12, 2, 6, 0), at(2026, 12, 2, 14, 0)))
        );
        let weekdays = vec![ShiftTimes {
            id: 0,
            start: t(6, 0),
            end: t(14, 0),
            days: vec![
                Weekday::Mon,
                Weekday::Tue,
                Weekday::Wed,
                Weekday::Thu,
                Weekday::Fri,
            ],
        }];
        // Sunday 2026-12-06: the last shift was Friday's.
        assert_eq!(
            latest_period(&s, &weekdays, at(2026, 12, 6, 12, 0)),
            Some((at(2026, 12, 4, 6, 0), at(2026, 12, 4, 14, 0)))
        );
        assert_eq!(latest_period(&s, &[], at(2026, 12, 6, 12, 0)), None);
    }
}
