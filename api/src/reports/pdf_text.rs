//! A report's PDF in words: table cells (numbers in the requester's language, times made local,
//! lists joined) and the filters of the report as label and value.

use std::collections::HashMap;

use axum::http::Uri;
use chrono::{DateTime, Utc};
use model::{Lang, Msg};
use serde_json::Value;

use super::scope::{ReportQuery, Scope};
use crate::AppState;
use crate::error::ApiResult;
use crate::i18n_layer::RequestLang;

/// The query parameters `ReportQuery` has, printed as filters of their own.
const SCOPE_KEYS: [&str; 7] = [
    "lineId",
    "fromDateTime",
    "toDateTime",
    "shiftId",
    "recipeId",
    "productionScheduleId",
    "batchId",
];

/// The value at a dotted path of a row.
pub(super) fn at<'v>(row: &'v Value, path: &str) -> &'v Value {
    // A number picks an item of a list (`values.0.mean`, `parameters.2.code`).
    path.split('.')
        .fold(row, |v, k| match (v, k.parse::<usize>()) {
            (Value::Array(items), Ok(i)) => items.get(i).unwrap_or(&Value::Null),
            _ => &v[k],
        })
}

/// Text for the PDF: numbers in the language's format, times already made local, lists joined.
pub(super) struct Cells {
    pub(super) lang: Lang,
    pub(super) times: HashMap<String, String>,
    pub(super) yes: String,
    pub(super) no: String,
}

/// The keys whose values are fractions (0..1), printed in per cent.
const FRACTIONS: [&str; 4] = ["availability", "performance", "quality", "oee"];

/// The decimals a column of numbers prints with, so its figures line up: none when every one
/// is whole (to the cent), else two, or three for a column of figures all below one (a micro
/// scale's calibration error of 0.0025 kg is not 0.00); `None` for a column without numbers.
pub(super) fn decimals<'v>(values: impl IntoIterator<Item = &'v Value>) -> Option<usize> {
    let numbers: Vec<f64> = values.into_iter().filter_map(Value::as_f64).collect();
    if numbers.is_empty() {
        return None;
    }
    let small = numbers.iter().all(|v| v.abs() < 1.0);
    let whole = numbers.iter().all(|v| rounded(*v, 3).fract() == 0.0);
    Some(match (whole, small) {
        (true, _) => 0,
        (false, true) => 3,
        (false, false) => 2,
    })
}

/// The decimals of each column `keys` names over `rows` and the column's total (`total_of`
/// its key), so a table's rows and its totals row print a column alike.
pub(super) fn column_decimals<'v>(
    keys: &[String],
    rows: &'v [Value],
    total_of: &dyn Fn(&str) -> Option<&'v Value>,
) -> Vec<Option<usize>> {
    keys.iter()
        .map(|k| decimals(rows.iter().map(|r| at(r, k)).chain(total_of(k))))
        .collect()
}

/// `v` rounded to `d` decimals.
fn rounded(v: f64, d: usize) -> f64 {
    let scale = 10f64.powi(d as i32);
    (v * scale).round() / scale
}

impl Cells {
    /// `v` with `decimals` (by itself when `None`: none when whole to the cent, else two); a
    /// residue that rounds to nothing prints as 0, never as "-0.00".
    fn num(&self, v: f64, decimals: Option<usize>) -> String {
        let whole = rounded(v, 2).fract() == 0.0 && v.abs() < 1e15;
        let d = decimals.unwrap_or(if whole { 0 } else { 2 });
        let v = if rounded(v, d) == 0.0 { 0.0 } else { v };
        crate::numbers::localise(self.lang, &format!("{v:.d$}"))
    }

    /// The text of `v`, the value at `key`: a duration in seconds (a key ending in `S`, as
    /// `durationS`, `unqualifiedS`) as h:mm:ss, one of OEE's factors in per cent, anything else
    /// as [`Cells::text`].
    pub(super) fn value(&self, key: &str, v: &Value) -> String {
        self.value_in(key, v, None)
    }

    /// [`Cells::value`] in a column whose numbers print with `decimals` ([`decimals`]).
    pub(super) fn value_in(&self, key: &str, v: &Value, decimals: Option<usize>) -> String {
        let last = key.rsplit('.').next().unwrap_or(key);
        let duration = last.len() > 1
            && last.ends_with('S')
            && last[..last.len() - 1].ends_with(|c: char| c.is_ascii_lowercase());
        match v.as_f64() {
            // OEE's factors are fractions; a reader reads them in per cent.
            Some(f) if FRACTIONS.contains(&last) => {
                format!(
                    "{} %",
                    crate::numbers::localise(self.lang, &format!("{:.1}", f * 100.0))
                )
            }
            Some(secs) if duration => {
                let secs = secs.max(0.0).round() as u64;
                format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
            }
            Some(n) if decimals.is_some() => self.num(n, decimals),
            _ => self.text(v),
        }
    }

    pub(super) fn text(&self, v: &Value) -> String {
        match v {
            Value::Null => String::new(),
            Value::Bool(b) => {
                if *b {
                    self.yes.clone()
                } else {
                    self.no.clone()
                }
            }
            Value::Number(n) => n.as_f64().map(|f| self.num(f, None)).unwrap_or_default(),
            Value::String(s) => self.times.get(s).cloned().unwrap_or_else(|| s.clone()),
            Value::Array(a) => a
                .iter()
                .map(|x| self.text(x))
                .collect::<Vec<_>>()
                .join(", "),
            Value::Object(_) => String::new(),
        }
    }
}

/// Every string of `v` that is an RFC 3339 time.
pub(super) fn times_in(v: &Value, out: &mut Vec<DateTime<Utc>>) {
    match v {
        Value::String(s) if s.len() >= 20 && s.as_bytes()[4] == b'-' => {
            if let Ok(t) = DateTime::parse_from_rfc3339(s) {
                out.push(t.with_timezone(&Utc));
            }
        }
        Value::Array(a) => a.iter().for_each(|x| times_in(x, out)),
        Value::Object(o) => o.values().for_each(|x| times_in(x, out)),
        _ => {}
    }
}

/// The filters of the report in words: lines, range (when `period`), shift, recipe, order,
/// batch and the report's own parameters.
pub(super) async fn filters(
    s: &AppState,
    lang: RequestLang,
    (scope, period): (&Scope, bool),
    q: &ReportQuery,
    uri: &Uri,
    cells: &Cells,
) -> ApiResult<Vec<(String, String)>> {
    let t = |k: &'static str| lang.text(&Msg::new(k));
    let lines = if q
        .line_id
        .as_deref()
        .is_none_or(|l| l.trim().is_empty() || l.trim() == "ALL")
    {
        t("report.pdf.allLines")
    } else {
        scope
            .lines
            .iter()
            .map(|l| format!("{} · {}", l.code, l.name))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let stamp = |d: DateTime<Utc>| {
        cells.text(&Value::String(
            d.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        ))
    };
    let mut out = vec![
        (t("report.pdf.plant"), s.settings.plant_name.clone()),
        (t("report.pdf.lines"), lines),
    ];
    if period {
        out.push((t("report.pdf.from"), stamp(scope.from)));
        out.push((t("report.pdf.to"), stamp(scope.to)));
    }
    if let Some(id) = &scope.shift {
        let name = scope
            .lines
            .iter()
            .flat_map(|l| &l.shifts)
            .find(|sh| &sh.id == id)
            .map(|sh| sh.name.clone());
        out.push((t("report.pdf.shift"), name.unwrap_or_else(|| id.clone())));
    }
    if let Some(versions) = &scope.recipes {
        let names = db::reports::recipe_names(&s.pool, &versions[..1.min(versions.len())]).await?;
        let name = names.first().map(|n| {
            format!(
                "{} · {}",
                n.code.clone().unwrap_or_default(),
                n.name.clone().unwrap_or_default()
            )
        });
        out.push((t("report.pdf.recipe"), name.unwrap_or_default()));
    }
    if let Some(order) = &scope.order {
        let names = db::reports::order_names(&s.pool, std::slice::from_ref(order)).await?;
        let name = names
            .first()
            .and_then(|o| o.order_number.clone().or(o.name.clone()));
        out.push((t("report.pdf.order"), name.unwrap_or_else(|| order.clone())));
    }
    if let Some(batch) = &scope.batch {
        out.push((t("report.pdf.batch"), batch.clone()));
    }
    let params = axum::extract::Query::<Vec<(String, String)>>::try_from_uri(uri)
        .map(|axum::extract::Query(p)| p)
        .unwrap_or_default();
    for (k, v) in &params {
        let v = v.trim();
        if SCOPE_KEYS.contains(&k.as_str())
            || v.is_empty()
            || v == "0"
            || v.eq_ignore_ascii_case("NONE")
        {
            continue;
        }
        let label = match k.as_str() {
            "groupBy" => t("report.pdf.param.groupBy"),
            "bucket" => t("report.pdf.param.bucket"),
            "materialId" => t("report.pdf.param.materialId"),
            "materialCategoryId" => t("report.pdf.param.materialCategoryId"),
            "binId" => t("report.pdf.param.binId"),
            "scaleId" => t("report.pdf.param.scaleId"),
            "kind" => t("report.pdf.param.kind"),
            _ => continue,
        };
        out.push((label, v.to_string()));
    }
    Ok(out)
}

#[cfg(test)]
mod at_tests {
    use super::at;

    #[test]
    fn a_path_reaches_into_objects_and_lists() {
        let row = serde_json::json!({"code": "T", "values": [{"mean": 1.5}, {"mean": 2.5}]});
        assert_eq!(at(&row, "values.1.mean"), 2.5);
        assert_eq!(at(&row, "code"), "T");
        assert!(at(&row, "values.7.mean").is_null());
        assert!(at(&row, "code.0").is_null());
    }
}

#[cfg(test)]
mod number_tests {
    use std::collections::HashMap;

    use model::Lang;
    use serde_json::{Value, json};

    use super::{Cells, column_decimals, decimals};

    fn cells() -> Cells {
        Cells {
            lang: Lang::En,
            times: HashMap::new(),
            yes: "Yes".into(),
            no: "No".into(),
        }
    }

    #[test]
    fn a_column_and_its_total_print_with_the_same_decimals() {
        let rows = [json!({"kg": 120}), json!({"kg": 80})];
        let keys = ["kg".to_string()];
        let total = json!(100.25);
        assert_eq!(column_decimals(&keys, &rows, &|_| None), vec![Some(0)]);
        assert_eq!(
            column_decimals(&keys, &rows, &|_| Some(&total)),
            vec![Some(2)],
            "a whole column under a fractional total prints its rows with the total's decimals"
        );
    }

    #[test]
    fn a_column_of_numbers_prints_with_one_count_of_decimals() {
        let column = [json!(29407.0), json!(6225.5), Value::Null];
        assert_eq!(decimals(&column), Some(2));
        assert_eq!(decimals(&[json!(4), json!(48.0000001)]), Some(0));
        assert_eq!(decimals(&[json!(0.0786), json!(-0.00256)]), Some(3));
        assert_eq!(decimals(&[json!(0), json!(-0.000000001)]), Some(0));
        let c = cells();
        assert_eq!(c.value_in("errorKg", &json!(0.0025598), Some(3)), "0.003");
        assert_eq!(c.value_in("errorKg", &json!(-0.0004), Some(3)), "0.000");
        assert_eq!(decimals(&[json!("CORN")]), None);
        let c = cells();
        assert_eq!(
            c.value_in("closingKg", &json!(29407.0), Some(2)),
            "29,407.00"
        );
        assert_eq!(c.value_in("closingKg", &json!(6225.5), Some(2)), "6,225.50");
        assert_eq!(c.value_in("fills", &json!(4), Some(0)), "4");
    }

    #[test]
    fn a_residue_below_a_cent_is_zero_not_minus_zero() {
        let c = cells();
        assert_eq!(
            c.value_in("unaccountedKg", &json!(-0.000001), Some(2)),
            "0.00"
        );
        assert_eq!(c.text(&json!(-0.000001)), "0");
        assert_eq!(c.text(&json!(-12.5)), "-12.50");
    }
}
