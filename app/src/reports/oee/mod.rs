//! OEE (issue 34, item 3; decision 112): availability × performance × quality of a line over the
//! time its shifts planned, per shift occurrence, per local day or per line.
//!
//! - **Planned production time**: the shifts' time (so far) less stops for a reason configured as
//!   planned. Time outside every shift is not planned, and what was made in it is not counted.
//! - **Availability** = time running ÷ planned production time. Idle time, unplanned stops and
//!   faults (a stop without a reason is unplanned) are its losses; time before the line reported
//!   any state counts as not running.
//! - **Performance** = the time the output takes at its ideal rates ÷ time running. A batch is
//!   rated as it ends at the rate configured for its recipe on the line, else the line's mixer
//!   capacity per nominal batch time; a group with output made without a rate has none.
//! - **Quality** = kilograms of batches not aborted with every dose in tolerance ÷ all kilograms.
//! - **OEE** = availability × performance × quality (0 when the line did not run or made
//!   nothing while planned).
//!
//! Batches count in the window they ended in, as in every production report. The time is read
//! from the state rollups and the output from the batch rollups of the same pieces.

use chrono::{DateTime, NaiveDate, Utc};
use model::Msg;
use model::choice::OeeGroup;
use serde::Serialize;
use utoipa::ToSchema;

use super::figures::local_key;
use super::scope::{Bucket, Cut, Scope, Window, given};

mod figures;
mod groups;

use crate::{App, Error, Result};
pub use figures::OeeFigures;
use groups::{intersect, seconds};
use std::collections::HashMap;

/// One group of the report: a shift occurrence, a local day or a line.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OeeRow {
    /// `<lineId>/<shiftId>/<local start>` for a shift, `<lineId>/<local date>` for a day, the
    /// line's `_id` for a line.
    pub key: String,
    pub line_id: String,
    pub line_name: String,
    pub shift_id: Option<String>,
    pub shift_name: Option<String>,
    /// The local date of a day, or of a shift's start.
    #[schema(value_type = Option<String>, format = Date)]
    pub date: Option<NaiveDate>,
    /// The group's planned time: from its first shift's start to its last one's end (so far).
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    #[serde(flatten)]
    pub figures: OeeFigures,
}

/// OEE per group, per line over the range, and for the lines together.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Oee {
    pub from_date_time: DateTime<Utc>,
    pub to_date_time: DateTime<Utc>,
    #[schema(value_type = OeeGroup)]
    pub group_by: String,
    pub rows: Vec<OeeRow>,
    /// Each line over the range.
    pub lines: Vec<OeeRow>,
    pub totals: OeeFigures,
}

/// OEE is a figure of a line's time: a recipe, order or batch filter would measure the time of
/// every product against the output of one.
pub fn check_filters(q: &super::scope::ReportQuery) -> Result<()> {
    for (field, v) in [
        ("recipeId", &q.recipe_id),
        ("productionScheduleId", &q.production_schedule_id),
        ("batchId", &q.batch_id),
    ] {
        if given(v.as_deref()).is_some() {
            return Err(Error::field(field, Msg::new("report.oeeNoFilter")));
        }
    }
    Ok(())
}

/// The OEE of `scope`'s lines grouped by `group`, up to `now`.
pub async fn report(app: &App, scope: &Scope, group: OeeGroup, now: DateTime<Utc>) -> Result<Oee> {
    // The shifts' time so far: the planned windows.
    let shifts: Vec<Window> = scope
        .windows(app, Cut::Shifts)
        .await?
        .into_iter()
        .filter(|w| matches!(w.bucket, Bucket::Shift { shift: Some(_), .. }))
        .filter_map(|w| {
            let to = w.to.min(now);
            (w.from < to).then_some(Window { to, ..w })
        })
        .collect();
    let days = scope.windows(app, Cut::Calendar("day")).await?;
    let cut = intersect(&shifts, &days);
    let atoms: Vec<Window> = cut.iter().map(|(_, w)| w.clone()).collect();
    let figures = piece_figures(app, scope, &atoms, now).await?;
    let windows: Vec<Window> = cut
        .into_iter()
        .map(|(s, w)| match group {
            OeeGroup::Shift => Window {
                bucket: shifts[s].bucket.clone(),
                ..w
            },
            OeeGroup::Day => w,
            OeeGroup::Line => Window {
                bucket: Bucket::All,
                ..w
            },
        })
        .collect();
    Ok(assemble(scope, group, &windows, figures))
}

/// The sums of each of `pieces` (shifts cut at local midnight, decision 115): those kept and
/// still good as kept, the others read from the rollups and kept once their time has passed.
async fn piece_figures(
    app: &App,
    scope: &Scope,
    pieces: &[Window],
    now: DateTime<Utc>,
) -> Result<Vec<OeeFigures>> {
    let lines = scope.line_ids();
    let kept = db::oee::pieces(app.reads(), &lines, scope.from, scope.to).await?;
    let kept: HashMap<(&str, DateTime<Utc>, DateTime<Utc>), &db::oee::Piece> = kept
        .iter()
        .map(|p| ((p.line_id.as_str(), p.f, p.t), p))
        .collect();
    let mut figures = vec![OeeFigures::default(); pieces.len()];
    let mut missing = Vec::new();
    for (i, w) in pieces.iter().enumerate() {
        match kept.get(&(scope.lines[w.line].id.as_str(), w.from, w.to)) {
            Some(p) => figures[i] = OeeFigures::of_piece(p),
            None => missing.push(i),
        }
    }
    if missing.is_empty() {
        return Ok(figures);
    }
    // Only a report that keeps pieces prunes the change log (the check above reads it whole).
    db::oee::prune(app.reads()).await?;
    // Taken before the rollups are read: a change committed after it makes what is read stale.
    let snap = db::oee::snapshot(app.reads()).await?;
    let windows: Vec<Window> = missing.iter().map(|&i| pieces[i].clone()).collect();
    let read = scope.pieces_by_hour(app, &windows).await?;
    let (output, times) = tokio::try_join!(
        db::reports::batch_rows(app.reads(), &read),
        db::oee::state_times(app.reads(), &read, windows.len(), now),
    )?;
    let mut computed = vec![OeeFigures::default(); windows.len()];
    for (f, (w, t)) in computed.iter_mut().zip(windows.iter().zip(&times)) {
        f.add_times(seconds(w), t);
    }
    for r in &output {
        if let Some(f) = usize::try_from(r.k).ok().and_then(|k| computed.get_mut(k)) {
            f.add_output(r);
        }
    }
    // A piece still going (cut at now) changes by the minute: not kept.
    let keep: Vec<db::oee::Piece> = windows
        .iter()
        .zip(&computed)
        .filter(|(w, _)| w.to < now)
        .map(|(w, f)| f.piece(&scope.lines[w.line].id, w.from, w.to, &snap))
        .collect();
    db::oee::keep(app.reads(), &keep).await?;
    for (i, f) in missing.into_iter().zip(computed) {
        figures[i] = f;
    }
    Ok(figures)
}

/// The rows of `windows` with their `figures`, the lines' and the totals.
fn assemble(scope: &Scope, group: OeeGroup, windows: &[Window], figures: Vec<OeeFigures>) -> Oee {
    let mut rows: Vec<OeeRow> = Vec::new();
    let mut index = std::collections::HashMap::new();
    let mut lines: Vec<Option<OeeRow>> = vec![None; scope.lines.len()];
    let mut totals = OeeFigures::default();
    for (w, f) in windows.iter().zip(figures) {
        let line = &scope.lines[w.line];
        let (key, shift, date) = match &w.bucket {
            Bucket::Shift {
                shift: Some(s),
                start,
            } => {
                let s = &line.shifts[*s];
                (
                    format!("{}/{}/{}", line.id, s.id, local_key(*start)),
                    Some(s),
                    Some(start.date()),
                )
            }
            Bucket::Calendar { start, .. } => (
                format!("{}/{}", line.id, start.date()),
                None,
                Some(start.date()),
            ),
            _ => (line.id.clone(), None, None),
        };
        let new_row = |key: String| OeeRow {
            key,
            line_id: line.id.clone(),
            line_name: line.name.clone(),
            shift_id: shift.map(|s| s.id.clone()),
            shift_name: shift.map(|s| s.name.clone()),
            date,
            from: w.from,
            to: w.to,
            figures: OeeFigures::default(),
        };
        let at = *index.entry(key.clone()).or_insert_with(|| {
            rows.push(new_row(key));
            rows.len() - 1
        });
        for row in [Some(&mut rows[at]), lines[w.line].as_mut()]
            .into_iter()
            .flatten()
        {
            row.from = row.from.min(w.from);
            row.to = row.to.max(w.to);
            row.figures.add(&f);
        }
        if lines[w.line].is_none() {
            let mut l = new_row(line.id.clone());
            (l.shift_id, l.shift_name, l.date) = (None, None, None);
            l.figures.add(&f);
            lines[w.line] = Some(l);
        }
        totals.add(&f);
    }
    for r in &mut rows {
        r.figures.finish();
    }
    let mut lines: Vec<OeeRow> = lines.into_iter().flatten().collect();
    for l in &mut lines {
        l.figures.finish();
    }
    totals.finish();
    rows.sort_by(|a, b| (a.from, &a.line_name).cmp(&(b.from, &b.line_name)));
    Oee {
        from_date_time: scope.from,
        to_date_time: scope.to,
        group_by: group.as_str().to_string(),
        rows,
        lines,
        totals,
    }
}
