//! A delivered report as CSV or workbook: the table its PDF prints, numbers as numbers.

use rust_xlsxwriter::{Format, Workbook};

use crate::reports::pdf::{FileCell, FileTable};

/// The table as CSV: the headings, then a row per row (numbers with a point).
pub fn csv(t: &FileTable) -> anyhow::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(&t.headers)?;
    for row in &t.rows {
        w.write_record(row.iter().map(|c| match c {
            FileCell::Number(n) => number(*n),
            FileCell::Text(s) => s.clone(),
        }))?;
    }
    w.into_inner().map_err(|e| anyhow::anyhow!("{e}"))
}

/// A number as a machine reads it: a point, at most three decimals (grams of kilograms),
/// no trailing zeros.
fn number(n: f64) -> String {
    let s = format!("{n:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.to_string() }
}

/// The table as a workbook: the title and the filters in words above the table.
pub fn workbook(t: &FileTable) -> anyhow::Result<Vec<u8>> {
    let mut book = Workbook::new();
    let bold = Format::new().set_bold();
    let sheet = book.add_worksheet();
    let name: String = t
        .title
        .chars()
        .filter(|c| !"[]:*?/\\".contains(*c))
        .take(31)
        .collect();
    if !name.trim().is_empty() {
        sheet.set_name(name)?;
    }
    sheet.write_string_with_format(0, 0, &t.title, &bold)?;
    let mut r = 1u32;
    for (k, v) in &t.facts {
        sheet.write_string_with_format(r, 0, k, &bold)?;
        sheet.write_string(r, 1, v)?;
        r += 1;
    }
    r += 1;
    for (c, h) in t.headers.iter().enumerate() {
        sheet.write_string_with_format(r, c as u16, h, &bold)?;
        sheet.set_column_width(c as u16, 18)?;
    }
    let head = r;
    for row in &t.rows {
        r += 1;
        for (c, cell) in row.iter().enumerate() {
            match cell {
                FileCell::Number(n) => sheet.write_number(r, c as u16, *n)?,
                FileCell::Text(s) => sheet.write_string(r, c as u16, s)?,
            };
        }
    }
    sheet.set_freeze_panes(head + 1, 0)?;
    Ok(book.save_to_buffer()?)
}
