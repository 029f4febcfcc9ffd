//! The report as files: the PDF document, the CSV's flat table and the workbook.

use model::Msg;
use pdf::{Block, Column, Document, Footer, Row, Table};
use rust_xlsxwriter::{Format, Workbook};

use super::tables::{Cell, facts, sections};
use super::{Recall, title};

pub(super) fn document(r: &Recall) -> Document {
    let (lot, balance) = facts(r);
    let mut blocks = vec![
        Block::Facts(lot),
        Block::Heading(r.t("recall.balance")),
        Block::Facts(balance),
    ];
    for (heading, columns, rows) in sections(r) {
        blocks.push(Block::Heading(r.t(heading)));
        let rows = if rows.is_empty() {
            vec![Row::Group(r.t("recall.none"))]
        } else {
            rows.into_iter()
                .map(|row| Row::Cells(row.iter().map(|c| c.shown(r)).collect()))
                .collect()
        };
        blocks.push(Block::Table(Table {
            columns: columns
                .into_iter()
                .map(|(k, align)| Column {
                    title: r.t(k),
                    align,
                })
                .collect(),
            rows,
        }));
    }
    blocks.push(Block::Signatures(pdf::Signatures {
        roles: vec![r.t("recall.sign.coordinator"), r.t("recall.sign.quality")],
        fields: vec![
            r.t("report.record.name"),
            r.t("report.record.date"),
            r.t("report.record.signature"),
        ],
    }));
    let now = r.times.last().cloned().unwrap_or_default();
    Document {
        title: title(r),
        subtitle: Some(r.plant.clone()),
        logo: true,
        landscape: true,
        blocks,
        footer: Footer {
            left: r.lang.text(
                &Msg::new("recall.generated")
                    .arg("time", format!("{now} {}", r.zone))
                    .arg("user", &r.user),
            ),
            page: r.t("recipe.pdf.page"),
        },
    }
}

/// The flat table of the CSV: one row per batch and delivery of it (a batch never delivered
/// has one row with the delivery columns empty). Numbers with a point, as machines read them.
pub(super) fn flat(r: &Recall) -> (Vec<String>, Vec<Vec<String>>) {
    let keys = [
        "recall.lot",
        "recall.material",
        "recall.supplier",
        "recall.col.line",
        "recall.col.batch",
        "recall.col.date",
        "recall.col.recipe",
        "recall.col.order",
        "recall.col.lotKg",
        "recall.col.number",
        "recall.col.customer",
        "recall.col.deliveredKg",
        "recall.col.lotKgDelivered",
    ];
    let header = keys.iter().map(|k| r.t(k)).collect();
    let l = &r.trace.lot;
    let mut rows = Vec::new();
    for (i, b) in r.trace.batches.iter().enumerate() {
        let head = vec![
            l.lot_number.clone(),
            l.material_code.clone(),
            l.supplier_code.clone(),
            b.line_code.clone().unwrap_or_else(|| b.line_id.clone()),
            b.batch_id.clone(),
            r.times.get(3 + i).cloned().unwrap_or_default(),
            b.recipe_code.clone().unwrap_or_default(),
            b.order_number.clone().unwrap_or_default(),
            format!("{:.3}", b.kg),
        ];
        let mine: Vec<_> = r
            .trace
            .delivered
            .iter()
            .filter(|c| c.line_id == b.line_id && c.batch_id == b.batch_id)
            .collect();
        if mine.is_empty() {
            let mut row = head.clone();
            row.extend([String::new(), String::new(), String::new(), String::new()]);
            rows.push(row);
        }
        for d in mine {
            let share = b
                .batch_kg
                .filter(|m| *m > 0.0)
                .map_or(0.0, |m| d.kg * b.kg / m);
            let mut row = head.clone();
            row.extend([
                d.delivery_number.clone(),
                d.customer_code.clone(),
                format!("{:.3}", d.kg),
                format!("{share:.3}"),
            ]);
            rows.push(row);
        }
    }
    (header, rows)
}

/// A sheet name as Excel takes it: at most 31 characters, none of `[]:*?/\`.
fn sheet_name(s: &str) -> String {
    s.chars()
        .filter(|c| !"[]:*?/\\".contains(*c))
        .take(31)
        .collect()
}

pub(super) fn workbook(r: &Recall) -> Result<Vec<u8>, rust_xlsxwriter::XlsxError> {
    let mut book = Workbook::new();
    let bold = Format::new().set_bold();
    let kg = Format::new().set_num_format("#,##0.0");
    let (lot, balance) = facts(r);
    let first = book.add_worksheet();
    first.set_name(sheet_name(&r.t("recall.lot")))?;
    first.write_string_with_format(0, 0, title(r), &bold)?;
    for (i, (k, v)) in lot.iter().chain(balance.iter()).enumerate() {
        let row = i as u32 + 2;
        first.write_string_with_format(row, 0, k, &bold)?;
        first.write_string(row, 1, v)?;
    }
    first.set_column_width(0, 28)?;
    first.set_column_width(1, 60)?;
    for (heading, columns, rows) in sections(r) {
        let sheet = book.add_worksheet();
        sheet.set_name(sheet_name(&r.t(heading)))?;
        for (c, (k, _)) in columns.iter().enumerate() {
            sheet.write_string_with_format(0, c as u16, r.t(k), &bold)?;
            sheet.set_column_width(c as u16, 18)?;
        }
        for (i, row) in rows.iter().enumerate() {
            let at = (i as u32 + 1, 0u16);
            for (c, cell) in row.iter().enumerate() {
                let (row, col) = (at.0, at.1 + c as u16);
                match cell {
                    Cell::Text(t) => sheet.write_string(row, col, t)?,
                    Cell::Kg(v) => sheet.write_number_with_format(row, col, *v, &kg)?,
                    Cell::Count(n) => sheet.write_number(row, col, *n as f64)?,
                    Cell::Empty => sheet,
                };
            }
        }
    }
    book.save_to_buffer()
}
