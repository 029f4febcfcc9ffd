//! The figures every report row carries, summed from rollup or raw rows, and the rows and
//! answers the reports share.

use std::collections::BTreeMap;

use chrono::{DateTime, Datelike, NaiveDateTime, Timelike, Utc};
use db::reports::{BatchRow, MaterialRow};
use model::{Lang, Msg};
use serde::Serialize;
use utoipa::ToSchema;

/// Sums of one report row. Kilograms: `setpointKg` what the doses asked for, `actualKg` what
/// was weighed (the figure every report agrees on, decision 59), `targetKg` the batch sizes.
#[derive(Debug, Default, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Figures {
    /// Batches ended (absent in rows of one material, scale or bin).
    pub batches: Option<i64>,
    /// Of which aborted.
    pub aborted: Option<i64>,
    /// Sum of the batch sizes (absent in rows of one material, scale or bin).
    pub target_kg: Option<f64>,
    pub doses: i64,
    pub setpoint_kg: f64,
    pub actual_kg: f64,
    /// `actualKg - setpointKg`.
    pub deviation_kg: f64,
    /// Deviation in % of the setpoint.
    pub deviation_pct: f64,
    /// Doses outside their tolerance.
    pub out_of_tolerance: i64,
    pub out_of_tolerance_pct: f64,
    /// Share of the report's weighed kilograms, %.
    pub share_pct: f64,
    /// Mean weighed kg per dose.
    pub mean_kg: f64,
    /// Mean deviation per dose, kg.
    pub mean_deviation_kg: f64,
    /// Sample standard deviation of the dose deviations, kg (0 below two doses).
    pub std_dev_kg: f64,
    /// Batches with a dose out of tolerance (absent in rows of one material, scale or bin).
    pub oot_batches: Option<i64>,
    /// Their share of the batches, %.
    pub oot_batches_pct: Option<f64>,
    /// Mean time from a batch's start to its end, s (of the batches whose start is known).
    pub mean_batch_s: Option<f64>,
    #[serde(skip)]
    deviation_sq: f64,
    #[serde(skip)]
    timed_batches: i64,
    #[serde(skip)]
    duration_s: f64,
}

impl Figures {
    pub fn add_material(&mut self, r: &MaterialRow) {
        self.doses += r.doses;
        self.setpoint_kg += r.setpoint_kg;
        self.actual_kg += r.actual_kg;
        self.deviation_kg += r.deviation_kg;
        self.deviation_sq += r.deviation_sq;
        self.out_of_tolerance += r.out_of_tolerance;
    }

    pub fn add_batch(&mut self, r: &BatchRow) {
        *self.batches.get_or_insert(0) += r.batches;
        *self.aborted.get_or_insert(0) += r.aborted;
        *self.target_kg.get_or_insert(0.0) += r.target_kg;
        self.doses += r.doses;
        self.setpoint_kg += r.setpoint_kg;
        self.actual_kg += r.actual_kg;
        self.deviation_kg += r.actual_kg - r.setpoint_kg;
        self.out_of_tolerance += r.out_of_tolerance;
        *self.oot_batches.get_or_insert(0) += r.oot_batches;
        self.timed_batches += r.timed_batches;
        self.duration_s += r.duration_s;
    }

    pub fn add(&mut self, o: &Figures) {
        if let Some(b) = o.batches {
            *self.batches.get_or_insert(0) += b;
        }
        if let Some(a) = o.aborted {
            *self.aborted.get_or_insert(0) += a;
        }
        if let Some(t) = o.target_kg {
            *self.target_kg.get_or_insert(0.0) += t;
        }
        self.doses += o.doses;
        self.setpoint_kg += o.setpoint_kg;
        self.actual_kg += o.actual_kg;
        self.deviation_kg += o.deviation_kg;
        self.deviation_sq += o.deviation_sq;
        self.out_of_tolerance += o.out_of_tolerance;
        if let Some(b) = o.oot_batches {
            *self.oot_batches.get_or_insert(0) += b;
        }
        self.timed_batches += o.timed_batches;
        self.duration_s += o.duration_s;
    }

    /// Fills the derived figures; `total` is the report's weighed kg.
    pub fn finish(mut self, total: f64) -> Self {
        let pct = |a: f64, b: f64| {
            if b.abs() > f64::EPSILON {
                a / b * 100.0
            } else {
                0.0
            }
        };
        let n = self.doses as f64;
        self.deviation_pct = pct(self.deviation_kg, self.setpoint_kg);
        self.out_of_tolerance_pct = pct(self.out_of_tolerance as f64, n);
        self.share_pct = pct(self.actual_kg, total);
        if self.doses > 0 {
            self.mean_kg = self.actual_kg / n;
            self.mean_deviation_kg = self.deviation_kg / n;
        }
        if let (Some(oot), Some(b)) = (self.oot_batches, self.batches) {
            self.oot_batches_pct = Some(pct(oot as f64, b as f64));
        }
        if self.timed_batches > 0 {
            self.mean_batch_s = Some(self.duration_s / self.timed_batches as f64);
        }
        if self.doses > 1 {
            let var = (self.deviation_sq - self.deviation_kg * self.deviation_kg / n) / (n - 1.0);
            self.std_dev_kg = var.max(0.0).sqrt();
        }
        self
    }
}

/// One row of a report: a material, category, scale, bin, recipe, order, shift or time bucket.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Row {
    /// What the row is keyed by: a material, scale or bin code, a category, recipe version,
    /// order or shift `_id`, or a bucket's local start (`2026-11-23T06:00:00`).
    pub key: String,
    pub code: Option<String>,
    pub name: String,
    /// The line, where a row belongs to one.
    pub line_id: Option<String>,
    pub line_name: Option<String>,
    /// A recipe row's version number; a category's own `_id` on a line.
    pub version: Option<i32>,
    /// The row's own time span, for shift and time buckets.
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
    pub figures: Figures,
    /// The name of a row that has none of its own ("No shift"), said at the edge
    /// ([`Report::said`]).
    #[serde(skip)]
    pub unnamed: Option<Msg>,
}

impl Row {
    pub fn new(key: impl Into<String>, name: impl Into<String>) -> Self {
        Row {
            key: key.into(),
            code: None,
            name: name.into(),
            line_id: None,
            line_name: None,
            version: None,
            from: None,
            to: None,
            figures: Figures::default(),
            unnamed: None,
        }
    }

    /// A row without a name of its own: `msg` names it in the reader's language.
    pub fn unnamed(key: impl Into<String>, msg: Msg) -> Self {
        Row {
            unnamed: Some(msg),
            ..Row::new(key, String::new())
        }
    }
}

/// A report: its rows and their totals, for the range asked.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = GroupedReport)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    pub from_date_time: DateTime<Utc>,
    pub to_date_time: DateTime<Utc>,
    /// What the rows are (`material`, `category`, `scale`, `bin`, `shift`, `day`, `recipe`,
    /// `order`, `hour`, `week`, `month`).
    pub group_by: String,
    pub rows: Vec<Row>,
    pub totals: Figures,
}

impl Report {
    /// The report with the rows that have no name of their own named in `lang`.
    pub fn said(mut self, lang: Lang) -> Report {
        for row in &mut self.rows {
            if let Some(msg) = &row.unnamed {
                row.name = msg.text(lang);
            }
        }
        self
    }
}

/// Rows keyed in a map, finished against their total, in key order unless sorted after.
#[derive(Default)]
pub struct Rows(pub BTreeMap<String, Row>);

impl Rows {
    pub fn new() -> Self {
        Rows::default()
    }

    pub fn entry(&mut self, key: &str, make: impl FnOnce() -> Row) -> &mut Row {
        self.0.entry(key.to_string()).or_insert_with(make)
    }

    /// The rows, finished, and their total.
    pub fn finish(self) -> (Vec<Row>, Figures) {
        let mut total = Figures::default();
        for r in self.0.values() {
            total.add(&r.figures);
        }
        let kg = total.actual_kg;
        let rows = self
            .0
            .into_values()
            .map(|mut r| {
                r.figures = r.figures.finish(kg);
                r
            })
            .collect();
        (rows, total.finish(kg))
    }
}

/// A bucket's local start as its key.
pub fn local_key(t: NaiveDateTime) -> String {
    // Written out rather than through a format string, parsed again at every call (a year of
    // shifts has 8,760 keys).
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}",
        t.year(),
        t.month(),
        t.day(),
        t.hour(),
        t.minute(),
        t.second()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_deviation_and_shares() {
        let mut f = Figures::default();
        for (sp, act) in [(10.0, 10.5), (10.0, 9.5), (10.0, 11.0), (10.0, 9.0)] {
            f.add_material(&MaterialRow {
                k: 0,
                line_id: "L".into(),
                material_id: "M".into(),
                scale_id: "S".into(),
                bin_id: String::new(),
                doses: 1,
                setpoint_kg: sp,
                actual_kg: act,
                deviation_kg: act - sp,
                deviation_sq: (act - sp) * (act - sp),
                out_of_tolerance: i64::from((act - sp) > 0.75_f64 || (sp - act) > 0.75_f64),
            });
        }
        let f = f.finish(80.0);
        // deviations 0.5, -0.5, 1, -1: mean 0, sample variance (0.25+0.25+1+1)/3
        assert!((f.std_dev_kg - (2.5_f64 / 3.0).sqrt()).abs() < 1e-12);
        assert_eq!(f.mean_deviation_kg, 0.0);
        assert_eq!(f.mean_kg, 10.0);
        assert_eq!(f.share_pct, 50.0);
        assert_eq!(f.out_of_tolerance_pct, 50.0);
    }

    #[test]
    fn a_local_key_is_the_local_start_to_the_second() {
        let t = NaiveDateTime::parse_from_str("2026-03-09 06:05:07", "%Y-%m-%d %H:%M:%S").unwrap();
        assert_eq!(local_key(t), "2026-03-09T06:05:07");
    }
}
