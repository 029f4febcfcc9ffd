//! Lays label/value facts out in columns (two in portrait, three in landscape), row by row:
//! muted labels in a column as wide as the widest label (at most 45 % of the column), values
//! wrapped beside them (up to twelve lines), each row kept on one page.

use crate::fonts::{Face, Fonts};
use crate::layout::{BODY, line};
use crate::page::{INK, MUTED, Pager};
use crate::text::{Style, wrap_at_most};

/// Label/value pairs, row by row in two (portrait) or three (landscape) columns.
pub(crate) fn layout(
    pager: &mut Pager,
    fonts: &Fonts,
    facts: &[(String, String)],
    landscape: bool,
) {
    const GAP: f32 = 18.0;
    let columns = if landscape { 3 } else { 2 };
    let label_style = Style::new(fonts, Face::Regular, 9.0);
    let value_style = Style::new(fonts, Face::Regular, BODY.0);
    let column_width =
        (pager.geometry.content_width() - GAP * (columns - 1) as f32) / columns as f32;
    let facts: Vec<(String, String)> = facts
        .iter()
        .map(|(l, v)| (fonts.clean(Face::Regular, l), fonts.clean(Face::Regular, v)))
        .collect();
    let widest = facts
        .iter()
        .map(|(l, _)| label_style.width(l))
        .fold(0.0, f32::max);
    let label_width = (widest + 8.0).min(column_width * 0.45);
    let value_width = column_width - label_width;

    for row in facts.chunks(columns) {
        let cells: Vec<(Vec<String>, Vec<String>)> = row
            .iter()
            .map(|(l, v)| {
                (
                    wrap_at_most(label_style, l, label_width - 6.0, 3),
                    wrap_at_most(value_style, v, value_width, 12),
                )
            })
            .collect();
        let count = cells
            .iter()
            .map(|(l, v)| l.len().max(v.len()))
            .max()
            .unwrap_or(0)
            .max(1);
        pager.ensure(count as f32 * BODY.1);
        let top = pager.y;
        for (i, (labels, values)) in cells.into_iter().enumerate() {
            let x = pager.geometry.left + i as f32 * (column_width + GAP);
            for (k, l) in labels.into_iter().enumerate() {
                pager.y = top + k as f32 * BODY.1;
                line(pager, label_style, MUTED, x, BODY.1, l);
            }
            for (k, v) in values.into_iter().enumerate() {
                pager.y = top + k as f32 * BODY.1;
                line(pager, value_style, INK, x + label_width, BODY.1, v);
            }
        }
        pager.y = top + count as f32 * BODY.1 + 2.0;
    }
}
