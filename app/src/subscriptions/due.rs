//! The periods that are due: a delivery row for each subscription's last ended period.

use chrono::{DateTime, NaiveTime, Utc};
use model::config::shift_window::{ShiftTimes, weekday};
use model::subscription::{Cadence, latest_period};
use uuid::Uuid;

use super::schedule;
use crate::{App, Result};

/// The shifts of line `line` as the periods need them.
async fn shifts(app: &App, line: Option<Uuid>) -> Result<Vec<ShiftTimes<usize>>> {
    let Some(line) = line else {
        return Ok(Vec::new());
    };
    let time = |s: &str| NaiveTime::parse_from_str(s, "%H:%M").ok();
    Ok(db::lines::active_shifts(&app.pool, &[line])
        .await?
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            Some(ShiftTimes {
                id: i,
                start: time(&s.start_time)?,
                end: time(&s.end_time)?,
                days: s.days.iter().filter_map(|d| weekday(d)).collect(),
            })
        })
        .collect())
}

/// Adds the delivery of every live subscription's last period ended by `now` (not one that
/// ended before the subscription was saved): how many were added. Safe to run from every api
/// process at once: a period's delivery is one row.
pub async fn due(app: &App, now: DateTime<Utc>) -> Result<usize> {
    let mut added = 0;
    for r in db::subscriptions::list(&app.pool).await? {
        let zone = db::zones::plant_zone(&app.pool, r.line_id).await?;
        let s = schedule(&r);
        let local = db::zones::to_local(&app.pool, &zone, &[now]).await?;
        let shifts = if s.cadence == Cadence::ShiftEnd {
            shifts(app, r.line_id).await?
        } else {
            Vec::new()
        };
        let Some((from, to)) = latest_period(&s, &shifts, local[0]) else {
            continue;
        };
        let utc = db::zones::to_utc(&app.pool, &zone, &[from, to]).await?;
        if utc[1] <= r.created_at || utc[1] > now {
            continue;
        }
        if db::subscriptions::enqueue(&app.pool, r.id, utc[0], utc[1]).await? {
            added += 1;
        }
    }
    Ok(added)
}
