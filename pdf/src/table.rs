//! Lays a table out onto pages: columns sized to their content, cells wrapped at spaces only,
//! shaded group rows, bold total rows with a rule above, light rules between rows, and the
//! header row repeated at the top of every page the table continues on.
//!
//! Column widths, like a browser's automatic table layout: each column's least width is its
//! widest unbreakable word (header and cells), its wanted width its widest text on one line.
//! When every column can have its wanted width, the spare width is shared in proportion to
//! it; otherwise each column gets its least width and the rest is shared in proportion to how
//! much more each wants. When even the least widths do not fit, the columns with the widest
//! words get a smaller font (never below `MIN_SIZE`) rather than words broken in two; only a
//! word wider than a column at `MIN_SIZE` is still broken.

use crate::fonts::{Face, Fonts};
use crate::layout::line;
use crate::page::{HEADER_SHADE, INK, Item, Pager, RULE, SHADE, STRONG_RULE};
use crate::text::{Style, truncate, words, wrap};
use crate::{Align, Row, Table};

/// Cell text size, the smallest a column's text shrinks to, and the line height per pt.
const SIZE: f32 = 9.0;
const MIN_SIZE: f32 = 5.5;
const LINE_PER_PT: f32 = 11.5 / 9.0;
/// Space between a cell's text and its edges.
const PAD_X: f32 = 4.0;
const PAD_Y: f32 = 3.0;

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

impl Kind {
    fn face(self) -> Face {
        if self == Kind::Body {
            Face::Regular
        } else {
            Face::Bold
        }
    }
}

/// One column as laid out: left edge, width, alignment and text size.
#[derive(Clone, Copy)]
struct Placed {
    x: f32,
    w: f32,
    align: Align,
    size: f32,
}

/// The columns' left edges, widths and text sizes.
struct Grid {
    columns: Vec<Placed>,
}

/// What one column's texts need at `SIZE`: the widest unbreakable word and the widest line.
#[derive(Clone, Copy, Default)]
struct Need {
    word: f32,
    line: f32,
}

impl Need {
    fn add(&mut self, style: Style<'_>, text: &str) {
        for l in text.split('\n') {
            for w in words(l) {
                self.word = self.word.max(style.width(w));
            }
            self.line = self
                .line
                .max(style.width(&words(l).collect::<Vec<_>>().join(" ")));
        }
    }
}

/// The texts of each column (header first) in the face each is drawn in.
fn needs(fonts: &Fonts, table: &Table) -> Vec<Need> {
    let n = table.columns.len();
    let mut needs = vec![Need::default(); n];
    let mut add = |cells: &[String], kind: Kind| {
        let style = Style::new(fonts, kind.face(), SIZE);
        for (need, text) in needs.iter_mut().zip(cells) {
            need.add(style, &fonts.clean(kind.face(), text));
        }
    };
    let titles: Vec<String> = table.columns.iter().map(|c| c.title.clone()).collect();
    add(&titles, Kind::Header);
    for row in &table.rows {
        match row {
            Row::Cells(cells) => add(cells, Kind::Body),
            Row::Total(cells) => add(cells, Kind::Total),
            Row::Group(_) => {}
        }
    }
    needs
}

/// Widths (and text sizes) of columns with `needs` in `width`.
fn widths(needs: &[Need], width: f32) -> Vec<(f32, f32)> {
    let least: Vec<f32> = needs.iter().map(|n| n.word + 2.0 * PAD_X).collect();
    let wanted: Vec<f32> = needs
        .iter()
        .zip(&least)
        .map(|(n, l)| (n.line + 2.0 * PAD_X).max(*l))
        .collect();
    let (sum_least, sum_wanted): (f32, f32) = (least.iter().sum(), wanted.iter().sum());
    if sum_wanted <= width {
        let spare = width - sum_wanted;
        return wanted
            .iter()
            .map(|w| (w + spare * w / sum_wanted.max(f32::EPSILON), SIZE))
            .collect();
    }
    if sum_least <= width {
        let (spare, more) = (width - sum_least, sum_wanted - sum_least);
        return least
            .iter()
            .zip(&wanted)
            .map(|(l, w)| (l + spare * (w - l) / more.max(f32::EPSILON), SIZE))
            .collect();
    }
    // Too wide even word by word: the narrow columns keep their width, the widest share what
    // is left equally (a water level), their text made smaller to fit it.
    let mut order: Vec<usize> = (0..least.len()).collect();
    order.sort_by(|a, b| least[*a].total_cmp(&least[*b]));
    let mut left = width;
    let mut level = f32::INFINITY;
    for (k, &i) in order.iter().enumerate() {
        let share = left / (order.len() - k) as f32;
        if least[i] > share {
            level = share;
            break;
        }
        left -= least[i];
    }
    least
        .iter()
        .zip(needs)
        .map(|(l, n)| {
            if *l <= level {
                (*l, SIZE)
            } else {
                let room = (level - 2.0 * PAD_X).max(0.0);
                // A hair under the exact size, so that rounding never leaves the word too wide.
                let size = (0.995 * SIZE * room / n.word.max(f32::EPSILON)).clamp(MIN_SIZE, SIZE);
                (level, size)
            }
        })
        .collect()
}

impl Fitted {
    fn height(&self, grid: &Grid) -> f32 {
        match self {
            Fitted::Cells { cells, .. } => {
                let tallest = cells
                    .iter()
                    .zip(&grid.columns)
                    .map(|(lines, c)| lines.len() as f32 * c.size * LINE_PER_PT)
                    .fold(SIZE * LINE_PER_PT, f32::max);
                2.0 * PAD_Y + tallest
            }
            Fitted::Group(_) => 2.0 * PAD_Y + SIZE * LINE_PER_PT,
        }
    }
}

impl Grid {
    fn new(fonts: &Fonts, table: &Table, left: f32, width: f32) -> Self {
        let sized = widths(&needs(fonts, table), width);
        let mut x = left;
        let columns = table
            .columns
            .iter()
            .zip(sized)
            .map(|(c, (w, size))| {
                let placed = Placed {
                    x,
                    w,
                    align: c.align,
                    size,
                };
                x += w;
                placed
            })
            .collect();
        Self { columns }
    }

    /// Fits one row's cells to the columns (missing cells are empty, extra ones dropped),
    /// wrapping at spaces.
    fn fit(&self, fonts: &Fonts, cells: &[String], kind: Kind) -> Fitted {
        let face = kind.face();
        let cells = self
            .columns
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let text = cells
                    .get(i)
                    .map(|t| fonts.clean(face, t))
                    .unwrap_or_default();
                wrap(Style::new(fonts, face, c.size), &text, c.w - 2.0 * PAD_X)
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
    let grid = Grid::new(fonts, table, left, width);
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
    let first = rows.first().map_or(0.0, |r| r.height(&grid));
    pager.ensure(header.height(&grid) + first);
    draw(pager, fonts, &grid, &header);
    for (i, row) in rows.iter().enumerate() {
        // Nor does a group heading: it stays with the row after it.
        let next = match row {
            Fitted::Group(_) => rows.get(i + 1).map_or(0.0, |r| r.height(&grid)),
            Fitted::Cells { .. } => 0.0,
        };
        if pager.ensure(row.height(&grid) + next) {
            draw(pager, fonts, &grid, &header);
        }
        draw(pager, fonts, &grid, row);
    }
}

/// Draws one fitted row at the pager's position and moves below it.
fn draw(pager: &mut Pager, fonts: &Fonts, grid: &Grid, row: &Fitted) {
    let (left, right) = (pager.geometry.left, pager.geometry.right);
    let top = pager.y;
    let height = row.height(grid);
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
            line(
                pager,
                style,
                INK,
                left + PAD_X,
                SIZE * LINE_PER_PT,
                text.clone(),
            );
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
            for (lines, c) in cells.iter().zip(&grid.columns) {
                let style = Style::new(fonts, kind.face(), c.size);
                let height = c.size * LINE_PER_PT;
                for (k, text) in lines.iter().enumerate() {
                    let x = match c.align {
                        Align::Left => c.x + PAD_X,
                        Align::Right => c.x + c.w - PAD_X - style.width(text),
                    };
                    pager.y = top + PAD_Y + k as f32 * height;
                    line(pager, style, INK, x, height, text.clone());
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

#[cfg(test)]
mod tests {
    use super::{MIN_SIZE, Need, PAD_X, SIZE, widths};

    fn need(word: f32, line: f32) -> Need {
        Need { word, line }
    }

    #[test]
    fn columns_that_fit_get_their_whole_text_and_share_the_rest() {
        let w = widths(&[need(20.0, 40.0), need(10.0, 10.0)], 200.0);
        let total: f32 = w.iter().map(|c| c.0).sum();
        assert!((total - 200.0).abs() < 0.01);
        assert!(w[0].0 >= 40.0 + 2.0 * PAD_X && w[1].0 >= 10.0 + 2.0 * PAD_X);
        assert!(w.iter().all(|c| c.1 == SIZE));
    }

    #[test]
    fn tight_columns_keep_their_widest_word_whole() {
        // Wanted 300 + 2 × 8 pad in 150: each keeps at least its widest word.
        let w = widths(&[need(60.0, 200.0), need(30.0, 100.0)], 150.0);
        assert!(
            w[0].0 >= 60.0 + 2.0 * PAD_X && w[1].0 >= 30.0 + 2.0 * PAD_X,
            "{w:?}"
        );
        assert!(w.iter().all(|c| c.1 == SIZE));
    }

    #[test]
    fn a_word_too_wide_shrinks_its_column_font_not_the_others() {
        let w = widths(&[need(10.0, 10.0), need(220.0, 220.0)], 200.0);
        assert_eq!(w[0], (10.0 + 2.0 * PAD_X, SIZE));
        assert!(w[1].1 < SIZE && w[1].1 >= MIN_SIZE, "{w:?}");
        // The word at its smaller size fits its column.
        assert!(220.0 * w[1].1 / SIZE <= w[1].0 - 2.0 * PAD_X, "{w:?}");
    }
}
