//! Alarm handling the ISA-18.2 way (issue 34, decision 111): what is active, unacknowledged or
//! shelved now (here); the moves users make — acknowledge, shelve for a time with a reason,
//! unshelve, comment — each in one transaction with its audit entry ([`moves`]); and the alarm
//! board (`bus::alarms`) every console, wall display and line controller follows, with the
//! sweep that ends shelves at their time ([`board`]).

mod board;
mod moves;

pub use board::{EXPIRE_EVERY, expire, keep_current, publish, sync};
pub use moves::{AckRequest, Acknowledged, ShelveRequest, ack, comment, shelve, unshelve};

use std::cmp::Reverse;
use std::collections::HashMap;

use chrono::Utc;
use db::alarms::handling::{self as store, Which};
use model::Lang;
use model::alarm::AlarmPoint;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::AlarmConfig;
use crate::{App, Result};

/// A point as the console lists it: the point, its text in the reader's language and its
/// line's name.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActiveAlarm {
    #[serde(flatten)]
    pub point: AlarmPoint,
    /// The configured text in the reader's language (else English, else the raised text).
    pub text: String,
    /// The line's name; `null` for a line id no configured line has.
    pub line_name: Option<String>,
    /// Whether the point is shelved now.
    pub shelved: bool,
    /// Whether the configuration says the alarm stops the line.
    pub stops_line: bool,
}

/// The configured text of alarm `code` in `lang` (else English, else `raised`).
pub fn text(config: Option<&AlarmConfig>, lang: Lang, raised: &str) -> String {
    config
        .and_then(|c| {
            c.texts
                .get(lang.code())
                .or_else(|| c.texts.get(Lang::En.code()))
        })
        .filter(|t| !t.trim().is_empty())
        .cloned()
        .unwrap_or_else(|| raised.to_string())
}

/// What is active, unacknowledged or shelved now, of line `line` (its `_id`) or of every line:
/// critical first, then unacknowledged, then newest.
pub async fn active(app: &App, line: Option<&str>, lang: Lang) -> Result<Vec<ActiveAlarm>> {
    let points = store::points(
        &app.pool,
        Which {
            line,
            ..Which::default()
        },
    )
    .await?;
    let config = super::configs_by_code(app).await?;
    let names: HashMap<String, String> = db::lines::names(&app.pool).await?.into_iter().collect();
    let now = Utc::now();
    let mut out: Vec<ActiveAlarm> = points
        .into_iter()
        .map(|p| {
            let c = config.get(&p.code);
            ActiveAlarm {
                text: text(c, lang, &p.message),
                line_name: names.get(&p.line_id).cloned(),
                shelved: p.shelved(now),
                stops_line: c.is_some_and(|c| c.stops_line),
                point: p,
            }
        })
        .collect();
    out.sort_by_key(|a| {
        (
            a.shelved,
            Reverse(model::alarm::rank(a.point.severity)),
            a.point.acknowledged,
            Reverse(a.point.raised_at),
        )
    });
    Ok(out)
}
