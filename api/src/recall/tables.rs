//! The report's content: the lot's facts and mass balance, and its tables as cells.

use pdf::Align;

use super::Recall;

/// One cell of a table: text, or a number the PDF writes in the requester's language and the
/// workbook keeps as a number.
pub(super) enum Cell {
    Text(String),
    Kg(f64),
    Count(i64),
    Empty,
}

impl Cell {
    pub(super) fn shown(&self, r: &Recall) -> String {
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
pub(super) type Section = (&'static str, Vec<(&'static str, Align)>, Vec<Vec<Cell>>);

pub(super) fn sections(r: &Recall) -> Vec<Section> {
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
pub(super) type Facts = Vec<(String, String)>;

/// The lot's facts and its mass balance.
pub(super) fn facts(r: &Recall) -> (Facts, Facts) {
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
