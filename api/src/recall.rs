//! The recall report of a lot (issue 33, item 6): `POST /api/trace/recall/generatePdf`,
//! `…/generateCsv` and `…/generateXlsx` with `{lotId}`. The lot and its supplier, its mass
//! balance, the customers, deliveries, batches, orders and carry-over risks it reached, with
//! kilograms, in the requester's language, times in the plant time of the lot's line, under the
//! plant's header; the PDF ends with lines to sign.

use axum::extract::State;
use axum::response::Response;
use chrono::{DateTime, Utc};
use model::trace::LotTrace;
use model::{AccessRule, Msg};
use pdf::{Align, Block, Column, Document, Footer, Row, Table};
use rust_xlsxwriter::{Format, Workbook};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::auth::{AuthUser, guarded};
use crate::error::{ApiError, ApiResult};
use crate::extract::{Body, attachment};
use crate::i18n_layer::RequestLang;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(guarded(AccessRule::LOTS, routes!(recall_pdf)))
        .routes(guarded(AccessRule::LOTS, routes!(recall_csv)))
        .routes(guarded(AccessRule::LOTS, routes!(recall_xlsx)))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecallRequest {
    /// The lot's `_id`.
    pub lot_id: Option<String>,
}

/// The trace of a lot with every instant in plant time, and the words of the report.
struct Recall {
    trace: LotTrace,
    /// `YYYY-MM-DD HH:MM` of each instant asked for, in the order asked.
    times: Vec<String>,
    zone: String,
    lang: RequestLang,
    plant: String,
    user: String,
}

impl Recall {
    fn t(&self, code: &'static str) -> String {
        self.lang.text(&Msg::new(code))
    }
    fn kg(&self, v: f64) -> String {
        crate::numbers::trimmed(self.lang.0, v, 1)
    }
}

/// Every instant of the trace in a fixed order, so each has its place in `times`: received,
/// status changed, expires, each batch's end (or start), each delivery, each carry-over batch,
/// then now.
fn instants(t: &LotTrace, now: DateTime<Utc>) -> Vec<DateTime<Utc>> {
    let mut v = vec![
        t.lot.received_at,
        t.lot.status_at,
        t.lot.expires_at.unwrap_or(t.lot.received_at),
    ];
    v.extend(
        t.batches
            .iter()
            .map(|b| b.ended_at.or(b.started_at).unwrap_or(now)),
    );
    v.extend(t.deliveries.iter().map(|d| d.delivered_at));
    v.extend(t.carry_over.iter().map(|c| c.started_at.unwrap_or(now)));
    v.push(now);
    v
}

async fn recall(
    s: &AppState,
    user: &AuthUser,
    lang: RequestLang,
    req: &RecallRequest,
) -> ApiResult<Recall> {
    let id = app::trace::lot_id(req.lot_id.as_deref())?;
    let trace = app::trace::lot(&s.app, &id.to_string()).await?;
    let mut conn = s.pool.acquire().await?;
    let zone = db::config::get(&mut *conn, crate::plant::entity("lines"), trace.lot.line_id)
        .await?
        .and_then(|l| l["timezone"].as_str().map(str::to_string))
        .unwrap_or_else(|| "UTC".into());
    let times = db::zones::minutes(&mut *conn, &zone, &instants(&trace, Utc::now())).await?;
    Ok(Recall {
        trace,
        times,
        zone,
        lang,
        plant: s.settings.plant_name.clone(),
        user: user.email().to_string(),
    })
}

/// One cell of a table: text, or a number the PDF writes in the requester's language and the
/// workbook keeps as a number.
enum Cell {
    Text(String),
    Kg(f64),
    Count(i64),
    Empty,
}

impl Cell {
    fn shown(&self, r: &Recall) -> String {
        match self {
            Cell::Text(t) => t.clone(),
            Cell::Kg(v) => r.kg(*v),
            Cell::Count(n) => n.to_string(),
            Cell::Empty => "—".into(),
        }
    }
}

fn text(s: impl Into<String>) -> Cell {
    Cell::Text(s.into())
}

fn kg_or_empty(v: Option<f64>) -> Cell {
    v.map_or(Cell::Empty, Cell::Kg)
}

/// The rows of the report's tables: `(title key, column keys with alignment, rows)`.
type Section = (&'static str, Vec<(&'static str, Align)>, Vec<Vec<Cell>>);

fn sections(r: &Recall) -> Vec<Section> {
    use Align::{Left as L, Right as R};
    let t = &r.trace;
    let at = |i: usize| r.times.get(i).cloned().unwrap_or_default();
    let first_batch = 3;
    let first_delivery = first_batch + t.batches.len();
    let first_risk = first_delivery + t.deliveries.len();
    let customers = t
        .customers
        .iter()
        .map(|c| {
            vec![
                text(&c.code),
                text(&c.name),
                Cell::Count(c.deliveries),
                Cell::Kg(c.kg),
                Cell::Kg(c.lot_kg),
            ]
        })
        .collect();
    let deliveries = t
        .deliveries
        .iter()
        .enumerate()
        .map(|(i, d)| {
            vec![
                text(&d.delivery_number),
                text(at(first_delivery + i)),
                text(format!("{} · {}", d.customer_code, d.customer_name)),
                d.vehicle.clone().map_or(Cell::Empty, Cell::Text),
                Cell::Kg(d.kg),
                Cell::Kg(d.lot_kg),
            ]
        })
        .collect();
    let batches = t
        .batches
        .iter()
        .enumerate()
        .map(|(i, b)| {
            vec![
                text(b.line_code.clone().unwrap_or_else(|| b.line_id.clone())),
                text(&b.batch_id),
                text(at(first_batch + i)),
                b.recipe_code.clone().map_or(Cell::Empty, Cell::Text),
                b.order_number.clone().map_or(Cell::Empty, Cell::Text),
                Cell::Kg(b.kg),
                kg_or_empty(b.batch_kg),
            ]
        })
        .collect();
    let orders = t
        .orders
        .iter()
        .map(|o| {
            vec![
                text(o.line_code.clone().unwrap_or_else(|| o.line_id.clone())),
                text(o.order_number.clone().unwrap_or_else(|| o.order_id.clone())),
                Cell::Count(o.batches),
                Cell::Kg(o.kg),
            ]
        })
        .collect();
    let risks = t
        .carry_over
        .iter()
        .enumerate()
        .map(|(i, c)| {
            vec![
                text(c.line_code.clone().unwrap_or_else(|| c.line_id.clone())),
                text(&c.batch_id),
                text(at(first_risk + i)),
                c.recipe_code.clone().map_or(Cell::Empty, Cell::Text),
                c.order_number.clone().map_or(Cell::Empty, Cell::Text),
                text(&c.after_batch_id),
            ]
        })
        .collect();
    let bins = t
        .bins
        .iter()
        .map(|b| {
            vec![
                text(b.line_code.clone().unwrap_or_else(|| b.line_id.clone())),
                text(&b.bin_code),
                Cell::Kg(b.filled_kg),
                Cell::Kg(b.in_bin_kg),
            ]
        })
        .collect();
    vec![
        (
            "recall.customers",
            vec![
                ("recall.col.code", L),
                ("recall.col.customer", L),
                ("recall.col.deliveries", R),
                ("recall.col.deliveredKg", R),
                ("recall.col.lotKg", R),
            ],
            customers,
        ),
        (
            "recall.deliveries",
            vec![
                ("recall.col.number", L),
                ("recall.col.date", L),
                ("recall.col.customer", L),
                ("recall.col.vehicle", L),
                ("recall.col.deliveredKg", R),
                ("recall.col.lotKg", R),
            ],
            deliveries,
        ),
        (
            "recall.batches",
            vec![
                ("recall.col.line", L),
                ("recall.col.batch", L),
                ("recall.col.date", L),
                ("recall.col.recipe", L),
                ("recall.col.order", L),
                ("recall.col.lotKg", R),
                ("recall.col.batchKg", R),
            ],
            batches,
        ),
        (
            "recall.orders",
            vec![
                ("recall.col.line", L),
                ("recall.col.order", L),
                ("recall.col.batches", R),
                ("recall.col.lotKg", R),
            ],
            orders,
        ),
        (
            "recall.carryOver",
            vec![
                ("recall.col.line", L),
                ("recall.col.batch", L),
                ("recall.col.date", L),
                ("recall.col.recipe", L),
                ("recall.col.order", L),
                ("recall.col.after", L),
            ],
            risks,
        ),
        (
            "recall.bins",
            vec![
                ("recall.col.line", L),
                ("recall.col.bin", L),
                ("recall.col.filledKg", R),
                ("recall.col.inBinKg", R),
            ],
            bins,
        ),
    ]
}

/// Label/value pairs.
type Facts = Vec<(String, String)>;

/// The lot's facts and its mass balance.
fn facts(r: &Recall) -> (Facts, Facts) {
    let l = &r.trace.lot;
    let at = |i: usize| r.times.get(i).cloned().unwrap_or_default();
    let status = format!(
        "{} ({}, {}{})",
        r.lang.text(&app::lots::status_msg(l.status)),
        at(1),
        l.status_by.clone().unwrap_or_default(),
        l.status_reason
            .as_deref()
            .map(|x| format!(": {x}"))
            .unwrap_or_default()
    );
    let mut lot = vec![
        (r.t("recall.lot"), l.lot_number.clone()),
        (
            r.t("recall.material"),
            format!("{} · {}", l.material_code, l.material_name),
        ),
        (
            r.t("recall.supplier"),
            format!("{} · {}", l.supplier_code, l.supplier_name),
        ),
        (r.t("recall.received"), format!("{} {}", at(0), r.zone)),
        (
            r.t("recall.quantity"),
            format!("{} kg", r.kg(l.quantity_kg)),
        ),
        (r.t("recall.status"), status),
    ];
    if l.expires_at.is_some() {
        lot.push((r.t("recall.expires"), at(2)));
    }
    if let Some(c) = &l.certificate {
        lot.push((r.t("recall.certificate"), c.clone()));
    }
    let b = &r.trace.balance;
    let balance = [
        ("recall.balance.received", b.received_kg),
        ("recall.balance.filled", b.filled_kg),
        ("recall.balance.dosed", b.dosed_kg),
        ("recall.balance.inBins", b.in_bins_kg),
        ("recall.balance.emptied", b.emptied_kg),
        ("recall.balance.notUsed", b.not_used_kg),
        ("recall.balance.unaccounted", b.unaccounted_kg),
    ]
    .into_iter()
    .map(|(k, v)| (r.t(k), format!("{} kg", r.kg(v))))
    .collect();
    (lot, balance)
}

fn title(r: &Recall) -> String {
    r.lang.text(
        &Msg::new("recall.title")
            .arg("lot", &r.trace.lot.lot_number)
            .arg("material", &r.trace.lot.material_code),
    )
}

fn file_name(r: &Recall, ext: &str) -> String {
    format!("recall-{}.{ext}", r.trace.lot.lot_number)
}

fn document(r: &Recall) -> Document {
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

/// The recall report of a lot as a PDF document.
#[utoipa::path(post, path = "/api/trace/recall/generatePdf", tag = "traceability", request_body = RecallRequest,
    responses((status = 200, description = "the recall report as a PDF document", content_type = "application/pdf"),
              (status = 400), (status = 404)))]
async fn recall_pdf(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(req): Body<RecallRequest>,
) -> ApiResult<Response> {
    let r = recall(&s, &user, lang, &req).await?;
    let doc = document(&r);
    let bytes = s
        .heavy
        .run_or_busy(move || pdf::render(&doc))
        .await?
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("recall PDF: {e}")))?;
    Ok(attachment(bytes, "application/pdf", &file_name(&r, "pdf")))
}

/// The flat table of the CSV: one row per batch and delivery of it (a batch never delivered
/// has one row with the delivery columns empty). Numbers with a point, as machines read them.
async fn flat(s: &AppState, r: &Recall) -> ApiResult<(Vec<String>, Vec<Vec<String>>)> {
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
    let carried = db::trace::lot_batch_deliveries(&s.pool, l.id).await?;
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
        let mine: Vec<_> = carried
            .iter()
            .filter(|c| c.0 == b.line_id && c.1 == b.batch_id)
            .collect();
        if mine.is_empty() {
            let mut row = head.clone();
            row.extend([String::new(), String::new(), String::new(), String::new()]);
            rows.push(row);
        }
        for (_, _, number, customer, loaded) in mine {
            let share = b
                .batch_kg
                .filter(|m| *m > 0.0)
                .map_or(0.0, |m| loaded * b.kg / m);
            let mut row = head.clone();
            row.extend([
                number.clone(),
                customer.clone(),
                format!("{loaded:.3}"),
                format!("{share:.3}"),
            ]);
            rows.push(row);
        }
    }
    Ok((header, rows))
}

/// The recall report as CSV: one row per affected batch and delivery of it.
#[utoipa::path(post, path = "/api/trace/recall/generateCsv", tag = "traceability", request_body = RecallRequest,
    responses((status = 200, description = "the recall report as CSV (UTF-8, comma-separated)", content_type = "text/csv", body = String),
              (status = 400), (status = 404)))]
async fn recall_csv(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(req): Body<RecallRequest>,
) -> ApiResult<Response> {
    let r = recall(&s, &user, lang, &req).await?;
    let (header, rows) = flat(&s, &r).await?;
    let mut w = csv::Writer::from_writer(Vec::new());
    let written = std::iter::once(&header)
        .chain(rows.iter())
        .try_for_each(|row| w.write_record(row));
    let bytes = written
        .map_err(anyhow::Error::from)
        .and_then(|()| w.into_inner().map_err(|e| anyhow::anyhow!("{e}")))
        .map_err(ApiError::Internal)?;
    Ok(attachment(
        bytes,
        "text/csv; charset=utf-8",
        &file_name(&r, "csv"),
    ))
}

/// The recall report as an Excel workbook: the lot and its balance, then one sheet per table.
#[utoipa::path(post, path = "/api/trace/recall/generateXlsx", tag = "traceability", request_body = RecallRequest,
    responses((status = 200, description = "the recall report as an Excel workbook",
               content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
              (status = 400), (status = 404)))]
async fn recall_xlsx(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(req): Body<RecallRequest>,
) -> ApiResult<Response> {
    let r = recall(&s, &user, lang, &req).await?;
    let bytes =
        workbook(&r).map_err(|e| ApiError::Internal(anyhow::anyhow!("recall workbook: {e}")))?;
    Ok(attachment(
        bytes,
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        &file_name(&r, "xlsx"),
    ))
}

/// A sheet name as Excel takes it: at most 31 characters, none of `[]:*?/\`.
fn sheet_name(s: &str) -> String {
    s.chars()
        .filter(|c| !"[]:*?/\\".contains(*c))
        .take(31)
        .collect()
}

fn workbook(r: &Recall) -> Result<Vec<u8>, rust_xlsxwriter::XlsxError> {
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
