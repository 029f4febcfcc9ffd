//! Spreadsheets of configuration records: reading an upload (XLSX or CSV, told apart by their
//! bytes) into rows of text cells, and writing the sample workbook of an entity.
//!
//! An upload is read within budgets checked before anything grows with the sheet (decision 93):
//! at most `MAX_UNZIPPED` bytes unpacked (a zip bomb is refused while it is counted, never
//! held), cells streamed one by one and refused beyond `MAX_ROWS` rows or `MAX_COLUMNS`
//! columns — never a range built from the sheet's own idea of its size (two cells at A1 and
//! XFD1048576 would be 17 billion). XLS and ODS workbooks, whose readers build every sheet whole
//! at opening, are refused with a message asking for XLSX or CSV (the import screen offers
//! only those).

use std::io::{Cursor, Read};

use calamine::{Data, Reader};
use model::Msg;
use model::config::{Entity, Field, Kind};
use rust_xlsxwriter::{Format, Workbook, XlsxError};

/// The most rows one upload may hold.
pub const MAX_ROWS: usize = 5000;
/// The most columns a sheet may use (an entity has a few dozen fields at most).
pub const MAX_COLUMNS: usize = 100;
/// The most bytes an XLSX upload may unpack to.
pub const MAX_UNZIPPED: u64 = 64 << 20;
/// Rows past the last data row a sheet may reach (the header, the field-name row, blank rows).
const SPARE_ROWS: usize = 100;

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
    if cells.iter().any(|row| row.len() > MAX_COLUMNS) {
        return Err(Msg::new("import.tooManyColumns").arg("max", MAX_COLUMNS));
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

/// The first sheet of an XLSX workbook, cell by cell within the budgets.
fn workbook(bytes: &[u8]) -> Result<Vec<Vec<String>>, Msg> {
    let not_sheet = |_| Msg::new("import.notSpreadsheet");
    if !bytes.starts_with(b"PK\x03\x04") {
        return Err(Msg::new("import.otherWorkbook"));
    }
    unzipped_within_budget(bytes)?;
    let mut book = calamine::Xlsx::new(Cursor::new(bytes)).map_err(not_sheet)?;
    let first = book
        .sheet_names()
        .first()
        .cloned()
        .ok_or(Msg::new("import.empty"))?;
    let mut reader = book.worksheet_cells_reader(&first).map_err(not_sheet)?;
    let mut rows: Vec<Vec<String>> = Vec::new();
    while let Some(c) = reader.next_cell().map_err(not_sheet)? {
        let (row, column) = c.get_position();
        let (row, column) = (row as usize, column as usize);
        let text = cell(&Data::from(c.get_value().clone()));
        if text.is_empty() {
            continue;
        }
        if row >= MAX_ROWS + SPARE_ROWS {
            return Err(Msg::new("import.tooManyRows").arg("max", MAX_ROWS));
        }
        if column >= MAX_COLUMNS {
            return Err(Msg::new("import.tooManyColumns").arg("max", MAX_COLUMNS));
        }
        if rows.len() <= row {
            rows.resize_with(row + 1, Vec::new);
        }
        let cells = &mut rows[row];
        if cells.len() <= column {
            cells.resize(column + 1, String::new());
        }
        cells[column] = text;
    }
    Ok(rows)
}

/// An XLSX file (a zip holding `xl/workbook.xml`) whose parts unpack to at most
/// `MAX_UNZIPPED` bytes, counted by unpacking them into nothing: the sizes a zip declares
/// may lie.
fn unzipped_within_budget(bytes: &[u8]) -> Result<(), Msg> {
    fn not_sheet(_: impl std::fmt::Debug) -> Msg {
        Msg::new("import.notSpreadsheet")
    }
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).map_err(not_sheet)?;
    if zip.index_for_name("xl/workbook.xml").is_none() {
        return Err(Msg::new("import.otherWorkbook"));
    }
    let mut left = MAX_UNZIPPED;
    for i in 0..zip.len() {
        let mut part = zip.by_index(i).map_err(not_sheet)?;
        let n = std::io::copy(&mut (&mut part).take(left + 1), &mut std::io::sink())
            .map_err(not_sheet)?;
        if n > left {
            return Err(Msg::new("import.tooLarge").arg("max", MAX_UNZIPPED >> 20));
        }
        left -= n;
    }
    Ok(())
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

    /// A workbook with `cells` (row, column) holding text.
    fn workbook_with(cells: &[(u32, u16)]) -> Vec<u8> {
        let mut book = Workbook::new();
        let sheet = book.add_worksheet();
        for &(r, c) in cells {
            sheet.write_string(r, c, "x").unwrap();
        }
        book.save_to_buffer().unwrap()
    }

    #[test]
    fn a_sheet_reaching_far_is_refused_before_anything_grows_with_it() {
        // A1 and XFD1048576: 17 billion cells as a range; a few hundred bytes as a file.
        let far = workbook_with(&[(0, 0), (1_048_575, 16_383)]);
        assert!(far.len() < 10_000);
        let started = std::time::Instant::now();
        let refused = read(&far).unwrap_err();
        assert!(["import.tooManyRows", "import.tooManyColumns"].contains(&refused.code));
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        assert_eq!(
            read(&workbook_with(&[(0, 0), (1, 0), (0, MAX_COLUMNS as u16)]))
                .unwrap_err()
                .code,
            "import.tooManyColumns"
        );
        assert_eq!(
            read(&workbook_with(&[
                (0, 0),
                (1, 0),
                ((MAX_ROWS + SPARE_ROWS) as u32, 0)
            ]))
            .unwrap_err()
            .code,
            "import.tooManyRows"
        );
        // Within the budgets, blank rows and all: read.
        let s = read(&workbook_with(&[(0, 0), (0, 1), (3, 1)])).unwrap();
        assert_eq!(s.header, ["x", "x"]);
        assert_eq!(s.rows, [vec![String::new(), "x".into()]]);
        let wide = format!(
            "{}\n{}\n",
            "c,".repeat(MAX_COLUMNS),
            "v,".repeat(MAX_COLUMNS)
        );
        assert_eq!(
            read(wide.as_bytes()).unwrap_err().code,
            "import.tooManyColumns"
        );
    }

    #[test]
    fn a_zip_that_unpacks_beyond_the_budget_and_other_workbooks_are_refused() {
        use std::io::Write;
        let zipped = |parts: &[(&str, u64)]| {
            let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
            let deflated = zip::write::SimpleFileOptions::default()
                .compression_method(zip::CompressionMethod::Deflated);
            let zeros = vec![0u8; 1 << 20];
            for (name, size) in parts {
                w.start_file(*name, deflated).unwrap();
                let mut left = *size;
                while left > 0 {
                    let n = left.min(zeros.len() as u64) as usize;
                    w.write_all(&zeros[..n]).unwrap();
                    left -= n as u64;
                }
            }
            w.finish().unwrap().into_inner()
        };
        let bomb = zipped(&[
            ("xl/workbook.xml", 10),
            ("xl/sharedStrings.xml", MAX_UNZIPPED + 1),
        ]);
        assert!(bomb.len() < (1 << 20), "{} bytes", bomb.len());
        assert_eq!(read(&bomb).unwrap_err().code, "import.tooLarge");
        // An ODS (a zip without the XLSX workbook part) and an XLS (an OLE document).
        let ods = zipped(&[("mimetype", 10), ("content.xml", 10)]);
        assert_eq!(read(&ods).unwrap_err().code, "import.otherWorkbook");
        let xls = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0, 0, 0];
        assert_eq!(read(&xls).unwrap_err().code, "import.otherWorkbook");
    }
}
