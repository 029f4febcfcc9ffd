//! Import of configuration records from a spreadsheet's rows (§7 Import): each row becomes the
//! body of an add call (`rows`: codes of referenced records resolved on the line) and goes
//! through the same checks as a form, written as it passes inside one transaction, committed
//! only for an import without problems. Reading the file and mapping its header to fields (by
//! the fields' labels in every language) are the edge's.

mod rows;

use model::Msg;
use model::config::{Entity, Field};
use uuid::Uuid;

use super::insert_audited;
use super::prepare::prepare;
use crate::{App, Result};
use rows::{Codes, record};

/// One problem of an import file: its spreadsheet row (the header is row 1) and column.
#[derive(Debug, Clone)]
pub struct Problem {
    pub row: usize,
    pub column: String,
    pub msg: Msg,
}

/// What an import found and did.
#[derive(Debug, Default)]
pub struct Imported {
    /// Data rows in the file.
    pub rows: usize,
    /// Rows written (none unless committed).
    pub created: usize,
    /// The header's problems and every row's, in file order.
    pub problems: Vec<Problem>,
}

/// The data rows of a file for entity `e` on `line`: `cells` of the columns the header mapped
/// to `columns` (`None`: a column no field has), the first of them spreadsheet row `first_row`,
/// after the header's own `problems` (row 1; a field whose column is missing is reported there
/// once, not on every row). Every row is checked, even when the header has problems, and a row
/// with an unknown code has its other fields checked too. With `commit`, and only without any
/// problem, the rows are written (as `actor`, audited `import`); otherwise nothing is.
pub async fn rows(
    app: &App,
    actor: &str,
    (e, line): (&'static Entity, Uuid),
    columns: &[Option<&'static Field>],
    (cells, first_row): (&[Vec<String>], usize),
    problems: Vec<Problem>,
    commit: bool,
) -> Result<Imported> {
    let mut tx = app.pool.begin().await?;
    let mut report = Imported {
        rows: cells.len(),
        created: 0,
        problems,
    };
    let missing: Vec<String> = report
        .problems
        .iter()
        .filter(|p| p.row == 1)
        .map(|p| p.column.clone())
        .collect();
    let mut codes = Codes::default();
    for (i, cells) in cells.iter().enumerate() {
        let row = i + first_row;
        let (record, unknown) = record(&mut tx, line, columns, cells, &mut codes).await?;
        let mut told: Vec<String> = missing.clone();
        for (column, msg) in unknown {
            report.problems.push(Problem {
                row,
                column: column.clone(),
                msg,
            });
            told.push(column);
        }
        match prepare(&mut tx, e, None, &record).await? {
            Err(p) => {
                for (field, msg) in p.invalid.into_iter().chain(p.taken) {
                    if !told.contains(&field) {
                        report.problems.push(Problem {
                            row,
                            column: field,
                            msg,
                        });
                    }
                }
            }
            // Written as we go (rolled back unless all rows pass), so a code twice in one file
            // shows up as taken in its second row.
            Ok(p) if told.len() == missing.len() => {
                insert_audited(&mut tx, actor, "import", e, p).await?;
                report.created += 1;
            }
            Ok(_) => {}
        }
    }
    if commit && report.problems.is_empty() {
        tx.commit().await?;
    } else {
        report.created = 0;
        tx.rollback().await?;
    }
    Ok(report)
}
