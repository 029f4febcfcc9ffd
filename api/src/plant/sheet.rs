//! Spreadsheets of configuration records: reading an upload (XLSX, XLS, ODS or CSV, told apart
//! by their bytes) into rows of text cells, and writing the sample workbook of an entity.

use std::io::Cursor;

use calamine::{Data, Reader};
use model::Msg;
use model::config::{Entity, Field, Kind};
use rust_xlsxwriter::{Format, Workbook, XlsxError};

/// The most rows one upload may hold.
pub const MAX_ROWS: usize = 5000;

/// A sheet read as text: the header row and the data rows (spreadsheet row numbers start at 2).
#[derive(Debug, PartialEq)]
pub struct Sheet {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// Reads an upload. Empty, not a spreadsheet, or without data rows → the message to show.
pub fn read(bytes: &[u8]) -> Result<Sheet, Msg> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(Msg::new("import.empty"));
    }
    let mut cells = if is_workbook(bytes) {
        workbook(bytes)?
    } else {
        csv_rows(bytes)?
    };
    cells.retain(|row| row.iter().any(|c| !c.is_empty()));
    if cells.is_empty() {
        return Err(Msg::new("import.empty"));
    }
    let header = cells.remove(0);
    if cells.is_empty() {
        return Err(Msg::new("import.noRows"));
    }
    if cells.len() > MAX_ROWS {
        return Err(Msg::new("import.tooManyRows").arg("max", MAX_ROWS));
    }
    Ok(Sheet {
        header,
        rows: cells,
    })
}

/// XLSX and ODS are zip files; XLS is an OLE compound document.
fn is_workbook(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(&[0xD0, 0xCF, 0x11, 0xE0])
}

fn workbook(bytes: &[u8]) -> Result<Vec<Vec<String>>, Msg> {
    let not_sheet = |_| Msg::new("import.notSpreadsheet");
    let mut book =
        calamine::open_workbook_auto_from_rs(Cursor::new(bytes.to_vec())).map_err(not_sheet)?;
    let range = book
        .worksheet_range_at(0)
        .ok_or(Msg::new("import.empty"))?
        .map_err(not_sheet)?;
    Ok(range
        .rows()
        .map(|row| row.iter().map(cell).collect())
        .collect())
}

fn cell(d: &Data) -> String {
    match d {
        Data::Int(i) => i.to_string(),
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        Data::Float(f) => f.to_string(),
        Data::String(s) => s.trim().to_string(),
        Data::Bool(b) => b.to_string(),
        Data::Empty => String::new(),
        other => other.to_string(),
    }
}

fn csv_rows(bytes: &[u8]) -> Result<Vec<Vec<String>>, Msg> {
    let text = std::str::from_utf8(bytes).map_err(|_| Msg::new("import.notSpreadsheet"))?;
    let text = text.trim_start_matches('\u{feff}');
    if text.contains('\0') {
        return Err(Msg::new("import.notSpreadsheet"));
    }
    // Spreadsheet programs in most of Europe write `;` between fields.
    let first = text.lines().next().unwrap_or("");
    let delimiter = if first.matches(';').count() > first.matches(',').count() {
        b';'
    } else {
        b','
    };
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter)
        .from_reader(text.as_bytes());
    reader
        .records()
        .map(|r| {
            r.map(|rec| rec.iter().map(|c| c.trim().to_string()).collect())
                .map_err(|_| Msg::new("import.notSpreadsheet"))
        })
        .collect()
}

/// The fields of `e` an import file carries: everything but items and untyped id lists.
pub fn columns(e: &Entity) -> impl Iterator<Item = &'static Field> + '_ {
    e.fields
        .iter()
        .filter(|f| !matches!(f.kind, Kind::Items { .. } | Kind::IdList { .. }))
}

/// An example value of a column (references are written as the other record's code).
fn example(f: &Field) -> String {
    match f.kind {
        Kind::Code => "EXAMPLE-1".into(),
        Kind::Text { .. } => format!("Example {}", f.name),
        Kind::Int { min, max } => 10.clamp(min, max).to_string(),
        Kind::Decimal { min, max } => 10.0_f64.clamp(min, max).to_string(),
        Kind::Bool { default } => default.to_string(),
        Kind::Choice { options } => options[0].to_string(),
        Kind::Time => "06:00".into(),
        Kind::TimeZone => "Europe/Berlin".into(),
        Kind::Ref { entity } | Kind::RefList { entity } => format!("<code of {entity}>"),
        Kind::TextList { options } => options
            .iter()
            .take(2)
            .copied()
            .collect::<Vec<_>>()
            .join(";"),
        Kind::IdList { .. } | Kind::Items { .. } => String::new(),
    }
}

/// What a column takes, for the help sheet.
fn help(f: &Field) -> String {
    let what = match f.kind {
        Kind::Code => "code: letters, digits, - _ . (at most 32), unique on the line".to_string(),
        Kind::Text { max } => format!("text, at most {max} characters"),
        Kind::Int { min, max } => format!("whole number from {min} to {max}"),
        Kind::Decimal { min, max } => format!("number from {min} to {max}"),
        Kind::Bool { default } => format!("true or false (empty: {default})"),
        Kind::Choice { options } => format!("one of {}", options.join(", ")),
        Kind::Time => "time HH:MM".into(),
        Kind::TimeZone => "IANA time zone".into(),
        Kind::Ref { entity } => format!("code of a {entity} record of the line"),
        Kind::RefList { entity } => {
            format!("codes of {entity} records of the line, separated by ;")
        }
        Kind::TextList { options: [] } => "texts separated by ;".into(),
        Kind::TextList { options } => format!("some of {} separated by ;", options.join(", ")),
        Kind::IdList { .. } | Kind::Items { .. } => String::new(),
    };
    let unit = f.unit.map(|u| format!(" [{u}]")).unwrap_or_default();
    format!("{}{what}{unit}", if f.required { "required; " } else { "" })
}

/// The sample workbook: a sheet with the columns as a person reads them (`label`, in the
/// requester's language), the fields' own names on a hidden second row (what the import reads
/// when it is there), one example row; and a help sheet.
pub fn sample(e: &Entity, label: impl Fn(&Field) -> String) -> Result<Vec<u8>, XlsxError> {
    let mut book = Workbook::new();
    let bold = Format::new().set_bold();
    let sheet = book.add_worksheet();
    sheet.set_name(e.key)?;
    for (col, f) in columns(e).enumerate() {
        let col = col as u16;
        sheet.write_string_with_format(0, col, label(f), &bold)?;
        sheet.write_string(1, col, f.name)?;
        sheet.write_string(2, col, example(f))?;
        sheet.set_column_width(col, 22)?;
    }
    sheet.set_row_hidden(1)?;
    let about = book.add_worksheet();
    about.set_name("help")?;
    about.write_string_with_format(0, 0, "column", &bold)?;
    about.write_string_with_format(0, 1, "field", &bold)?;
    about.write_string_with_format(0, 2, "takes", &bold)?;
    about.set_column_width(0, 28)?;
    about.set_column_width(1, 22)?;
    about.set_column_width(2, 70)?;
    for (row, f) in columns(e).enumerate() {
        about.write_string(row as u32 + 1, 0, label(f))?;
        about.write_string(row as u32 + 1, 1, f.name)?;
        about.write_string(row as u32 + 1, 2, help(f))?;
    }
    book.save_to_buffer()
}

/// True when `row` names fields of `e` by their own names in every non-empty cell: the sample
/// file's hidden row under the people's header.
pub fn is_key_row(e: &Entity, row: &[String]) -> bool {
    row.iter().any(|c| !c.is_empty())
        && row
            .iter()
            .filter(|c| !c.is_empty())
            .all(|c| columns(e).any(|f| f.name.eq_ignore_ascii_case(c.trim())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use model::config::by_key;

    #[test]
    fn the_sample_workbook_reads_back_as_labels_field_names_and_an_example_row() {
        let e = by_key("actionparameters").unwrap();
        let sheet = read(&sample(e, |f| format!("Label of {}", f.name)).unwrap()).unwrap();
        let names: Vec<_> = columns(e).map(|f| f.name.to_string()).collect();
        let labels: Vec<_> = names.iter().map(|n| format!("Label of {n}")).collect();
        assert_eq!(sheet.header, labels);
        assert_eq!(sheet.rows.len(), 2);
        assert_eq!(sheet.rows[0], names);
        assert!(is_key_row(e, &sheet.rows[0]));
        assert!(!is_key_row(e, &sheet.rows[1]));
        assert_eq!(sheet.rows[1][1], "EXAMPLE-1");
    }

    #[test]
    fn csv_with_either_separator_a_bom_and_blank_lines_is_read() {
        let s = read("\u{feff}code;name\n\nA1;Dry mix\n".as_bytes()).unwrap();
        assert_eq!(
            s,
            Sheet {
                header: vec!["code".into(), "name".into()],
                rows: vec![vec!["A1".into(), "Dry mix".into()]]
            }
        );
        let s = read(b"code,name\nA1,\"Wet, mix\"\n").unwrap();
        assert_eq!(s.rows[0][1], "Wet, mix");
    }

    #[test]
    fn empty_headers_only_and_binary_files_are_refused_with_their_reason() {
        assert_eq!(read(b"").unwrap_err().code, "import.empty");
        assert_eq!(read(b" \n ").unwrap_err().code, "import.empty");
        assert_eq!(read(b"code,name\n").unwrap_err().code, "import.noRows");
        assert_eq!(
            read(&[0x89, b'P', b'N', b'G', 0, 0, 0xff])
                .unwrap_err()
                .code,
            "import.notSpreadsheet"
        );
        assert_eq!(
            read(b"PK\x03\x04garbage").unwrap_err().code,
            "import.notSpreadsheet"
        );
    }
}
