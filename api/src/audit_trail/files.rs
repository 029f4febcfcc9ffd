//! The audit trail as files: the PDF document, the CSV's table and the workbook.

use app::audit::Kind;
use db::audit::Filter;
use model::Msg;
use model::audit::{AuditChange, AuditEntry};
use pdf::{Align, Block, Column, Document, Footer, Row, Table};
use rust_xlsxwriter::{Format, Workbook};
use serde_json::Value;

use crate::i18n_layer::RequestLang;

/// The entries of a file with what it says around them.
pub(super) struct Trail {
    pub entries: Vec<AuditEntry>,
    /// `YYYY-MM-DD HH:MM:SS` in `zone` of each entry, then of the filter's from and to (those
    /// given), then of now.
    pub times: Vec<String>,
    pub filter: Filter,
    pub zone: String,
    pub lang: RequestLang,
    pub plant: String,
    pub user: String,
}

/// The most changes a PDF row lists (the CSV and workbook have every one).
const PDF_CHANGES: usize = 12;

impl Trail {
    fn t(&self, code: &'static str) -> String {
        self.lang.text(&Msg::new(code))
    }

    /// The kind of record, in words.
    pub fn entity(&self, entity: &str) -> String {
        super::labels::label(self.lang, Kind::Entity, entity)
    }

    fn line(&self, e: &AuditEntry) -> String {
        e.line_code
            .clone()
            .or_else(|| e.line_id.clone())
            .unwrap_or_default()
    }

    /// Time of the `i`th of the instants after the entries (the filter's from, to, then now).
    fn after_entries(&self, i: usize) -> String {
        self.times
            .get(self.entries.len() + i)
            .cloned()
            .unwrap_or_default()
    }

    fn now(&self) -> String {
        self.times.last().cloned().unwrap_or_default()
    }

    /// The filters given, as label/value pairs.
    fn filters(&self) -> Vec<(String, String)> {
        let f = &self.filter;
        let mut out = Vec::new();
        let mut next = 0;
        for (given, key) in [
            (f.from.is_some(), "audit.from"),
            (f.to.is_some(), "audit.to"),
        ] {
            if given {
                out.push((self.t(key), self.after_entries(next)));
                next += 1;
            }
        }
        let line = f.line.map(|l| {
            self.entries
                .iter()
                .find(|e| e.line_id.as_deref() == Some(&l.to_string()))
                .and_then(|e| e.line_code.clone())
                .unwrap_or_else(|| l.to_string())
        });
        for (value, key) in [
            (f.actor.clone(), "audit.user"),
            (f.entity.as_deref().map(|e| self.entity(e)), "audit.entity"),
            (f.entity_id.clone(), "audit.entityId"),
            (
                f.action
                    .as_deref()
                    .map(|a| super::labels::label(self.lang, Kind::Action, a)),
                "audit.action",
            ),
            (line, "audit.line"),
        ] {
            if let Some(v) = value {
                out.push((self.t(key), v));
            }
        }
        out.push((self.t("audit.entries"), self.entries.len().to_string()));
        out.push((self.t("audit.zone"), self.zone.clone()));
        out
    }
}

/// A value as a person reads it: text without quotes, the rest as compact JSON; absent `–`.
fn shown(v: Option<&Value>) -> String {
    match v {
        None => "–".into(),
        Some(Value::String(s)) => s.clone(),
        Some(v) => v.to_string(),
    }
}

fn change(c: &AuditChange) -> String {
    format!(
        "{}: {} → {}",
        c.path,
        shown(c.old.as_ref()),
        shown(c.new.as_ref())
    )
}

/// An entry's changes in a few lines, or what its detail says when nothing changed.
fn summary(e: &AuditEntry, max: usize, more: &dyn Fn(usize) -> String) -> String {
    if e.changes.is_empty() {
        return e
            .detail
            .as_ref()
            .and_then(Value::as_object)
            .map(|d| {
                d.iter()
                    .filter(|(k, _)| k.as_str() != "source")
                    .map(|(k, v)| format!("{k}: {}", shown(Some(v))))
                    .collect::<Vec<_>>()
                    .join("\n")
            })
            .unwrap_or_default();
    }
    let mut lines: Vec<String> = e.changes.iter().take(max).map(change).collect();
    if e.changes.len() > max {
        lines.push(more(e.changes.len() - max));
    }
    lines.join("\n")
}

fn json(v: &Option<Value>) -> String {
    v.as_ref().map(Value::to_string).unwrap_or_default()
}

pub(super) fn document(t: &Trail) -> Document {
    let columns = [
        ("audit.col.time", Align::Left),
        ("audit.col.user", Align::Left),
        ("audit.col.action", Align::Left),
        ("audit.col.record", Align::Left),
        ("audit.col.line", Align::Left),
        ("audit.col.changes", Align::Left),
    ];
    let more = |n: usize| t.lang.text(&Msg::new("audit.moreChanges").arg("count", n));
    let rows = if t.entries.is_empty() {
        vec![Row::Group(t.t("audit.none"))]
    } else {
        t.entries
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let record = match &e.entity_id {
                    Some(id) => format!("{} {id}", t.entity(&e.entity)),
                    None => t.entity(&e.entity),
                };
                Row::Cells(vec![
                    t.times.get(i).cloned().unwrap_or_default(),
                    e.actor.clone().unwrap_or_else(|| t.t("audit.system")),
                    e.action_label.clone(),
                    record,
                    t.line(e),
                    summary(e, PDF_CHANGES, &more),
                ])
            })
            .collect()
    };
    Document {
        title: t.t("audit.title"),
        subtitle: Some(t.plant.clone()),
        logo: true,
        landscape: true,
        blocks: vec![
            Block::Facts(t.filters()),
            Block::Table(Table {
                columns: columns
                    .into_iter()
                    .map(|(k, align)| Column {
                        title: t.t(k),
                        align,
                    })
                    .collect(),
                rows,
            }),
        ],
        footer: Footer {
            left: t.lang.text(
                &Msg::new("audit.generated")
                    .arg("time", format!("{} {}", t.now(), t.zone))
                    .arg("user", &t.user),
            ),
            page: t.t("recipe.pdf.page"),
        },
    }
}

const FILE_COLUMNS: [&str; 12] = [
    "audit.col.id",
    "audit.col.time",
    "audit.zone",
    "audit.col.user",
    "audit.col.action",
    "audit.col.entity",
    "audit.col.entityId",
    "audit.col.line",
    "audit.col.changes",
    "audit.col.before",
    "audit.col.after",
    "audit.col.detail",
];

/// The table of the CSV and the workbook: one row per entry, every change, the record before
/// and after and the detail as JSON.
pub(super) fn flat(t: &Trail) -> (Vec<String>, Vec<Vec<String>>) {
    let header = FILE_COLUMNS.iter().map(|k| t.t(k)).collect();
    let rows = t
        .entries
        .iter()
        .enumerate()
        .map(|(i, e)| {
            vec![
                e.id.to_string(),
                t.times.get(i).cloned().unwrap_or_default(),
                t.zone.clone(),
                e.actor.clone().unwrap_or_default(),
                e.action_label.clone(),
                t.entity(&e.entity),
                e.entity_id.clone().unwrap_or_default(),
                t.line(e),
                summary(e, usize::MAX, &|_| String::new()),
                json(&e.before),
                json(&e.after),
                json(&e.detail),
            ]
        })
        .collect();
    (header, rows)
}

pub(super) fn workbook(t: &Trail) -> Result<Vec<u8>, rust_xlsxwriter::XlsxError> {
    let mut book = Workbook::new();
    let bold = Format::new().set_bold();
    let wrap = Format::new().set_text_wrap();
    let (header, rows) = flat(t);
    let sheet = book.add_worksheet();
    sheet.set_name(
        t.t("audit.title")
            .chars()
            .filter(|c| !"[]:*?/\\".contains(*c))
            .take(31)
            .collect::<String>(),
    )?;
    for (c, h) in header.iter().enumerate() {
        sheet.write_string_with_format(0, c as u16, h, &bold)?;
    }
    for (c, width) in [8, 20, 16, 28, 22, 18, 38, 10, 60, 40, 40, 30]
        .into_iter()
        .enumerate()
    {
        sheet.set_column_width(c as u16, width)?;
    }
    for (i, row) in rows.iter().enumerate() {
        let r = i as u32 + 1;
        sheet.write_number(r, 0, t.entries[i].id as f64)?;
        for (c, cell) in row.iter().enumerate().skip(1) {
            if c == 8 {
                sheet.write_string_with_format(r, c as u16, cell, &wrap)?;
            } else {
                sheet.write_string(r, c as u16, cell)?;
            }
        }
    }
    sheet.set_freeze_panes(1, 0)?;
    sheet.autofilter(0, 0, rows.len() as u32, (header.len() - 1) as u16)?;
    book.save_to_buffer()
}
