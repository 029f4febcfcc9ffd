//! The batch record as a filed document (`getlinebatchdetails/generatePdf`) and the running
//! batch's (`getlivebatch/generatePdf`), read back with `pdftotext`: the header with order and
//! recipe version, every section, the signature block, words whole, numbers and yes/no in the
//! reader's language.

use axum::http::StatusCode;
use serde_json::{Value, json};

use super::pdf::PNG;
use crate::harness::text_of;
use crate::recipes::Fixture;

/// The dose columns the batch details screen shows (its `headers` and `matchKeys`).
const DOSE_COLUMNS: [(&str, &str); 8] = [
    ("Material", "materialId"),
    ("Material name", "materialName"),
    ("Scale", "scaleId"),
    ("Setpoint (kg)", "setpointKg"),
    ("Actual (kg)", "actualKg"),
    ("Deviation (kg)", "deviationKg"),
    ("In tolerance", "inTolerance"),
    ("Duration", "durationS"),
];

/// The text of `POST {path}/generatePdf{query}` in `lang`, with the screen's dose columns, the
/// screen's rows as `data` and a chart; asserts a PDF came back.
pub(super) async fn record_text(f: &Fixture<'_>, path: &str, query: &str, lang: &str) -> String {
    let body = json!({
        "heading": "Batch record", "data": [],
        "headers": DOSE_COLUMNS.iter().map(|c| c.0).collect::<Vec<_>>(),
        "matchKeys": DOSE_COLUMNS.iter().map(|c| c.1).collect::<Vec<_>>(),
        "images": [PNG], "imageTitles": ["Mixer curves"],
    });
    let (status, kind, bytes) = f
        .app
        .download_post(
            &format!("/api/reports/batches/{path}/generatePdf{query}"),
            body,
            &f.token,
            lang,
        )
        .await;
    assert_eq!(
        (status, kind.as_str()),
        (StatusCode::OK, "application/pdf"),
        "{path}: {}",
        String::from_utf8_lossy(&bytes)
    );
    text_of(&bytes)
}

/// `v` with the thousands separator and decimal mark given, two decimals unless whole.
pub(super) fn number(v: f64, group: &str, mark: &str) -> String {
    let s = if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.2}")
    };
    let (int, frac) = s
        .split_once('.')
        .map_or((s.as_str(), None), |(i, f)| (i, Some(f)));
    let (sign, digits) = int.strip_prefix('-').map_or(("", int), |d| ("-", d));
    let mut out = sign.to_string();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push_str(group);
        }
        out.push(c);
    }
    frac.map_or(out.clone(), |f| format!("{out}{mark}{f}"))
}

/// Asserts that the record `text` holds the sections, the header and the doses of the batch
/// whose details and doses are given, in English.
pub(super) fn assert_whole_record(text: &str, details: &Value, doses: &Value) {
    let must = |what: &str| assert!(text.contains(what), "{what:?} not in:\n{text}");
    for section in [
        "Batch record",
        "Dosing",
        "Mixing",
        "Mixer curves",
        "Process values",
        "Miscellaneous values",
        "Alarms",
        "Signatures",
        "Operator",
        "Checked by",
        "Name",
        "Date",
        "Signature",
    ] {
        must(section);
    }
    for (title, _) in DOSE_COLUMNS {
        must(title);
    }
    must(details["batchId"].as_str().unwrap());
    if let Some(recipe) = details["recipeCode"].as_str() {
        must(recipe);
    }
    let version = text
        .lines()
        .find_map(|l| {
            let mut words = l.split_whitespace().skip_while(|w| *w != "Version");
            words.next().and(words.next())
        })
        .unwrap_or_default();
    assert_eq!(version, details["recipeVersion"].to_string(), "{text}");
    must(&number(details["targetKg"].as_f64().unwrap(), ",", "."));
    must(&number(doses["setpointKg"].as_f64().unwrap(), ",", "."));
    for r in doses["rows"].as_array().unwrap() {
        // Each dose on its line, its code whole, its kilograms grouped, Yes or No for its
        // tolerance.
        let actual = number(r["actualKg"].as_f64().unwrap(), ",", ".");
        let material = r["materialId"].as_str().unwrap();
        let line = text
            .lines()
            .find(|l| l.contains(material) && l.contains(&actual))
            .unwrap_or_else(|| panic!("no line with {material} and {actual} in:\n{text}"));
        let tolerance = if r["inTolerance"] == true {
            "Yes"
        } else {
            "No"
        };
        assert!(
            line.split_whitespace().any(|w| w == tolerance),
            "{tolerance} not in {line:?}"
        );
    }
    for raw in ["true", "false", "null"] {
        assert!(!text.contains(raw), "{raw} in:\n{text}");
    }
}
