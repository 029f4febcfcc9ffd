//! The windows a report cuts its range into — the line's whole range, its shift occurrences, or
//! calendar buckets of its zone — and the pieces (rollup days and hours, raw edges) each window
//! is read from.

use chrono::{DateTime, Duration, NaiveDateTime, Utc};
use db::reports::Pieces;
use model::config::shift_window::ShiftTimes;
use model::report::{Piece, Tier, pieces, shift_windows};

use super::scope::Scope;
use crate::{App, Result};

/// What a window of a report stands for.
#[derive(Debug, Clone, PartialEq)]
pub enum Bucket {
    /// The whole range of the line.
    All,
    /// A shift occurrence (`None`: time no shift covers), starting at local `start`.
    Shift {
        shift: Option<usize>,
        start: NaiveDateTime,
    },
    /// A calendar bucket starting at local `start`; `key` merges the buckets of lines: the local
    /// start, with its UTC offset for hours (the hour repeated when summer time ends is two).
    Calendar { start: NaiveDateTime, key: String },
}

/// A part of the range of one line.
#[derive(Debug, Clone)]
pub struct Window {
    /// Index into [`Scope::lines`].
    pub line: usize,
    pub bucket: Bucket,
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
}

/// How a report cuts its range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cut {
    Whole,
    Shifts,
    /// `hour`, `day`, `week` or `month` of the line's zone.
    Calendar(&'static str),
}

/// The key of a calendar bucket starting at local `start`, instant `at`.
fn calendar_key(unit: &str, start: NaiveDateTime, at: DateTime<Utc>) -> String {
    let local = start.format("%Y-%m-%dT%H:%M:%S").to_string();
    if unit != "hour" {
        return local;
    }
    let offset = (start - at.naive_utc()).num_minutes();
    let sign = if offset < 0 { '-' } else { '+' };
    format!(
        "{local}{sign}{:02}:{:02}",
        offset.abs() / 60,
        offset.abs() % 60
    )
}

impl Scope {
    /// The windows of `cut`, each line's a partition of the range (of the filtered shift's time
    /// when there is a shift filter). Every line's are computed together: a statement per step
    /// for all lines, not per line.
    pub async fn windows(&self, app: &App, cut: Cut) -> Result<Vec<Window>> {
        let mut shifts = if cut == Cut::Shifts || self.shift.is_some() {
            self.shift_windows(app).await?
        } else {
            Vec::new()
        };
        let mut cut_windows = match cut {
            Cut::Whole => (0..self.lines.len())
                .map(|i| {
                    vec![Window {
                        line: i,
                        bucket: Bucket::All,
                        from: self.from,
                        to: self.to,
                    }]
                })
                .collect(),
            // A shift filter needs them again below.
            Cut::Shifts if self.shift.is_some() => shifts.clone(),
            Cut::Shifts => std::mem::take(&mut shifts),
            Cut::Calendar(unit) => self.calendar_windows(app, unit).await?,
        };
        let mut out = Vec::new();
        for (i, line) in self.lines.iter().enumerate() {
            let mut windows = std::mem::take(&mut cut_windows[i]);
            if let Some(shift) = &self.shift {
                let Some(idx) = line.shifts.iter().position(|s| &s.id == shift) else {
                    continue;
                };
                let only: Vec<&Window> = shifts[i]
                    .iter()
                    .filter(
                        |w| matches!(w.bucket, Bucket::Shift { shift: Some(s), .. } if s == idx),
                    )
                    .collect();
                windows = windows
                    .into_iter()
                    .flat_map(|w| {
                        only.iter()
                            .filter_map(|o| {
                                let (from, to) = (w.from.max(o.from), w.to.min(o.to));
                                (from < to).then(|| Window {
                                    from,
                                    to,
                                    ..w.clone()
                                })
                            })
                            .collect::<Vec<_>>()
                    })
                    .collect();
            }
            out.extend(windows);
        }
        Ok(out)
    }

    /// Each line's shift occurrences over the range.
    async fn shift_windows(&self, app: &App) -> Result<Vec<Vec<Window>>> {
        // The range's ends in each line's wall-clock time: from and to, line by line.
        let zones: Vec<String> = self
            .lines
            .iter()
            .flat_map(|l| [l.zone.clone(), l.zone.clone()])
            .collect();
        let ends: Vec<DateTime<Utc>> = self
            .lines
            .iter()
            .flat_map(|_| [self.from, self.to])
            .collect();
        let local = db::zones::to_local_in(app.reads(), &zones, &ends).await?;
        let (mut bound_zones, mut bounds) = (Vec::new(), Vec::new());
        let mut per_line = Vec::new();
        for (i, line) in self.lines.iter().enumerate() {
            let times: Vec<ShiftTimes<usize>> =
                line.shifts.iter().map(|s| s.times.clone()).collect();
            let windows = shift_windows(&times, local[2 * i], local[2 * i + 1]);
            let before = bounds.len();
            bounds.extend(windows.iter().map(|w| w.from));
            bounds.extend(windows.last().map(|w| w.to));
            bound_zones.extend(std::iter::repeat_n(
                line.zone.clone(),
                bounds.len() - before,
            ));
            per_line.push(windows);
        }
        let utc = db::zones::to_utc_in(app.reads(), &bound_zones, &bounds).await?;
        let mut at = 0;
        Ok(per_line
            .into_iter()
            .enumerate()
            .map(|(i, windows)| {
                let n = if windows.is_empty() {
                    0
                } else {
                    windows.len() + 1
                };
                let mut utc = utc[at..at + n].to_vec();
                at += n;
                // The ends are the range's own instants (a local time may name two instants).
                if let Some(first) = utc.first_mut() {
                    *first = self.from;
                }
                if let Some(last) = utc.last_mut() {
                    *last = self.to;
                }
                windows
                    .iter()
                    .enumerate()
                    .map(|(k, w)| Window {
                        line: i,
                        bucket: Bucket::Shift {
                            shift: w.shift,
                            start: w.from,
                        },
                        from: utc[k],
                        to: utc[k + 1],
                    })
                    .filter(|w| w.from < w.to)
                    .collect()
            })
            .collect())
    }

    /// Each line's calendar buckets of `unit` over the range.
    async fn calendar_windows(&self, app: &App, unit: &'static str) -> Result<Vec<Vec<Window>>> {
        let zones: Vec<String> = self.lines.iter().map(|l| l.zone.clone()).collect();
        let froms = vec![self.from; zones.len()];
        let tos = vec![self.to; zones.len()];
        let starts = db::reports::calendars(app.reads(), unit, &zones, &froms, &tos).await?;
        let (mut start_zones, mut all) = (Vec::new(), Vec::new());
        for (zone, s) in zones.iter().zip(&starts) {
            start_zones.extend(std::iter::repeat_n(zone.clone(), s.len()));
            all.extend(s.iter().copied());
        }
        let local = db::zones::to_local_in(app.reads(), &start_zones, &all).await?;
        let mut at = 0;
        Ok(starts
            .iter()
            .enumerate()
            .map(|(i, starts)| {
                let local = &local[at..at + starts.len()];
                at += starts.len();
                starts
                    .windows(2)
                    .zip(local)
                    .map(|(w, &start)| Window {
                        line: i,
                        bucket: Bucket::Calendar {
                            start,
                            key: calendar_key(unit, start, w[0]),
                        },
                        from: w[0].max(self.from),
                        to: w[1].min(self.to),
                    })
                    .filter(|w| w.from < w.to)
                    .collect()
            })
            .collect())
    }

    /// The instants at which each line's local days and months begin over its windows of
    /// `windows`, from the first day the local rollups hold whole (decision 104); none when
    /// they hold none, or when the filters read raw rows only. One statement per unit for every
    /// line.
    async fn calendars(&self, app: &App, windows: &[Window]) -> Result<Vec<Calendar>> {
        let mut out = vec![Calendar::default(); self.lines.len()];
        if self.order.is_some() || self.batch.is_some() {
            return Ok(out);
        }
        // Each line's span: its windows from the first whole day on.
        let spans: Vec<Span> = self
            .lines
            .iter()
            .enumerate()
            .filter_map(|(line, l)| {
                let since = l.days_since?;
                let mine = windows.iter().filter(|w| w.line == line);
                let from = mine.clone().map(|w| w.from).min()?.max(since);
                let to = mine.map(|w| w.to).max()?;
                Some(Span {
                    line,
                    from,
                    to,
                    since,
                })
            })
            .collect();
        // A day is at most 25 hours, a month at least 28 days: a shorter span holds none whole.
        for (unit, shortest) in [("day", Duration::hours(23)), ("month", Duration::days(28))] {
            let asked: Vec<&Span> = spans.iter().filter(|s| s.to - s.from >= shortest).collect();
            if asked.is_empty() {
                continue;
            }
            let zones: Vec<String> = asked
                .iter()
                .map(|s| self.lines[s.line].zone.clone())
                .collect();
            let froms: Vec<DateTime<Utc>> = asked.iter().map(|s| s.from).collect();
            let tos: Vec<DateTime<Utc>> = asked.iter().map(|s| s.to).collect();
            let starts = db::reports::calendars(app.reads(), unit, &zones, &froms, &tos).await?;
            for (s, starts) in asked.iter().zip(starts) {
                let whole = starts.into_iter().filter(|d| *d >= s.since).collect();
                match unit {
                    "day" => out[s.line].days = whole,
                    _ => out[s.line].months = whole,
                }
            }
        }
        Ok(out)
    }

    /// The pieces of `windows` like [`Scope::pieces`], but when every window is short (two days
    /// or less: shifts, hours, days) their whole hours and whole local days are read in one pass
    /// per line from the narrow rollups (decisions 64, 104) instead of one read per window; the
    /// raw edges stay pieces. Rows read this way carry no recipe or order.
    pub async fn pieces_by_hour(&self, app: &App, windows: &[Window]) -> Result<Pieces> {
        let raw = self.order.is_some() || self.batch.is_some();
        if raw || windows.iter().any(|w| w.to - w.from > Duration::days(2)) {
            return self.pieces(app, windows).await;
        }
        let calendars = self.calendars(app, windows).await?;
        let mut p = self.pieces_of(&[], &calendars);
        for (i, line) in self.lines.iter().enumerate() {
            let mut mine: Vec<(usize, &Window)> = windows
                .iter()
                .enumerate()
                .filter(|(_, w)| w.line == i)
                .collect();
            mine.sort_by_key(|(_, w)| w.from);
            let (mut hours, mut whole_days) = (Vec::new(), Vec::new());
            for (k, w) in mine {
                // Windows of two days or less hold no whole month.
                for piece in pieces(w.from, w.to, &calendars[i].days, &[]) {
                    let bounds = match piece.tier {
                        Tier::Raw | Tier::Month => {
                            p.push(&line.id, k, piece);
                            continue;
                        }
                        Tier::Hour => &mut hours,
                        Tier::Day => &mut whole_days,
                    };
                    add_bounds(bounds, &piece, k);
                }
            }
            p.hours.push(&line.id, &hours);
            p.days.push(&line.id, &whole_days);
        }
        Ok(p)
    }

    /// The pieces of `windows` with this scope's filters; an order or batch filter reads raw
    /// rows only (the rollups do not keep orders per material).
    pub async fn pieces(&self, app: &App, windows: &[Window]) -> Result<Pieces> {
        let calendars = self.calendars(app, windows).await?;
        Ok(self.pieces_of(windows, &calendars))
    }

    /// [`Scope::pieces`] with each line's local days and months given.
    fn pieces_of(&self, windows: &[Window], calendars: &[Calendar]) -> Pieces {
        let raw = self.order.is_some() || self.batch.is_some();
        let mut p = Pieces {
            recipes: self.recipes.clone(),
            order: self.order.clone(),
            batch: self.batch.clone(),
            ..Pieces::default()
        };
        for (k, w) in windows.iter().enumerate() {
            let line = &self.lines[w.line].id;
            if raw {
                p.push(
                    line,
                    k,
                    Piece {
                        tier: Tier::Raw,
                        from: w.from,
                        to: w.to,
                    },
                );
            } else {
                let c = &calendars[w.line];
                for piece in pieces(w.from, w.to, &c.days, &c.months) {
                    p.push(line, k, piece);
                }
            }
        }
        p
    }
}

/// The part of a report a line's local days and months are asked for: its windows from `since`,
/// the first day its local rollups hold whole.
struct Span {
    line: usize,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    since: DateTime<Utc>,
}

/// The instants at which a line's local days and months begin, from the first the local
/// rollups hold whole.
#[derive(Debug, Clone, Default)]
struct Calendar {
    days: Vec<DateTime<Utc>>,
    months: Vec<DateTime<Utc>>,
}

/// Adds `piece` of window `k` to a line's sorted bounds (see [`db::reports::Pieces::hours`]).
fn add_bounds(bounds: &mut Vec<(DateTime<Utc>, i32)>, piece: &Piece, k: usize) {
    match bounds.last_mut() {
        Some(last) if last.0 == piece.from => last.1 = k as i32,
        _ => bounds.push((piece.from, k as i32)),
    }
    bounds.push((piece.to, -1));
}
