//! Lays a table out onto pages: column widths from the weights, cells wrapped (left
//! columns, up to three lines) or cut with "…" (right-aligned columns) to their column,
//! shaded group rows, bold total rows with a rule above, light rules between rows, and the
//! header row repeated at the top of every page the table continues on.

use crate::fonts::{Face, Fonts};
use crate::layout::line;
use crate::page::{HEADER_SHADE, INK, Item, Pager, RULE, SHADE, STRONG_RULE};
use crate::text::{Style, truncate, wrap_at_most};
use crate::{Align, Row, Table};

/// Cell text size and line height.
const SIZE: f32 = 9.0;
const LINE: f32 = 11.5;
/// Space between a cell's text and its edges.
const PAD_X: f32 = 4.0;
const PAD_Y: f32 = 3.0;
/// Most lines a left-aligned cell wraps to before it is cut.
const MAX_LINES: usize = 3;

/// A row with its text already fitted to the columns.
enum Fitted {
    /// Header, ordinary or total row: the lines of each cell.
    Cells { cells: Vec<Vec<String>>, kind: Kind },
    /// A group heading across the whole table.
    Group(String),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Header,
    Body,
    Total,
}

impl Fitted {
    fn height(&self) -> f32 {
        let lines = match self {
            Fitted::Cells { cells, .. } => cells.iter().map(Vec::len).max().unwrap_or(0).max(1),
            Fitted::Group(_) => 1,
        };
        2.0 * PAD_Y + lines as f32 * LINE
    }
}

/// The columns' left edges and widths.
struct Grid {
    columns: Vec<(f32, f32, Align)>,
}

impl Grid {
    fn new(table: &Table, left: f32, width: f32) -> Self {
        // Bounded, so that the sum stays finite.
        let weight = |w: f32| {
            if w.is_finite() && w > 0.0 {
                w.clamp(1e-3, 1e6)
            } else {
                1.0
            }
        };
        let total: f32 = table.columns.iter().map(|c| weight(c.weight)).sum();
        let mut x = left;
        let columns = table
            .columns
            .iter()
            .map(|c| {
                let w = width * weight(c.weight) / total;
                let column = (x, w, c.align);
                x += w;
                column
            })
            .collect();
        Self { columns }
    }

    /// Fits one row's cells to the columns (missing cells are empty, extra ones dropped).
    fn fit(&self, fonts: &Fonts, cells: &[String], kind: Kind) -> Fitted {
        let face = if kind == Kind::Body {
            Face::Regular
        } else {
            Face::Bold
        };
        let style = Style::new(fonts, face, SIZE);
        let cells = self
            .columns
            .iter()
            .enumerate()
            .map(|(i, &(_, w, align))| {
                let text = cells
                    .get(i)
                    .map(|t| fonts.clean(face, t))
                    .unwrap_or_default();
                let inner = w - 2.0 * PAD_X;
                match (align, kind) {
                    (Align::Left, _) | (Align::Right, Kind::Header) => {
                        wrap_at_most(style, &text, inner, MAX_LINES)
                    }
                    (Align::Right, _) => {
                        let cut = truncate(style, &text, inner);
                        if cut.is_empty() {
                            Vec::new()
                        } else {
                            vec![cut]
                        }
                    }
                }
            })
            .collect();
        Fitted::Cells { cells, kind }
    }
}

/// Lays `table` out at the pager's position, continuing on new pages as needed.
pub(crate) fn layout(pager: &mut Pager, fonts: &Fonts, table: &Table) {
    if table.columns.is_empty() {
        return;
    }
    let (left, width) = (pager.geometry.left, pager.geometry.content_width());
    let grid = Grid::new(table, left, width);
    let titles: Vec<String> = table.columns.iter().map(|c| c.title.clone()).collect();
    let header = grid.fit(fonts, &titles, Kind::Header);
    let rows: Vec<Fitted> = table
        .rows
        .iter()
        .map(|row| match row {
            Row::Cells(cells) => grid.fit(fonts, cells, Kind::Body),
            Row::Total(cells) => grid.fit(fonts, cells, Kind::Total),
            Row::Group(text) => {
                let style = Style::new(fonts, Face::Bold, SIZE);
                Fitted::Group(truncate(
                    style,
                    &fonts.clean(Face::Bold, text),
                    width - 2.0 * PAD_X,
                ))
            }
        })
        .collect();

    // The header never stands alone at the bottom of a page.
    let first = rows.first().map_or(0.0, Fitted::height);
    pager.ensure(header.height() + first);
    draw(pager, fonts, &grid, &header);
    for (i, row) in rows.iter().enumerate() {
        // Nor does a group heading: it stays with the row after it.
        let next = match row {
            Fitted::Group(_) => rows.get(i + 1).map_or(0.0, Fitted::height),
            Fitted::Cells { .. } => 0.0,
        };
        if pager.ensure(row.height() + next) {
            draw(pager, fonts, &grid, &header);
        }
        draw(pager, fonts, &grid, row);
    }
}

/// Draws one fitted row at the pager's position and moves below it.
fn draw(pager: &mut Pager, fonts: &Fonts, grid: &Grid, row: &Fitted) {
    let (left, right) = (pager.geometry.left, pager.geometry.right);
    let top = pager.y;
    let height = row.height();
    match row {
        Fitted::Group(text) => {
            pager.push(Item::Fill {
                x: left,
                y: top,
                w: right - left,
                h: height,
                color: SHADE,
            });
            let style = Style::new(fonts, Face::Bold, SIZE);
            pager.y = top + PAD_Y;
            line(pager, style, INK, left + PAD_X, LINE, text.clone());
        }
        Fitted::Cells { cells, kind } => {
            match kind {
                Kind::Header => {
                    let fill = Item::Fill {
                        x: left,
                        y: top,
                        w: right - left,
                        h: height,
                        color: HEADER_SHADE,
                    };
                    pager.push(fill);
                }
                Kind::Total => {
                    pager.push(Item::Rule {
                        x1: left,
                        x2: right,
                        y: top,
                        thickness: 0.8,
                        color: STRONG_RULE,
                    });
                }
                Kind::Body => {}
            }
            let face = if *kind == Kind::Body {
                Face::Regular
            } else {
                Face::Bold
            };
            let style = Style::new(fonts, face, SIZE);
            for (lines, &(x, w, align)) in cells.iter().zip(&grid.columns) {
                for (k, text) in lines.iter().enumerate() {
                    let x = match align {
                        Align::Left => x + PAD_X,
                        Align::Right => x + w - PAD_X - style.width(text),
                    };
                    pager.y = top + PAD_Y + k as f32 * LINE;
                    line(pager, style, INK, x, LINE, text.clone());
                }
            }
        }
    }
    let bottom = top + height;
    let (thickness, color) = match row {
        Fitted::Cells {
            kind: Kind::Header, ..
        } => (0.8, STRONG_RULE),
        _ => (0.4, RULE),
    };
    pager.push(Item::Rule {
        x1: left,
        x2: right,
        y: bottom,
        thickness,
        color,
    });
    pager.y = bottom;
}
