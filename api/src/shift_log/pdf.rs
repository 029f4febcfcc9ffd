//! `POST /api/shiftlogs/generatePdf {id}`: a shift log entry as a plant files it — the line,
//! shift and its times, who wrote it and who took the handover, the production summary (kept at
//! the handover, else counted now and said so), the stop reasons, the notes, the open items,
//! and lines for both operators to sign. Every text in the requester's language, every time in
//! the line's zone.

use app::shift_log::{ShiftLog, ShiftSummary};
use chrono::{DateTime, Utc};
use model::Msg;
use pdf::{Align, Block, Column, Document, Footer, Row, Signatures, Table};

use crate::i18n_layer::RequestLang;

/// What the document says besides the entry: the words' language, the plant, who asked, and
/// the instants of [`instants`] as local `YYYY-MM-DD HH:MM`.
pub(super) struct Context<'a> {
    pub lang: RequestLang,
    pub plant: &'a str,
    pub user: &'a str,
    pub zone: &'a str,
    pub times: Vec<String>,
}

/// The instants the document prints, in the order [`Context::times`] holds them: start, end,
/// written, changed, handed over (or now), summary counted, now.
pub(super) fn instants(e: &ShiftLog, now: DateTime<Utc>) -> Vec<DateTime<Utc>> {
    vec![
        e.starts_at,
        e.ends_at,
        e.created_at,
        e.updated_at,
        e.handed_over_at.unwrap_or(now),
        e.summary.as_ref().map_or(now, |s| s.computed_at),
        now,
    ]
}

impl Context<'_> {
    fn t(&self, code: &'static str) -> String {
        self.lang.text(&Msg::new(code))
    }
    fn time(&self, i: usize) -> String {
        self.times.get(i).cloned().unwrap_or_default()
    }
    fn num(&self, v: f64, decimals: usize) -> String {
        crate::numbers::trimmed(self.lang.0, v, decimals)
    }
    fn pct(&self, f: Option<f64>) -> String {
        f.map_or_else(
            || "–".to_string(),
            |f| format!("{} %", self.num(f * 100.0, 1)),
        )
    }
}

/// Seconds as h:mm:ss.
fn hms(secs: f64) -> String {
    let s = secs.max(0.0).round() as u64;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

pub(super) fn title(c: &Context, e: &ShiftLog) -> String {
    c.lang.text(
        &Msg::new("shiftLog.pdf.title")
            .arg("line", &e.line_name)
            .arg("shift", &e.shift_name)
            .arg("date", e.date.to_string()),
    )
}

/// The shift's start and end as clock times in the zone, the end with its date when it falls
/// on another day (a night shift).
fn period(c: &Context) -> String {
    let (from, to) = (c.time(0), c.time(1));
    let clock = |t: &str| t.get(11..).unwrap_or(t).to_string();
    let end = if from.get(..10) == to.get(..10) {
        clock(&to)
    } else {
        to.clone()
    };
    format!("{} – {end} {}", clock(&from), c.zone)
}

fn entry_facts(c: &Context, e: &ShiftLog) -> Vec<(String, String)> {
    let mut facts = vec![
        (c.t("shiftLog.pdf.line"), e.line_name.clone()),
        (c.t("shiftLog.pdf.shift"), e.shift_name.clone()),
        (c.t("shiftLog.pdf.date"), e.date.to_string()),
        (c.t("shiftLog.pdf.period"), period(c)),
        (
            c.t("shiftLog.pdf.written"),
            format!("{} · {}", e.created_by, c.time(2)),
        ),
        (
            c.t("shiftLog.pdf.changed"),
            format!("{} · {}", e.updated_by, c.time(3)),
        ),
    ];
    facts.push((
        c.t("shiftLog.pdf.handover"),
        match &e.handed_over_by {
            Some(by) => format!("{by} · {}", c.time(4)),
            None => c.t("shiftLog.pdf.notHandedOver"),
        },
    ));
    facts
}

fn summary_facts(c: &Context, s: &ShiftSummary) -> Vec<(String, String)> {
    vec![
        (c.t("shiftLog.pdf.tonnes"), c.num(s.tonnes, 3)),
        (c.t("shiftLog.pdf.batches"), s.batches.to_string()),
        (c.t("shiftLog.pdf.aborted"), s.aborted.to_string()),
        (c.t("shiftLog.pdf.stops"), s.stops.to_string()),
        (c.t("shiftLog.pdf.stopTime"), hms(s.stop_s)),
        (c.t("shiftLog.pdf.alarms"), s.alarms.to_string()),
        (
            c.t("shiftLog.pdf.criticalAlarms"),
            s.critical_alarms.to_string(),
        ),
        (
            c.t("shiftLog.pdf.unacknowledged"),
            s.unacknowledged_alarms.to_string(),
        ),
        (c.t("shiftLog.pdf.oee"), c.pct(s.oee.oee)),
        (c.t("shiftLog.pdf.availability"), c.pct(s.oee.availability)),
        (c.t("shiftLog.pdf.performance"), c.pct(s.oee.performance)),
        (c.t("shiftLog.pdf.quality"), c.pct(s.oee.quality)),
    ]
}

fn column(c: &Context, key: &'static str, align: Align) -> Column {
    Column {
        title: c.t(key),
        align,
    }
}

fn reasons_table(c: &Context, s: &ShiftSummary) -> Block {
    let rows = if s.stop_reasons.is_empty() {
        vec![Row::Group(c.t("shiftLog.pdf.noStops"))]
    } else {
        s.stop_reasons
            .iter()
            .map(|r| {
                Row::Cells(vec![
                    r.name.as_ref().map_or_else(
                        || c.t("shiftLog.pdf.noReason"),
                        |n| format!("{} {n}", r.code),
                    ),
                    r.stops.to_string(),
                    hms(r.duration_s),
                ])
            })
            .collect()
    };
    Block::Table(Table {
        columns: vec![
            column(c, "shiftLog.pdf.reason", Align::Left),
            column(c, "shiftLog.pdf.stops", Align::Right),
            column(c, "shiftLog.pdf.stopTime", Align::Right),
        ],
        rows,
    })
}

fn items_table(c: &Context, e: &ShiftLog) -> Block {
    let rows = if e.open_items.is_empty() {
        vec![Row::Group(c.t("shiftLog.pdf.noItems"))]
    } else {
        e.open_items
            .iter()
            .map(|i| {
                Row::Cells(vec![
                    c.t(if i.done {
                        "shiftLog.pdf.done"
                    } else {
                        "shiftLog.pdf.open"
                    }),
                    i.text.clone(),
                    if i.carried_from.is_some() {
                        c.t("shiftLog.pdf.carried")
                    } else {
                        String::new()
                    },
                ])
            })
            .collect()
    };
    Block::Table(Table {
        columns: vec![
            column(c, "shiftLog.pdf.state", Align::Left),
            column(c, "shiftLog.pdf.item", Align::Left),
            column(c, "shiftLog.pdf.from", Align::Left),
        ],
        rows,
    })
}

/// The document of entry `e`.
pub(super) fn document(c: &Context, e: &ShiftLog) -> Document {
    let mut blocks = vec![Block::Facts(entry_facts(c, e))];
    if let Some(s) = &e.summary {
        let heading = if e.summary_final {
            c.t("shiftLog.pdf.summaryKept")
        } else {
            c.lang.text(
                &Msg::new("shiftLog.pdf.summaryNow")
                    .arg("time", format!("{} {}", c.time(5), c.zone)),
            )
        };
        blocks.push(Block::Heading(heading));
        blocks.push(Block::Facts(summary_facts(c, s)));
        blocks.push(Block::Heading(c.t("shiftLog.pdf.reasons")));
        blocks.push(reasons_table(c, s));
    }
    blocks.push(Block::Heading(c.t("shiftLog.pdf.notes")));
    blocks.push(Block::Paragraph(if e.notes.is_empty() {
        c.t("shiftLog.pdf.noNotes")
    } else {
        e.notes.clone()
    }));
    blocks.push(Block::Heading(c.t("shiftLog.pdf.items")));
    blocks.push(items_table(c, e));
    if let Some(note) = &e.handover_note {
        blocks.push(Block::Heading(c.t("shiftLog.pdf.handoverNote")));
        blocks.push(Block::Paragraph(note.clone()));
    }
    blocks.push(Block::Signatures(Signatures {
        roles: vec![c.t("shiftLog.pdf.outgoing"), c.t("shiftLog.pdf.incoming")],
        fields: vec![
            c.t("report.record.name"),
            c.t("report.record.date"),
            c.t("report.record.signature"),
        ],
    }));
    Document {
        title: title(c, e),
        subtitle: Some(c.plant.to_string()),
        logo: true,
        landscape: false,
        blocks,
        footer: Footer {
            left: c.lang.text(
                &Msg::new("recall.generated")
                    .arg("time", format!("{} {}", c.time(6), c.zone))
                    .arg("user", c.user),
            ),
            page: c.t("recipe.pdf.page"),
        },
    }
}
