//! How every report reads its range: the windows (a line, shift occurrences or calendar
//! buckets), their pieces' material and batch rows, and the rows those make per window, order or
//! recipe. Shared by consumption, production and the batch list, so their kilograms agree
//! (decision 59).

use std::collections::HashMap;

use db::reports::{BatchRow, MaterialRow, Named};
use model::Msg;

use super::figures::{Figures, Report, Row, Rows, local_key};
use super::scope::{Bucket, Cut, Scope, Window, given};
use crate::{App, Result};

/// Names of materials, scales and bins by line and code.
pub struct Names(pub HashMap<(String, String), Named>);

impl Names {
    pub async fn load(app: &App, kind: &str, scope: &Scope) -> Result<Self> {
        let rows = db::reports::named(app.reads(), kind, &scope.line_ids()).await?;
        Ok(Names(
            rows.into_iter()
                .map(|n| ((n.line_id.clone(), n.code.to_lowercase()), n))
                .collect(),
        ))
    }
    /// The code of the one named by `raw` (its code in any case, or its `_id`); `raw` itself
    /// when none is (one since removed keeps its code in the production data).
    pub fn code_of(&self, raw: &str) -> String {
        self.0
            .values()
            .find(|n| n.code.eq_ignore_ascii_case(raw) || n.id.eq_ignore_ascii_case(raw))
            .map_or_else(|| raw.to_string(), |n| n.code.clone())
    }

    pub fn get(&self, line: &str, code: &str) -> Option<&Named> {
        self.0.get(&(line.to_string(), code.to_lowercase()))
    }
}

/// A material filter: codes by line, from a code, a material `_id` or a category `_id`.
#[derive(Default)]
pub struct MaterialFilter {
    material: Option<String>,
    category: Option<String>,
}

impl MaterialFilter {
    pub fn new(material: Option<&str>, category: Option<&str>) -> Self {
        MaterialFilter {
            material: given(material).map(str::to_lowercase),
            category: given(category).map(str::to_lowercase),
        }
    }
    fn any(&self) -> bool {
        self.material.is_some() || self.category.is_some()
    }

    /// Whether the material `code` (named `named` on its line) passes.
    fn matches(&self, code: &str, named: Option<&Named>) -> bool {
        let material = self
            .material
            .as_ref()
            .is_none_or(|m| m.eq_ignore_ascii_case(code) || named.is_some_and(|n| n.id == *m));
        // A category by its `_id` on a line, or by its code (the same on every line).
        let category = self.category.as_ref().is_none_or(|c| {
            named.is_some_and(|n| {
                n.category_id.as_deref() == Some(c.as_str())
                    || n.category_code
                        .as_deref()
                        .is_some_and(|k| k.eq_ignore_ascii_case(c))
            })
        });
        material && category
    }
    pub fn keeps(&self, r: &MaterialRow, names: &Names) -> bool {
        self.matches(&r.material_id, names.get(&r.line_id, &r.material_id))
    }
    /// The material codes this filter can keep, for the database to narrow its read by (in
    /// the cases equipment may send them); the exact choice stays with [`MaterialFilter::keeps`].
    /// `None` when it keeps every material.
    fn codes(&self, names: &Names) -> Option<Vec<String>> {
        if !self.any() {
            return None;
        }
        let codes = names
            .0
            .values()
            .filter(|n| self.matches(&n.code, Some(n)))
            .map(|n| n.code.clone())
            .chain(self.material.clone());
        let mut codes: Vec<String> = codes
            .flat_map(|c| [c.to_uppercase(), c.to_lowercase(), c])
            .collect();
        codes.sort();
        codes.dedup();
        Some(codes)
    }
}

/// The material rows of `windows`, narrowed in the database to the materials `filter` can keep
/// (the exact choice stays with [`MaterialFilter::keeps`]); short windows read by hour.
pub async fn material_rows(
    app: &App,
    scope: &Scope,
    windows: &[Window],
    filter: &MaterialFilter,
    names: &Names,
) -> Result<Vec<MaterialRow>> {
    let mut pieces = scope.pieces_by_hour(app, windows).await?;
    pieces.materials = filter.codes(names);
    Ok(db::reports::material_rows(app.reads(), &pieces).await?)
}

/// The batch rows of `windows`; short windows read by hour, so the rows carry no recipe or
/// order (by recipe or order, read `scope.pieces` instead).
pub async fn batch_rows(app: &App, scope: &Scope, windows: &[Window]) -> Result<Vec<BatchRow>> {
    let pieces = scope.pieces_by_hour(app, windows).await?;
    Ok(db::reports::batch_rows(app.reads(), &pieces).await?)
}

pub fn report(scope: &Scope, group_by: &str, rows: Rows) -> Report {
    let (rows, totals) = rows.finish();
    Report {
        from_date_time: scope.from,
        to_date_time: scope.to,
        group_by: group_by.into(),
        rows,
        totals,
    }
}

fn cut_of(group_by: &str) -> Cut {
    match group_by {
        "shift" => Cut::Shifts,
        "hour" => Cut::Calendar("hour"),
        "day" => Cut::Calendar("day"),
        "week" => Cut::Calendar("week"),
        "month" => Cut::Calendar("month"),
        _ => Cut::Whole,
    }
}

/// The row of window `w`: a line, a shift occurrence or a calendar bucket (merged across lines
/// by its local start).
fn window_row<'a>(rows: &'a mut Rows, scope: &Scope, w: &Window) -> &'a mut Row {
    let line = &scope.lines[w.line];
    let row = match &w.bucket {
        Bucket::All => rows.entry(&line.id, || {
            let mut r = Row::new(&line.id, &line.name);
            r.code = Some(line.code.clone());
            r
        }),
        Bucket::Shift { shift, start } => {
            let shift = shift.map(|i| &line.shifts[i]);
            let key = format!(
                "{}/{}/{}",
                line.id,
                shift.map_or("", |s| &s.id),
                local_key(*start)
            );
            rows.entry(&key, || {
                let key = shift.map_or("", |s| &s.id);
                let mut r = match shift {
                    Some(s) => Row::new(key, &s.name),
                    None => Row::unnamed(key, Msg::new("report.noShift")),
                };
                r.line_id = Some(line.id.clone());
                r.line_name = Some(line.name.clone());
                r
            })
        }
        Bucket::Calendar { key, .. } => rows.entry(key, || Row::new(key, key)),
    };
    row.from = Some(row.from.map_or(w.from, |f| f.min(w.from)));
    row.to = Some(row.to.map_or(w.to, |t| t.max(w.to)));
    row
}

/// Rows per window (line, shift occurrence or bucket) from the batch rows, or from the
/// material rows when a material filter applies.
pub async fn by_window(
    app: &App,
    scope: &Scope,
    group_by: &str,
    filter: &MaterialFilter,
) -> Result<Report> {
    let windows = scope.windows(app, cut_of(group_by)).await?;
    // Summed per window first, then into the window's row: a year of shifts is 8,760 windows,
    // and a row found by its key once per window rather than once per rollup row.
    let mut figures = vec![Figures::default(); windows.len()];
    if filter.any() {
        let names = Names::load(app, "material", scope).await?;
        for r in material_rows(app, scope, &windows, filter, &names).await? {
            if filter.keeps(&r, &names) {
                figures[r.k as usize].add_material(&r);
            }
        }
    } else {
        for r in batch_rows(app, scope, &windows).await? {
            figures[r.k as usize].add_batch(&r);
        }
    }
    let mut rows = Rows::new();
    // Every window gets its row, empty ones too (a time axis without holes).
    for (w, f) in windows.iter().zip(&figures) {
        window_row(&mut rows, scope, w).figures.add(f);
    }
    let mut report = report(scope, group_by, rows);
    report
        .rows
        .sort_by(|a, b| (a.from, &a.line_name).cmp(&(b.from, &b.line_name)));
    Ok(report)
}

/// Rows per order (or recipe) from the batch rows of the whole range.
pub async fn by_batch_key(app: &App, scope: &Scope, group_by: &str) -> Result<Report> {
    let windows = scope.windows(app, Cut::Whole).await?;
    // Keyed by recipe and order: every piece, none read by hour.
    let pieces = scope.pieces(app, &windows).await?;
    let batch_rows = db::reports::batch_rows(app.reads(), &pieces).await?;
    let mut rows = Rows::new();
    let order = group_by == "order";
    let mut ids: Vec<String> = batch_rows
        .iter()
        .map(|r| {
            if order {
                r.schedule_id.clone()
            } else {
                r.recipe_id.clone()
            }
        })
        .filter(|id| !id.is_empty())
        .collect();
    ids.sort();
    ids.dedup();
    let (recipes, orders) = if order {
        (
            Vec::new(),
            db::reports::order_names(app.reads(), &ids).await?,
        )
    } else {
        (
            db::reports::recipe_names(app.reads(), &ids).await?,
            Vec::new(),
        )
    };
    let recipes: HashMap<&str, &db::reports::RecipeName> =
        recipes.iter().map(|n| (n.recipe_id.as_str(), n)).collect();
    let orders: HashMap<&str, &db::reports::OrderName> =
        orders.iter().map(|o| (o.schedule_id.as_str(), o)).collect();
    let lines: HashMap<&str, &super::scope::Line> =
        scope.lines.iter().map(|l| (l.id.as_str(), l)).collect();
    for r in &batch_rows {
        let line = lines.get(r.line_id.as_str()).copied();
        // Per line: an order or a recipe version belongs to one line.
        let key = if order {
            format!("{}/{}", r.line_id, r.schedule_id)
        } else {
            format!("{}/{}", r.line_id, r.recipe_id)
        };
        rows.entry(&key, || {
            if order {
                let o = orders.get(r.schedule_id.as_str()).copied();
                let mut row = match o.and_then(|o| o.name.clone()) {
                    Some(name) => Row::new(&r.schedule_id, name),
                    None => Row::unnamed(&r.schedule_id, Msg::new("report.noOrder")),
                };
                row.code = o.and_then(|o| o.order_number.clone());
                row.line_id = line.map(|l| l.id.clone());
                row.line_name = line.map(|l| l.name.clone());
                row
            } else {
                let n = recipes.get(r.recipe_id.as_str()).copied();
                let mut row = Row::new(
                    &r.recipe_id,
                    n.and_then(|n| n.name.clone())
                        .unwrap_or_else(|| r.recipe_id.clone()),
                );
                row.code = n.and_then(|n| n.code.clone());
                row.version = n.map(|n| n.version);
                // A recipe belongs to one line: the same code and version on two lines are
                // two rows, told apart by their line.
                row.line_id = line.map(|l| l.id.clone());
                row.line_name = line.map(|l| l.name.clone());
                row
            }
        })
        .figures
        .add_batch(r);
    }
    let mut report = report(scope, group_by, rows);
    report
        .rows
        .sort_by(|a, b| b.figures.actual_kg.total_cmp(&a.figures.actual_kg));
    Ok(report)
}

pub use super::dimensions::{by_dimension, by_dimensions};
