//! A report as a PDF (`POST <report path>/generatePdf`, §7 PDF exports): the figures are the
//! server's own for the filters in the query (the same call as the report's `GET`), the body
//! only chooses what to print — the heading, which list of the answer (`data`), its columns
//! (`headers` with their `matchKeys`), and the chart images the screen drew. Logo, title, the
//! filters in words, the table with its header on every page and a totals row, the charts,
//! page x of y, time and user; every text in the requester's language, times in the line's zone.

use std::collections::HashMap;

use axum::http::Uri;
use axum::response::Response;
use chrono::{DateTime, Utc};
use model::Msg;
use pdf::{Align, Block, Column, Document, Footer, Table};
use serde::Serialize;
use serde_json::Value;

use super::pdf_body::bad;
use super::pdf_text::{Cells, at, column_decimals, filters, times_in};
use super::scope::{ReportQuery, Scope};
use crate::AppState;
use crate::auth::AuthUser;
use crate::error::{ApiError, ApiResult};
use crate::extract::attachment;
use crate::i18n_layer::RequestLang;

pub use super::pdf_body::{PDF_ROWS, PdfBody};

/// The filters of a PDF, and whether it has a period to print. A batch's or a compare's PDF may
/// be asked for without a range: it then covers the times its answer holds, and prints no period
/// when the answer holds none.
async fn scope_of(s: &AppState, q: &ReportQuery, answer: &Value) -> ApiResult<(Scope, bool)> {
    let given = |v: &Option<String>| v.as_deref().is_some_and(|v| !v.trim().is_empty());
    if given(&q.from_date_time) || given(&q.to_date_time) {
        return Ok((q.scope(s).await?, true));
    }
    let mut instants = Vec::new();
    times_in(answer, &mut instants);
    let now = Utc::now();
    let stamp = |t: DateTime<Utc>| Some(t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true));
    // The rest of the filters are checked as the report's own call checked them.
    let mut scope = ReportQuery {
        from_date_time: stamp(now - chrono::Duration::hours(1)),
        to_date_time: stamp(now),
        ..q.clone()
    }
    .scope(s)
    .await?;
    match (instants.iter().min(), instants.iter().max()) {
        (Some(from), Some(to)) => {
            (scope.from, scope.to) = (*from, *to);
            Ok((scope, true))
        }
        _ => Ok((scope, false)),
    }
}

/// What every report PDF prints with: its cells' texts (times made local), the filters in
/// words, its zone and the time it was made.
pub(super) struct Frame {
    pub(super) cells: Cells,
    pub(super) facts: Vec<(String, String)>,
    zone: String,
    now: DateTime<Utc>,
}

impl Frame {
    /// The frame of `answer`, the answer of a report's call for `q`.
    pub(super) async fn new(
        s: &AppState,
        lang: RequestLang,
        q: &ReportQuery,
        uri: &Uri,
        answer: &Value,
    ) -> ApiResult<Self> {
        let (scope, period) = scope_of(s, q, answer).await?;
        // One zone for the document: the lines' own when they share one, else UTC.
        let zone = match scope.lines.first() {
            Some(l) if scope.lines.iter().all(|x| x.zone == l.zone) => l.zone.clone(),
            _ => "UTC".to_string(),
        };
        let now = Utc::now();
        let mut instants = vec![scope.from, scope.to, now];
        times_in(answer, &mut instants);
        instants.sort();
        instants.dedup();
        let local = db::zones::minutes(&s.pool, &zone, &instants).await?;
        let mut times = HashMap::new();
        for (t, l) in instants.iter().zip(&local) {
            for fmt in [
                chrono::SecondsFormat::Secs,
                chrono::SecondsFormat::AutoSi,
                chrono::SecondsFormat::Millis,
            ] {
                times.insert(t.to_rfc3339_opts(fmt, true), l.clone());
            }
        }
        let tr = |k: &'static str| lang.text(&Msg::new(k));
        let cells = Cells {
            lang: lang.0,
            times,
            yes: tr("report.pdf.yes"),
            no: tr("report.pdf.no"),
        };
        let facts = filters(s, lang, (&scope, period), q, uri, &cells).await?;
        Ok(Self {
            cells,
            facts,
            zone,
            now,
        })
    }

    /// A table of `rows` with a column per heading, each showing the value at its key; numbers
    /// right-aligned.
    pub(super) fn table(&self, headers: &[String], keys: &[String], rows: &[Value]) -> Table {
        self.table_with_totals(headers, keys, rows, &|_| None).0
    }

    /// [`Frame::table`], each column's numbers printed with the decimals its rows and its
    /// total (`total_of` its key) need together; those decimals, for the totals row.
    pub(super) fn table_with_totals<'v>(
        &self,
        headers: &[String],
        keys: &[String],
        rows: &'v [Value],
        total_of: &dyn Fn(&str) -> Option<&'v Value>,
    ) -> (Table, Vec<Option<usize>>) {
        let columns = headers
            .iter()
            .zip(keys)
            .map(|(title, key)| {
                let numeric = rows
                    .iter()
                    .map(|r| at(r, key))
                    .find(|v| !v.is_null())
                    .is_some_and(Value::is_number);
                Column {
                    title: title.clone(),
                    align: if numeric { Align::Right } else { Align::Left },
                }
            })
            .collect();
        let decimals = column_decimals(keys, rows, total_of);
        let rows = rows
            .iter()
            .map(|r| {
                let cells = keys.iter().zip(&decimals);
                pdf::Row::Cells(
                    cells
                        .map(|(k, d)| self.cells.value_in(k, at(r, k), *d))
                        .collect(),
                )
            })
            .collect();
        (Table { columns, rows }, decimals)
    }

    /// The document `body` titles holding `blocks` (landscape past six columns), as a
    /// downloaded file.
    pub(super) async fn finish(
        &self,
        s: &AppState,
        user: &AuthUser,
        lang: RequestLang,
        body: &PdfBody,
        blocks: Vec<Block>,
    ) -> ApiResult<Response> {
        let (title, landscape) = (body.title(), body.headers.len() > 6);
        let now = self.now;
        let stamp = Value::String(now.to_rfc3339_opts(chrono::SecondsFormat::Secs, true));
        let doc = Document {
            title: title.clone(),
            subtitle: Some(s.settings.plant_name.clone()),
            logo: true,
            landscape,
            blocks,
            footer: Footer {
                left: lang.text(
                    &Msg::new("recipe.pdf.generated")
                        .arg("time", format!("{} {}", self.cells.text(&stamp), self.zone))
                        .arg("user", user.email()),
                ),
                page: lang.text(&Msg::new("recipe.pdf.page")),
            },
        };
        // Rendered off the async workers, a bounded number at once (`AppState::heavy`).
        let bytes = s
            .heavy
            .run_or_busy(move || pdf::render(&doc))
            .await?
            .map_err(|e| match e {
                pdf::PdfError::InvalidImage { .. } => bad("images", "recipe.pdf.badImage"),
                pdf::PdfError::TooManyPixels { max } => ApiError::field(
                    "images",
                    Msg::new("report.pdf.tooManyPixels").arg("max", max / 1_000_000),
                ),
                other => ApiError::Internal(anyhow::anyhow!("report PDF: {other}")),
            })?;
        let name: String = title
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '-'
                }
            })
            .collect::<String>()
            .trim_matches('-')
            .to_string();
        let name = format!(
            "{}-{}.pdf",
            if name.is_empty() { "report" } else { &name },
            now.format("%Y%m%d-%H%M")
        );
        Ok(attachment(bytes, "application/pdf", &name))
    }
}

/// The PDF of `data`, the answer of a report's call for `q`, laid out as `body` says.
pub async fn render(
    s: &AppState,
    user: &AuthUser,
    lang: RequestLang,
    q: &ReportQuery,
    uri: &Uri,
    body: PdfBody,
    data: impl Serialize,
) -> ApiResult<Response> {
    body.check()?;
    let images = body.images()?;
    let answer = serde_json::to_value(data).map_err(|e| ApiError::Internal(e.into()))?;
    let (list, rows) = body.list(&answer)?;
    let frame = Frame::new(s, lang, q, uri, &answer).await?;
    let cells = &frame.cells;
    let tr = |k: &'static str| lang.text(&Msg::new(k));
    // The totals, where the answer has them for this list: the figures of `rows` and
    // `categories`, the stop count and duration of `stops` and `pareto`.
    let totals = &answer["totals"];
    let total_of = |k: &str| -> Option<&Value> {
        match list.as_str() {
            "rows" | "categories" => k
                .strip_prefix("figures.")
                .filter(|f| *f != "sharePct")
                .map(|f| &totals[f]),
            "stops" | "pareto" => Some(&totals[k]).filter(|v| v.is_number()),
            _ => None,
        }
    };
    let shown = totals.is_object() && !rows.is_empty();
    let (mut table, decimals) =
        frame.table_with_totals(&body.headers, &body.match_keys, rows, &|k| {
            total_of(k).filter(|_| shown)
        });
    if shown && body.match_keys.iter().any(|k| total_of(k).is_some()) {
        let mut label = Some(tr("report.pdf.total"));
        let cells: Vec<String> = body
            .match_keys
            .iter()
            .zip(&decimals)
            .map(|(k, d)| match total_of(k) {
                Some(v) => cells.value_in(k, v, *d),
                None => label.take().unwrap_or_default(),
            })
            .collect();
        table.rows.push(pdf::Row::Total(cells));
    }
    let mut blocks = vec![
        Block::Facts(frame.facts.clone()),
        Block::Heading(body.heading.clone()),
    ];
    blocks.extend(images);
    if rows.is_empty() {
        blocks.push(Block::Paragraph(tr("report.pdf.empty")));
    } else {
        // An answer's `total` counts its paged list (a bin history's movements, a stop
        // report's stops, a calibration's checks, the rows of the others); a whole list
        // beside it (the bins, the Pareto, the scales) is never cut.
        let paged = matches!(list.as_str(), "rows" | "movements" | "stops" | "checks");
        if let Some(total) = answer["total"]
            .as_i64()
            .filter(|t| paged && *t > rows.len() as i64)
        {
            blocks.push(Block::Paragraph(
                lang.text(
                    &Msg::new("report.pdf.firstRows")
                        .arg("rows", rows.len().to_string())
                        .arg("total", total.to_string()),
                ),
            ));
        }
        blocks.push(Block::Table(table));
    }
    frame.finish(s, user, lang, &body, blocks).await
}

/// A cell of a report's table as a file holds it: a plain number as a number (a CSV writes it
/// with a point, a workbook as a number), anything else as the PDF prints it.
#[derive(Debug, Clone, PartialEq)]
pub enum FileCell {
    Number(f64),
    Text(String),
}

/// The table a report's PDF prints, for a CSV or a workbook (scheduled reports, issue 35): its
/// title, the filters in words, the headings and the rows, the zone its times are in.
#[derive(Debug, Clone)]
pub struct FileTable {
    pub title: String,
    pub facts: Vec<(String, String)>,
    pub headers: Vec<String>,
    pub rows: Vec<Vec<FileCell>>,
    pub zone: String,
}

/// The table of `answer` (the report's answer for `q`) as `body` lays its PDF out.
pub async fn file_table(
    s: &AppState,
    lang: RequestLang,
    q: &ReportQuery,
    uri: &Uri,
    body: &PdfBody,
    answer: &Value,
) -> ApiResult<FileTable> {
    body.check()?;
    let (_, rows) = body.list(answer)?;
    let frame = Frame::new(s, lang, q, uri, answer).await?;
    let rows = rows
        .iter()
        .map(|row| {
            body.match_keys
                .iter()
                .map(|k| {
                    let v = at(row, k);
                    match v.as_f64() {
                        // Durations and OEE's fractions read as the PDF prints them.
                        Some(n) if frame.cells.value(k, v) == frame.cells.text(v) => {
                            FileCell::Number(n)
                        }
                        _ => FileCell::Text(frame.cells.value(k, v)),
                    }
                })
                .collect()
        })
        .collect();
    Ok(FileTable {
        title: body.title.clone().unwrap_or_else(|| body.heading.clone()),
        facts: frame.facts,
        headers: body.headers.clone(),
        rows,
        zone: frame.zone,
    })
}
