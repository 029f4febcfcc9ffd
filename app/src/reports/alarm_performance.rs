//! The alarm performance report (issue 34, item 2): ISA-18.2's measures of how well a line's
//! alarms serve its operators, over the alarms raised in the report's range — alarms per 10
//! minutes (at most one is acceptable, more than ten a flood), the flood periods, the ten most
//! frequent alarms, chattering (three or more of one alarm within a minute), standing alarms
//! (active for more than 24 hours) and the time to acknowledge. Per line, and for the lines
//! together.

use chrono::{DateTime, Utc};
use db::alarms::performance as figures;
use model::Lang;
use serde::Serialize;
use utoipa::ToSchema;

use super::scope::Scope;
use crate::{App, Result};

/// Floods and standing alarms listed at most.
pub const LISTED: i64 = 500;
/// The most frequent alarms listed.
pub const TOP: usize = 10;
/// A period of the alarm rate.
pub const PERIOD_S: i64 = 600;

/// A flood: consecutive 10-minute periods with more than ten alarms each.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Flood {
    pub line_id: String,
    pub line_name: Option<String>,
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    pub alarms: i64,
    /// The busiest 10 minutes of it.
    pub peak: i64,
}

/// An alarm point and how often it was raised.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PointAlarms {
    pub line_id: String,
    pub line_name: Option<String>,
    pub code: String,
    /// The configured text in the reader's language.
    pub text: String,
    #[schema(value_type = model::wire::Severity)]
    pub severity: String,
    pub alarms: i64,
    /// Share of all the alarms of the report's lines (0..1).
    pub share: f64,
    /// Alarms that came as the third or later of the point within a minute.
    pub chattering: i64,
    /// Bursts of chattering (each began with a third alarm within a minute).
    pub bursts: i64,
}

/// An alarm active for more than 24 hours.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StandingAlarm {
    pub id: String,
    pub line_id: String,
    pub line_name: Option<String>,
    pub code: String,
    pub text: String,
    pub raised_at: DateTime<Utc>,
    /// `null` while still active.
    pub returned_at: Option<DateTime<Utc>>,
    /// Active so far (to its return, else to now).
    pub hours: f64,
}

/// How long alarms waited for their acknowledgement.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AckTimes {
    pub acknowledged: i64,
    pub unacknowledged: i64,
    pub median_s: Option<f64>,
    pub p90_s: Option<f64>,
    pub max_s: Option<f64>,
}

/// The measures of one line, or of the lines together.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Measures {
    /// Alarms raised in the range.
    pub alarms: i64,
    /// 10-minute periods in the range (for the lines together: line-periods).
    pub periods: i64,
    pub average_per_ten_minutes: f64,
    pub peak_per_ten_minutes: i64,
    /// Share of the periods with at most one alarm (ISA-18.2: acceptable).
    pub acceptable_share: f64,
    /// Share of the periods with more than ten alarms (a flood).
    pub flood_share: f64,
    pub flood_periods: i64,
    /// Alarms that came as the third or later of their point within a minute.
    pub chattering: i64,
    pub standing: i64,
    pub acknowledgement: AckTimes,
}

/// One line's measures.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineMeasures {
    pub line_id: String,
    pub line_name: String,
    #[serde(flatten)]
    pub measures: Measures,
}

/// The report.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlarmPerformance {
    pub from_date_time: DateTime<Utc>,
    pub to_date_time: DateTime<Utc>,
    /// Each line of the report.
    pub lines: Vec<LineMeasures>,
    /// The lines together.
    pub all: Measures,
    /// The ten most frequent alarms of the lines together.
    pub top: Vec<PointAlarms>,
    /// Every point that chattered, most chattering first.
    pub chattering: Vec<PointAlarms>,
    /// Floods, oldest first (at most 500).
    pub floods: Vec<Flood>,
    /// Standing alarms, oldest first (at most 500).
    pub standing: Vec<StandingAlarm>,
}

fn ack(t: Option<&figures::AckTimes>) -> AckTimes {
    t.map(|t| AckTimes {
        acknowledged: t.acknowledged,
        unacknowledged: t.unacknowledged,
        median_s: t.median_s,
        p90_s: t.p90_s,
        max_s: t.max_s,
    })
    .unwrap_or_default()
}

fn share(part: i64, whole: i64) -> f64 {
    if whole > 0 {
        part as f64 / whole as f64
    } else {
        0.0
    }
}

/// The report of `scope` with texts in `lang`.
pub async fn report(app: &App, scope: &Scope, lang: Lang) -> Result<AlarmPerformance> {
    let lines = scope.line_ids();
    let (from, to) = (scope.from, scope.to);
    let pool = app.reads();
    let (rates, floods, points, standing, acks) = tokio::try_join!(
        figures::rates(pool, &lines, from, to),
        figures::floods(pool, &lines, from, to, LISTED),
        figures::points(pool, &lines, from, to),
        figures::standing(pool, &lines, from, to, LISTED),
        figures::ack_times(pool, &lines, from, to),
    )?;
    let config = crate::alarms::configs_by_code(app).await?;
    let text = |code: &str| crate::alarms::handling::text(config.get(code), lang, code);
    let name = |id: &str| scope.line_name(id);
    let periods = ((to - from).num_seconds().max(0) + PERIOD_S - 1) / PERIOD_S;
    let now = Utc::now();

    let standing: Vec<StandingAlarm> = standing
        .into_iter()
        .map(|s| StandingAlarm {
            id: s.id.to_string(),
            line_name: name(&s.line_id),
            text: text(&s.code),
            hours: (s.returned_at.unwrap_or(now) - s.raised_at).as_seconds_f64() / 3600.0,
            line_id: s.line_id,
            code: s.code,
            raised_at: s.raised_at,
            returned_at: s.returned_at,
        })
        .collect();
    let floods: Vec<Flood> = floods
        .into_iter()
        .map(|f| Flood {
            line_name: name(&f.line_id),
            line_id: f.line_id,
            from: f.from,
            to: f.to,
            alarms: f.alarms,
            peak: f.peak,
        })
        .collect();
    let total: i64 = points.iter().map(|p| p.alarms).sum();
    let points: Vec<PointAlarms> = points
        .into_iter()
        .map(|p| PointAlarms {
            line_name: name(&p.line_id),
            text: text(&p.code),
            share: share(p.alarms, total),
            line_id: p.line_id,
            code: p.code,
            severity: p.severity,
            alarms: p.alarms,
            chattering: p.chattering,
            bursts: p.bursts,
        })
        .collect();

    let measures = |line: Option<&str>| {
        let on = |l: &str| line.is_none_or(|x| x == l);
        let r: Vec<&figures::Rates> = rates.iter().filter(|r| on(&r.line_id)).collect();
        let periods = periods
            * if line.is_some() {
                1
            } else {
                lines.len() as i64
            };
        // Counted from the points (exact for any range; the periods are on the clock).
        let alarms: i64 = points
            .iter()
            .filter(|p| on(&p.line_id))
            .map(|p| p.alarms)
            .sum();
        let over_one: i64 = r.iter().map(|r| r.over_one).sum();
        let over_ten: i64 = r.iter().map(|r| r.over_ten).sum();
        Measures {
            alarms,
            periods,
            average_per_ten_minutes: share(alarms, periods),
            peak_per_ten_minutes: r.iter().map(|r| r.peak).max().unwrap_or(0),
            acceptable_share: if periods > 0 {
                1.0 - share(over_one, periods)
            } else {
                0.0
            },
            flood_share: share(over_ten, periods),
            flood_periods: over_ten,
            chattering: points
                .iter()
                .filter(|p| on(&p.line_id))
                .map(|p| p.chattering)
                .sum(),
            standing: standing.iter().filter(|s| on(&s.line_id)).count() as i64,
            acknowledgement: ack(acks.iter().find(|a| a.line_id.as_deref() == line)),
        }
    };
    let per_line = scope
        .lines
        .iter()
        .map(|l| LineMeasures {
            line_id: l.id.clone(),
            line_name: l.name.clone(),
            measures: measures(Some(&l.id)),
        })
        .collect();
    let all = measures(None);
    let mut chattering: Vec<PointAlarms> = points
        .iter()
        .filter(|p| p.chattering > 0)
        .cloned()
        .collect();
    chattering.sort_by(|a, b| b.chattering.cmp(&a.chattering).then(a.code.cmp(&b.code)));
    Ok(AlarmPerformance {
        from_date_time: from,
        to_date_time: to,
        lines: per_line,
        all,
        top: points.into_iter().take(TOP).collect(),
        chattering,
        floods,
        standing,
    })
}
