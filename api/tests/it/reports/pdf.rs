//! Every report as a PDF: its heading, the filters in words and figures of its own table, read
//! back with `pdftotext`; numbers in the requester's language; bad layouts answer 400.

use axum::http::StatusCode;
use model::wire::{BinMovement, BinMovementKind, Calibration, LineState, LineStateKind};
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use super::{History, at};
use crate::harness::{TestApp, text_of};

const FROM: &str = "2026-11-02T00:00:00Z";
const TO: &str = "2026-11-04T00:00:00Z";
/// A 1×1 PNG, as a chart's data URL.
pub(super) const PNG: &str = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/// The text of a PDF without its footer's generation time (which moves with the clock).
fn timeless(text: &str) -> String {
    text.lines()
        .filter(|l| !l.contains("Generated"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The answer of `GET /api/reports/{call}{query}` and the text of its PDF: list `list` with
/// columns `keys`, under the heading "Heading of {call}", with a chart. The PDF is asked for
/// with the spec's body (`data` the rows the screen shows) and with the list's name: both
/// print the same document.
pub(super) async fn answer_and_pdf(
    h: &History<'_>,
    call: &str,
    query: &str,
    list: &str,
    keys: &[&str],
) -> (Value, String) {
    let answer = h.get(&format!("/api/reports/{call}{query}")).await.ok()["data"].clone();
    let heading = format!("Heading of {call}");
    let mut texts = Vec::new();
    for data in [answer[list].clone(), json!(list)] {
        let body = json!({
            "heading": heading, "headers": keys.iter().map(|k| format!("Col {k}")).collect::<Vec<_>>(),
            "matchKeys": keys, "data": data, "images": [PNG], "imageTitles": ["A chart"],
        });
        let (status, kind, bytes) =
            h.f.app
                .download_post(
                    &format!("/api/reports/{call}/generatePdf{query}"),
                    body,
                    &h.f.token,
                    "en",
                )
                .await;
        assert_eq!(
            (status, kind.as_str()),
            (StatusCode::OK, "application/pdf"),
            "{call}: {}",
            String::from_utf8_lossy(&bytes)
        );
        let text = text_of(&bytes);
        assert!(text.contains(&heading), "{call}: {text}");
        texts.push(text);
    }
    assert_eq!(
        timeless(&texts[0]),
        timeless(&texts[1]),
        "{call}: the rows sent print list {list}"
    );
    (answer, texts.remove(0))
}

/// `v` as the English PDF prints it: thousands with commas, two decimals unless whole.
fn en(v: f64) -> String {
    super::pdf_record::number(v, ",", ".")
}

async fn history(app: &TestApp) -> History<'_> {
    let h = History::new(app).await;
    h.produce(at(FROM), at("2026-11-03T12:00:00Z")).await;
    let line = h.line.id.clone();
    let mut rows = db::ingest::Rows::default();
    for (t, state) in [
        ("2026-11-02T08:00:00Z", LineStateKind::Running),
        ("2026-11-02T09:00:00Z", LineStateKind::Stopped),
        ("2026-11-02T09:20:00Z", LineStateKind::Running),
    ] {
        rows.state.push((
            line.clone(),
            LineState {
                id: Uuid::now_v7(),
                time: at(t),
                state,
                stop_reason_id: None,
            },
        ));
    }
    rows.bin.push((
        line.clone(),
        BinMovement {
            id: Uuid::now_v7(),
            time: at("2026-11-02T10:00:00Z"),
            bin_id: "BIN-01".into(),
            material_id: "CORN".into(),
            lot: None,
            delta_kg: 4321.5,
            level_kg: 17321.5,
            kind: BinMovementKind::Fill,
        },
    ));
    rows.calibration.push((
        line.clone(),
        Calibration {
            id: Uuid::now_v7(),
            time: at("2026-11-02T11:00:00Z"),
            scale_id: "S-MICRO".into(),
            test_weight_kg: 20.0,
            reading_kg: 20.02,
            error_kg: 0.02,
            passed: true,
            by: Some("metrologist".into()),
        },
    ));
    db::ingest::write::write(&app.state.pool, &rows)
        .await
        .unwrap();
    h
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn every_report_prints_its_heading_filters_and_figures(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let h = history(&app).await;
    let line = h.line.id.clone();
    let q = |s: &str| s.replace(':', "%3A");
    // call, extra query, list, match keys, the key of the checked figure.
    let reports: [(&str, &str, &str, &[&str]); 11] = [
        (
            "consumption/totalweightgroupedby",
            "&groupBy=material",
            "rows",
            &["name", "figures.actualKg"],
        ),
        (
            "consumption/getconsumptionstats",
            "",
            "rows",
            &["name", "figures.stdDevKg", "figures.actualKg"],
        ),
        (
            "consumption/getconsumptionbymaterialcatagory",
            "",
            "categories",
            &["name", "figures.actualKg"],
        ),
        (
            "consumption/getconsumtionsbyshifts",
            "",
            "rows",
            &["name", "from", "figures.actualKg"],
        ),
        (
            "consumption/getconsumptionstatsbyorderwise",
            "",
            "rows",
            &["name", "figures.actualKg"],
        ),
        (
            "consumption/getconsumtionsbycharges",
            "",
            "rows",
            &["batchId", "endedAt", "actualKg"],
        ),
        (
            "production/getproductionbyrecipe",
            "",
            "rows",
            &["name", "figures.batches", "figures.actualKg"],
        ),
        (
            "production/productionbytime",
            "&bucket=day",
            "rows",
            &["key", "figures.actualKg"],
        ),
        (
            "stoptimereport",
            "",
            "stops",
            &["startedAt", "qualified", "durationS"],
        ),
        (
            "bins/getmaterialhistory",
            "&binId=BIN-01",
            "movements",
            &["time", "materialId", "deltaKg"],
        ),
        (
            "calibrationreport",
            "",
            "checks",
            &["scaleId", "errorKg", "passed"],
        ),
    ];
    for (call, extra, list, keys) in reports {
        let query = format!(
            "?lineId={line}&fromDateTime={}&toDateTime={}{extra}",
            q(FROM),
            q(TO)
        );
        let (answer, text) = answer_and_pdf(&h, call, &query, list, keys).await;
        let heading = format!("Heading of {call}");
        let first = &answer[list][0];
        let figure = keys
            .last()
            .unwrap()
            .split('.')
            .fold(first, |v, k| &v[k])
            .clone();
        // Durations print as h:mm:ss.
        let hms = |v: &Value| {
            let t = v.as_f64().unwrap().round() as u64;
            format!("{}:{:02}:{:02}", t / 3600, t / 60 % 60, t % 60)
        };
        let shown = match &figure {
            Value::Number(_) if keys.last() == Some(&"durationS") => hms(&figure),
            Value::Number(n) => en(n.as_f64().unwrap()),
            Value::Bool(true) => "Yes".into(),
            Value::Bool(false) => "No".into(),
            other => panic!("{call}: no figure to look for in {other}"),
        };
        for expected in [
            heading.as_str(),
            "Line PL1",
            "2026-11-02 01:00",
            "Test feed mill",
            "A chart",
            "Page 1 of",
            "super@plant.test",
            shown.as_str(),
        ] {
            assert!(
                text.contains(expected),
                "{call}: {expected:?} not in\n{text}"
            );
        }
        if list == "stops" {
            let total = hms(&answer["totals"]["durationS"]);
            assert!(
                text.contains("Total") && text.contains(&total),
                "{call}: total {total} not in\n{text}"
            );
        }
        if list == "rows" || list == "categories" {
            let total = en(
                answer["totals"][keys.last().unwrap().trim_start_matches("figures.")]
                    .as_f64()
                    .unwrap_or(0.0),
            );
            if keys.last().unwrap().starts_with("figures.") {
                assert!(
                    text.contains("Total") && text.contains(&total),
                    "{call}: total {total} not in\n{text}"
                );
            }
        }
    }
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn the_pdf_speaks_the_requesters_language_and_refuses_bad_layouts(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let h = history(&app).await;
    let q = |s: &str| s.replace(':', "%3A");
    let path = format!(
        "/api/reports/bins/getmaterialhistory/generatePdf?lineId=ALL&fromDateTime={}&toDateTime={}&kind=FILL",
        q(FROM),
        q(TO)
    );
    let body = json!({"heading": "Silohistorie", "headers": ["Silo", "Menge"], "matchKeys": ["binId", "deltaKg"], "data": "movements"});
    let (status, _, bytes) = app
        .download_post(&path, body.clone(), &h.f.token, "de")
        .await;
    assert_eq!(status, StatusCode::OK);
    let text = text_of(&bytes);
    for expected in [
        "Silohistorie",
        "Alle Linien",
        "4.321,50",
        "Seite 1 von 1",
        "Bewegung",
        "FILL",
    ] {
        assert!(text.contains(expected), "{expected:?} not in\n{text}");
    }
    // Each language groups thousands its own way, in the spec's body too (`data` the rows);
    // French groups with a narrow no-break space, which pdftotext reads as a space.
    let mut spec = body.clone();
    spec["data"] = json!([{"binId": "BIN-01", "deltaKg": 4321.5}]);
    for (lang, figure) in [
        ("en", "4,321.50"),
        ("fr", "4 321,50"),
        ("es", "4.321,50"),
        ("nl", "4.321,50"),
    ] {
        let (status, _, bytes) = app
            .download_post(&path, spec.clone(), &h.f.token, lang)
            .await;
        assert_eq!(status, StatusCode::OK, "{lang}");
        let text = text_of(&bytes);
        assert!(text.contains(figure), "{lang}: {figure:?} not in\n{text}");
    }
    // Bad layouts: keys not matching the headers, a list the report does not have, an image
    // that is no PNG, images larger together than a document's budget (five of 3,000 × 3,000
    // pixels by their headers: refused before any is decoded), no heading.
    let b64 = base64::engine::general_purpose::STANDARD;
    let mut big = base64::Engine::decode(&b64, PNG.split_once(',').unwrap().1).unwrap();
    big[16..24].copy_from_slice(&[0, 0, 0x0b, 0xb8, 0, 0, 0x0b, 0xb8]);
    let big = format!(
        "data:image/png;base64,{}",
        base64::Engine::encode(&b64, &big)
    );
    for (change, field) in [
        (json!({"images": vec![big; 5]}), "images"),
        (json!({"matchKeys": ["binId"]}), "matchKeys"),
        (json!({"data": "nope"}), "data"),
        (
            json!({"images": ["data:image/png;base64,bm90IGEgcG5n"]}),
            "images",
        ),
        (json!({"heading": " "}), "heading"),
    ] {
        let mut b = body.clone();
        for (k, v) in change.as_object().unwrap() {
            b[k] = v.clone();
        }
        let (status, _, bytes) = app.download_post(&path, b, &h.f.token, "en").await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{field}");
        let v: Value = serde_json::from_slice(&bytes).unwrap();
        assert!(!v["errors"][field].is_null(), "{field}: {v}");
    }
    // The report's own filters are checked as its GET checks them; REPORTS_READ is needed.
    let (status, _, _) = app
        .download_post(
            &path.replace("kind=FILL", "kind=LEAK"),
            body.clone(),
            &h.f.token,
            "en",
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let admin = app.super_token().await;
    let (_, cook) = app
        .user(&admin, "cook@plant.test", "PRIVILEGE", &["RECIPE_READ"])
        .await;
    let (status, _, _) = app.download_post(&path, body, &cook, "en").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_whole_list_beside_a_paged_one_is_not_called_cut(pool: PgPool) {
    // A bin history's `total` counts its movements; the bins list beside it is whole, and its
    // PDF said "The first 1 of 3 rows" (seen in a demo's bin history and stop time PDFs).
    let app = TestApp::new(pool).await;
    let h = history(&app).await;
    let line = h.line.id.clone();
    let mut rows = db::ingest::Rows::default();
    for (t, delta, level) in [
        ("2026-11-02T10:10:00Z", -500.0, 16821.5),
        ("2026-11-02T10:20:00Z", -700.0, 16121.5),
    ] {
        rows.bin.push((
            line.clone(),
            BinMovement {
                id: Uuid::now_v7(),
                time: at(t),
                bin_id: "BIN-01".into(),
                material_id: "CORN".into(),
                lot: None,
                delta_kg: delta,
                level_kg: level,
                kind: BinMovementKind::Dose,
            },
        ));
    }
    db::ingest::write::write(&app.state.pool, &rows)
        .await
        .unwrap();
    let query = format!(
        "?lineId={line}&fromDateTime={}&toDateTime={}&binId=BIN-01",
        FROM.replace(':', "%3A"),
        TO.replace(':', "%3A")
    );
    let (answer, text) = answer_and_pdf(
        &h,
        "bins/getmaterialhistory",
        &query,
        "bins",
        &["binId", "doses"],
    )
    .await;
    let bins = answer["bins"].as_array().unwrap().len() as i64;
    assert!(answer["total"].as_i64().unwrap() > bins, "{answer}");
    assert!(!text.contains("The first"), "{text}");
    // The movements themselves are the paged list: all three printed, so no note either.
    let (_, text) = answer_and_pdf(
        &h,
        "bins/getmaterialhistory",
        &query,
        "movements",
        &["time", "deltaKg"],
    )
    .await;
    assert!(
        text.contains("-700") && !text.contains("The first"),
        "{text}"
    );
}
