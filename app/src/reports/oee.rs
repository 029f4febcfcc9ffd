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
use db::oee::StateTimes;
use model::Msg;
use model::choice::OeeGroup;
use serde::Serialize;
use utoipa::ToSchema;

use super::figures::local_key;
use super::scope::{Bucket, Cut, Scope, Window, given};
use crate::{App, Error, Result};

/// The sums OEE is computed from, and its factors (fractions, 0..1; performance may pass 1 when
/// an ideal rate is set too low).
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OeeFigures {
    /// The shifts' time so far, s.
    pub shift_s: f64,
    /// Stopped for a planned reason, s.
    pub planned_stop_s: f64,
    /// Planned production time: the shifts' time less the planned stops, s.
    pub planned_s: f64,
    pub running_s: f64,
    pub idle_s: f64,
    /// Stopped for an unplanned reason or none, or in fault, s.
    pub unplanned_stop_s: f64,
    /// Before the line reported any state, s.
    pub unknown_s: f64,
    /// Batches ended.
    pub batches: i64,
    pub actual_kg: f64,
    /// Of batches not aborted with every dose in tolerance.
    pub good_kg: f64,
    /// Made without an ideal rate (the group then has no performance).
    pub unrated_kg: f64,
    /// The time the output takes at its ideal rates, s.
    pub ideal_s: f64,
    pub availability: Option<f64>,
    pub performance: Option<f64>,
    pub quality: Option<f64>,
    pub oee: Option<f64>,
    #[serde(skip)]
    rated_kg: f64,
}

impl OeeFigures {
    fn add_times(&mut self, shift_s: f64, t: &StateTimes) {
        self.shift_s += shift_s;
        self.planned_stop_s += t.planned_s;
        self.running_s += t.running_s;
        self.idle_s += t.idle_s;
        self.unplanned_stop_s += t.unplanned_s;
    }

    fn add_output(&mut self, r: &db::reports::BatchRow) {
        self.batches += r.batches;
        self.actual_kg += r.actual_kg;
        self.good_kg += r.good_kg;
        self.ideal_s += r.ideal_s;
        self.rated_kg += r.rated_kg;
    }

    fn add(&mut self, o: &OeeFigures) {
        self.shift_s += o.shift_s;
        self.planned_stop_s += o.planned_stop_s;
        self.running_s += o.running_s;
        self.idle_s += o.idle_s;
        self.unplanned_stop_s += o.unplanned_stop_s;
        self.batches += o.batches;
        self.actual_kg += o.actual_kg;
        self.good_kg += o.good_kg;
        self.ideal_s += o.ideal_s;
        self.rated_kg += o.rated_kg;
    }

    /// Computes the derived times and the factors from the sums.
    fn finish(&mut self) {
        // Sums of float seconds: below a millisecond is rounding, not time.
        let some = |x: f64| x > 1e-3;
        let known = self.running_s + self.idle_s + self.planned_stop_s + self.unplanned_stop_s;
        self.unknown_s = (self.shift_s - known).max(0.0);
        self.planned_s = (self.shift_s - self.planned_stop_s).max(0.0);
        self.unrated_kg = (self.actual_kg - self.rated_kg).max(0.0);
        if self.unrated_kg < 1e-6 * self.actual_kg.abs().max(1.0) {
            self.unrated_kg = 0.0;
        }
        // No state known at all: the line does not report its states, nothing to measure.
        self.availability = (some(self.planned_s) && some(known))
            .then(|| (self.running_s / self.planned_s).min(1.0));
        self.performance =
            (some(self.running_s) && self.unrated_kg == 0.0).then(|| self.ideal_s / self.running_s);
        self.quality = (self.actual_kg > 0.0).then(|| self.good_kg / self.actual_kg);
        self.oee = match (self.availability, self.performance, self.quality) {
            (Some(a), Some(p), Some(q)) => Some(a * p * q),
            // Planned, and did not run or made nothing while it ran.
            (Some(a), p, _) if a == 0.0 || p == Some(0.0) => Some(0.0),
            _ => None,
        };
    }
}

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
    let windows = match group {
        OeeGroup::Shift => shifts,
        OeeGroup::Day => {
            let days = scope.windows(app, Cut::Calendar("day")).await?;
            merged(intersect(&shifts, &days))
        }
        OeeGroup::Line => merged(
            shifts
                .into_iter()
                .map(|w| Window {
                    bucket: Bucket::All,
                    ..w
                })
                .collect(),
        ),
    };
    let pieces = scope.pieces_by_hour(app, &windows).await?;
    let (output, times) = tokio::try_join!(
        db::reports::batch_rows(&app.pool, &pieces),
        db::oee::state_times(&app.pool, &pieces, windows.len(), now),
    )?;
    let mut figures = vec![OeeFigures::default(); windows.len()];
    for (f, (w, t)) in figures.iter_mut().zip(windows.iter().zip(&times)) {
        f.add_times(seconds(w), t);
    }
    for r in &output {
        if let Some(f) = usize::try_from(r.k).ok().and_then(|k| figures.get_mut(k)) {
            f.add_output(r);
        }
    }
    Ok(assemble(scope, group, &windows, figures))
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

fn seconds(w: &Window) -> f64 {
    (w.to - w.from).num_milliseconds() as f64 / 1000.0
}

/// The parts of `shifts` in each of `days` (both each line's, in time order), named by the day.
fn intersect(shifts: &[Window], days: &[Window]) -> Vec<Window> {
    let mut out = Vec::new();
    for s in shifts {
        // A shift is at most a day long: it meets at most two local days.
        let first =
            days.partition_point(|d| d.line < s.line || (d.line == s.line && d.to <= s.from));
        for d in days[first..]
            .iter()
            .take_while(|d| d.line == s.line && d.from < s.to)
        {
            let (from, to) = (s.from.max(d.from), s.to.min(d.to));
            if from < to {
                out.push(Window {
                    line: s.line,
                    bucket: d.bucket.clone(),
                    from,
                    to,
                });
            }
        }
    }
    out
}

/// `windows` (in time order per line) with each run of adjacent ones of the same line and bucket
/// made one: a day of three shifts is one window, read from the day's rollups.
fn merged(windows: Vec<Window>) -> Vec<Window> {
    let mut out: Vec<Window> = Vec::with_capacity(windows.len());
    for w in windows {
        match out.last_mut() {
            Some(last) if last.line == w.line && last.bucket == w.bucket && last.to == w.from => {
                last.to = w.to;
            }
            _ => out.push(w),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn t(h: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 2, 0, 0, 0).unwrap() + chrono::Duration::hours(h.into())
    }

    fn win(line: usize, bucket: Bucket, from: u32, to: u32) -> Window {
        Window {
            line,
            bucket,
            from: t(from),
            to: t(to),
        }
    }

    fn day(d: u32) -> Bucket {
        let start = NaiveDate::from_ymd_opt(2026, 3, 2 + d)
            .unwrap()
            .and_hms_opt(0, 0, 0)
            .unwrap();
        Bucket::Calendar {
            start,
            key: local_key(start),
        }
    }

    #[test]
    fn shifts_are_cut_at_midnight_and_adjacent_parts_of_a_day_merged() {
        let shift = |h: u32| Bucket::Shift {
            shift: Some(0),
            start: NaiveDate::from_ymd_opt(2026, 3, 2)
                .unwrap()
                .and_hms_opt(h, 0, 0)
                .unwrap(),
        };
        // 06–14, 14–22, 22–06 of line 0; 06–14 of line 1.
        let shifts = vec![
            win(0, shift(6), 6, 14),
            win(0, shift(14), 14, 22),
            win(0, shift(22), 22, 30),
            win(1, shift(6), 6, 14),
        ];
        let days = vec![
            win(0, day(0), 0, 24),
            win(0, day(1), 24, 48),
            win(1, day(0), 0, 24),
            win(1, day(1), 24, 48),
        ];
        let got = merged(intersect(&shifts, &days));
        let spans: Vec<(usize, DateTime<Utc>, DateTime<Utc>)> =
            got.iter().map(|w| (w.line, w.from, w.to)).collect();
        assert_eq!(
            spans,
            vec![(0, t(6), t(24)), (0, t(24), t(30)), (1, t(6), t(14))]
        );
        assert_eq!(got[1].bucket, day(1));
    }

    #[test]
    fn the_factors_follow_their_definitions() {
        let mut f = OeeFigures {
            shift_s: 8.0 * 3600.0,
            planned_stop_s: 3600.0,
            running_s: 6.0 * 3600.0,
            idle_s: 1800.0,
            unplanned_stop_s: 1800.0,
            actual_kg: 40_000.0,
            good_kg: 38_000.0,
            ideal_s: 4.8 * 3600.0,
            rated_kg: 40_000.0,
            ..OeeFigures::default()
        };
        f.finish();
        assert_eq!(f.planned_s, 7.0 * 3600.0);
        assert_eq!(f.unknown_s, 0.0);
        assert_eq!(f.availability, Some(6.0 / 7.0));
        assert_eq!(f.performance, Some(0.8));
        assert_eq!(f.quality, Some(0.95));
        let oee = f.oee.unwrap();
        assert!((oee - 6.0 / 7.0 * 0.8 * 0.95).abs() < 1e-12);
        // Output made without a rate: no performance, no OEE.
        let mut g = OeeFigures {
            rated_kg: 30_000.0,
            ..f.clone()
        };
        g.finish();
        assert_eq!(g.unrated_kg, 10_000.0);
        assert_eq!((g.performance, g.oee), (None, None));
        // Planned and never ran: OEE 0.
        let mut h = OeeFigures {
            shift_s: 3600.0,
            idle_s: 3600.0,
            ..OeeFigures::default()
        };
        h.finish();
        assert_eq!(
            (h.availability, h.performance, h.quality, h.oee),
            (Some(0.0), None, None, Some(0.0))
        );
        // A line that reports no states: nothing measured.
        let mut n = OeeFigures {
            shift_s: 3600.0,
            ..OeeFigures::default()
        };
        n.finish();
        assert_eq!((n.availability, n.oee), (None, None));
    }
}
