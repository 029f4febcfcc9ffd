//! What a report call asks for: the filters of §9 checked into a [`Scope`] (the lines with their
//! zones and shifts, the half-open range, recipe, order, batch and shift), and the windows a
//! report is cut into (one per line, per shift occurrence or per calendar bucket), each cut into
//! the pieces the rollups answer (decision 59).

use chrono::{DateTime, Duration, NaiveTime, Utc};
use model::Msg;
use model::config::shift_window::{ShiftTimes, weekday};
use serde::Deserialize;
use utoipa::IntoParams;
use uuid::Uuid;

use crate::when::range;
use crate::{App, Error, Result};

pub use super::windows::{Bucket, Cut, Window};

/// The longest range a report answers (decision 60).
pub const MAX_DAYS: i64 = 400;
/// Reports that read every raw sample (the pressure readings) cover at most this many days of
/// one line: 62 days of one line, 31 of two, 7 of eight (decision 94).
pub const RAW_LINE_DAYS: i64 = 62;

/// The filters every report takes (§7 Reports, §9).
#[derive(Debug, Default, Clone, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ReportQuery {
    /// A line's `_id`; omitted or `ALL` for every line.
    pub line_id: Option<String>,
    /// Start of the range, included (RFC 3339).
    pub from_date_time: Option<String>,
    /// End of the range, excluded (RFC 3339); at most 400 days after the start.
    pub to_date_time: Option<String>,
    /// Only the time of this shift (a shift's `_id`); omitted, `0` or `NONE` for all day.
    pub shift_id: Option<String>,
    /// Only batches of this recipe (a version's or its group's `_id`); `0` or `NONE` for all.
    pub recipe_id: Option<String>,
    /// Only batches of this production order (its `_id`); `0` or `NONE` for all.
    pub production_schedule_id: Option<String>,
    /// Only this batch (its batch number); `0` or `NONE` for all.
    pub batch_id: Option<String>,
}

/// A line as reports need it.
#[derive(Debug, Clone)]
pub struct Line {
    pub id: String,
    pub code: String,
    pub name: String,
    pub zone: String,
    /// From when the local-day rollups hold the line's days whole (decision 104).
    pub days_since: Option<DateTime<Utc>>,
    pub shifts: Vec<Shift>,
}

#[derive(Debug, Clone)]
pub struct Shift {
    pub id: String,
    pub name: String,
    pub times: ShiftTimes<usize>,
}

/// A checked report request.
#[derive(Debug, Clone)]
pub struct Scope {
    pub lines: Vec<Line>,
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    pub recipes: Option<Vec<String>>,
    pub order: Option<String>,
    pub batch: Option<String>,
    /// Only this shift's time (its `_id`).
    pub shift: Option<String>,
}

/// §9: `0` and `NONE` (and nothing) drop a filter.
pub fn given(raw: Option<&str>) -> Option<&str> {
    raw.map(str::trim)
        .filter(|s| !s.is_empty() && *s != "0" && !s.eq_ignore_ascii_case("NONE"))
}

/// A [`Choice`](model::choice::Choice) named by `raw` (any case), `None` when absent or blank;
/// else invalid on `field`, listing its values.
pub fn pick<T: model::choice::Choice>(raw: Option<&str>, field: &str) -> Result<Option<T>> {
    choice_of(raw, field, T::ALL, T::as_str)
}

/// One of an enum's values (`all`, spelled by `name`, any case), `None` when `raw` is absent or
/// blank; else a 400 on `field` listing them.
pub fn choice_of<T: Copy>(
    raw: Option<&str>,
    field: &str,
    all: &[T],
    name: impl Fn(T) -> &'static str,
) -> Result<Option<T>> {
    match raw.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(v) => all
            .iter()
            .copied()
            .find(|o| name(*o).eq_ignore_ascii_case(v))
            .map(Some)
            .ok_or_else(|| {
                let names: Vec<&str> = all.iter().map(|o| name(*o)).collect();
                Error::field(
                    field,
                    Msg::new("validation.choice").arg("options", names.join(", ")),
                )
            }),
    }
}

fn unknown(field: &str, key: &'static str) -> Error {
    Error::field(field, Msg::new(key))
}

impl Scope {
    /// For a report that reads every raw sample: the range within `RAW_LINE_DAYS` line-days,
    /// else 400 on `toDateTime` naming the days allowed for this many lines.
    pub fn raw_series(&self) -> Result<()> {
        let lines = self.lines.len().max(1) as i64;
        let days = (RAW_LINE_DAYS / lines).max(1);
        if self.to - self.from > Duration::days(days) {
            return Err(Error::field(
                "toDateTime",
                Msg::new("report.rawRangeTooLong")
                    .arg("days", days.to_string())
                    .arg("lines", lines.to_string()),
            ));
        }
        Ok(())
    }
}

impl ReportQuery {
    /// Checks the filters: 400 naming the field for a missing or reversed range, one longer than
    /// [`MAX_DAYS`], an unknown line, recipe, order or shift.
    pub async fn scope(&self, app: &App) -> Result<Scope> {
        let (from, to) = range(self.from_date_time.as_deref(), self.to_date_time.as_deref())?;
        let from = from.ok_or_else(|| unknown("fromDateTime", "validation.required"))?;
        let to = to.ok_or_else(|| unknown("toDateTime", "validation.required"))?;
        if to - from > Duration::days(MAX_DAYS) {
            return Err(Error::field(
                "toDateTime",
                Msg::new("report.rangeTooLong").arg("days", MAX_DAYS.to_string()),
            ));
        }
        let line = match self.line_id.as_deref().map(str::trim) {
            None | Some("") | Some("ALL") => None,
            Some(raw) => {
                Some(Uuid::parse_str(raw).map_err(|_| unknown("lineId", "config.lineNotFound"))?)
            }
        };
        let lines = lines(app, line).await?;
        if line.is_some() && lines.is_empty() {
            return Err(unknown("lineId", "config.lineNotFound"));
        }
        let recipes = match given(self.recipe_id.as_deref()) {
            None => None,
            Some(raw) => {
                let id =
                    Uuid::parse_str(raw).map_err(|_| unknown("recipeId", "recipe.notFound"))?;
                let versions = db::reports::recipe_versions(app.reads(), id).await?;
                if versions.is_empty() {
                    return Err(unknown("recipeId", "recipe.notFound"));
                }
                Some(versions)
            }
        };
        let order = given(self.production_schedule_id.as_deref()).map(str::to_string);
        let batch = given(self.batch_id.as_deref()).map(str::to_string);
        let shift = given(self.shift_id.as_deref()).map(str::to_string);
        if let Some(s) = &shift
            && !lines.iter().any(|l| l.shifts.iter().any(|x| &x.id == s))
        {
            return Err(unknown("shiftId", "report.shiftNotFound"));
        }
        Ok(Scope {
            lines,
            from,
            to,
            recipes,
            order,
            batch,
            shift,
        })
    }
}

/// Line `id` (a production line id, the `_id` of a configured line), when it is configured.
pub async fn lines_of(app: &App, id: &str) -> Result<Vec<Line>> {
    match Uuid::parse_str(id) {
        Ok(u) => lines(app, Some(u)).await,
        Err(_) => Ok(Vec::new()),
    }
}

/// The live lines (one, or all ordered by code) with their active shifts.
async fn lines(app: &App, only: Option<Uuid>) -> Result<Vec<Line>> {
    let rows = db::lines::live(app.reads(), only).await?;
    let ids: Vec<Uuid> = rows.iter().map(|r| r.id).collect();
    let shifts = db::lines::active_shifts(app.reads(), &ids).await?;
    Ok(rows
        .into_iter()
        .map(
            |db::lines::Line {
                 id,
                 code,
                 name,
                 timezone: zone,
                 days_since,
             }| {
                let time = |s: &str| NaiveTime::parse_from_str(s, "%H:%M").ok();
                let shifts = shifts
                    .iter()
                    .filter(|s| s.line_id == id)
                    .filter_map(|s| {
                        Some((
                            &s.id,
                            &s.name,
                            time(&s.start_time)?,
                            time(&s.end_time)?,
                            &s.days,
                        ))
                    })
                    .enumerate()
                    .map(|(i, (sid, name, start, end, days))| Shift {
                        id: sid.to_string(),
                        name: name.clone(),
                        times: ShiftTimes {
                            id: i,
                            start,
                            end,
                            days: days.iter().filter_map(|d| weekday(d)).collect(),
                        },
                    })
                    .collect();
                Line {
                    id: id.to_string(),
                    code,
                    name,
                    zone,
                    days_since,
                    shifts,
                }
            },
        )
        .collect())
}

impl Scope {
    pub fn line_ids(&self) -> Vec<String> {
        self.lines.iter().map(|l| l.id.clone()).collect()
    }

    /// The name of line `id` of the scope.
    /// The batches the scope is about (by their end), for the batch and diagnostics reports:
    /// 400 on `shiftId`, which they do not take.
    pub fn batches(&self) -> Result<db::batches::Filter> {
        if self.shift.is_some() {
            return Err(Error::field(
                "shiftId",
                Msg::new("report.shiftNotApplicable"),
            ));
        }
        Ok(db::batches::Filter {
            lines: self.line_ids(),
            from: self.from,
            to: self.to,
            recipes: self.recipes.clone(),
            order: self.order.clone(),
            batch: self.batch.clone(),
        })
    }

    pub fn line_name(&self, id: &str) -> Option<String> {
        self.lines
            .iter()
            .find(|l| l.id == id)
            .map(|l| l.name.clone())
    }

    /// Batch `b` as a report names it, with its line's name.
    pub fn identity(&self, b: db::batches::Identity) -> BatchIdentity {
        let name = self.line_name(&b.line_id);
        BatchIdentity::new(b, name)
    }
}

/// Which batch a report row is of: its line and number, the recipe it ran and its order.
/// Flattened into every batch report's rows, so each names a batch the same way.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchIdentity {
    pub line_id: String,
    /// The line's configured name (none once it is deleted).
    pub line_name: Option<String>,
    pub batch_id: String,
    pub recipe_id: String,
    pub recipe_code: Option<String>,
    pub recipe_name: Option<String>,
    pub recipe_version: i32,
    /// The production order the batch ran for, and its name.
    pub production_schedule_id: Option<String>,
    pub schedule_name: Option<String>,
}

impl BatchIdentity {
    pub fn new(b: db::batches::Identity, line_name: Option<String>) -> Self {
        Self {
            line_id: b.line_id,
            line_name,
            batch_id: b.batch_id,
            recipe_id: b.recipe_id,
            recipe_code: b.recipe_code,
            recipe_name: b.recipe_name,
            recipe_version: b.recipe_version,
            production_schedule_id: b.production_schedule_id,
            schedule_name: b.schedule_name,
        }
    }
}
