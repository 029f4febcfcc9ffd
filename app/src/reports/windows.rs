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
    /// when there is a shift filter).
    pub async fn windows(&self, app: &App, cut: Cut) -> Result<Vec<Window>> {
        let mut out = Vec::new();
        for (i, line) in self.lines.iter().enumerate() {
            let mut windows = match cut {
                Cut::Whole => vec![Window {
                    line: i,
                    bucket: Bucket::All,
                    from: self.from,
                    to: self.to,
                }],
                Cut::Shifts => self.shift_windows(app, i).await?,
                Cut::Calendar(unit) => self.calendar_windows(app, i, unit).await?,
            };
            if let Some(shift) = &self.shift {
                let Some(idx) = line.shifts.iter().position(|s| &s.id == shift) else {
                    continue;
                };
                let only = self.shift_windows(app, i).await?;
                let only: Vec<&Window> = only
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

    async fn shift_windows(&self, app: &App, i: usize) -> Result<Vec<Window>> {
        let line = &self.lines[i];
        let local = db::zones::to_local(&app.pool, &line.zone, &[self.from, self.to]).await?;
        let times: Vec<ShiftTimes<usize>> = line.shifts.iter().map(|s| s.times.clone()).collect();
        let windows = shift_windows(&times, local[0], local[1]);
        let mut bounds: Vec<NaiveDateTime> = windows.iter().map(|w| w.from).collect();
        bounds.extend(windows.last().map(|w| w.to));
        let mut utc = db::zones::to_utc(&app.pool, &line.zone, &bounds).await?;
        // The ends are the range's own instants (a local time may name two instants).
        if let Some(first) = utc.first_mut() {
            *first = self.from;
        }
        if let Some(last) = utc.last_mut() {
            *last = self.to;
        }
        Ok(windows
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
            .collect())
    }

    async fn calendar_windows(
        &self,
        app: &App,
        i: usize,
        unit: &'static str,
    ) -> Result<Vec<Window>> {
        let line = &self.lines[i];
        let starts = db::reports::calendar(&app.pool, &line.zone, unit, self.from, self.to).await?;
        let local = db::zones::to_local(&app.pool, &line.zone, &starts).await?;
        Ok(starts
            .windows(2)
            .zip(local)
            .map(|(w, start)| Window {
                line: i,
                bucket: Bucket::Calendar {
                    start,
                    key: calendar_key(unit, start, w[0]),
                },
                from: w[0].max(self.from),
                to: w[1].min(self.to),
            })
            .filter(|w| w.from < w.to)
            .collect())
    }

    /// The instants at which line `i`'s local days and months begin over its windows of
    /// `windows`, from the first day the local rollups hold whole (decision 104); empty when
    /// they hold none.
    async fn local_calendar(&self, app: &App, i: usize, windows: &[Window]) -> Result<Calendar> {
        let line = &self.lines[i];
        let Some(since) = line.days_since else {
            return Ok(Calendar::default());
        };
        let mine = windows.iter().filter(|w| w.line == i);
        let (Some(from), Some(to)) = (mine.clone().map(|w| w.from).min(), mine.map(|w| w.to).max())
        else {
            return Ok(Calendar::default());
        };
        let from = from.max(since);
        let starts = |unit| async move {
            let all = db::reports::calendar(&app.pool, &line.zone, unit, from, to).await?;
            Ok::<_, crate::Error>(all.into_iter().filter(|d| *d >= since).collect())
        };
        // A day is at most 25 hours, a month at least 28 days: a shorter span holds none whole.
        let span = to - from;
        Ok(Calendar {
            days: if span >= Duration::hours(23) {
                starts("day").await?
            } else {
                Vec::new()
            },
            months: if span >= Duration::days(28) {
                starts("month").await?
            } else {
                Vec::new()
            },
        })
    }

    /// The local days and months of every line of the scope over `windows` (see
    /// [`Scope::local_calendar`]), none when the filters read raw rows only.
    async fn calendars(&self, app: &App, windows: &[Window]) -> Result<Vec<Calendar>> {
        let mut out = vec![Calendar::default(); self.lines.len()];
        if self.order.is_none() && self.batch.is_none() {
            for (i, c) in out.iter_mut().enumerate() {
                *c = self.local_calendar(app, i, windows).await?;
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
