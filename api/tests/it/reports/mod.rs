//! Reports on generated production history, written through ingest's own storage code: the
//! kilograms of every report agree for any range, time buckets follow the line's zone across
//! a daylight-saving change, shifts cross midnight, and bad filters answer 400.

mod batches;
mod consumption;
mod dashboard;
mod diagnostics;
mod oee;
mod others;
mod pcs;
mod pdf;
mod pdf_batches;
mod pdf_record;
mod record;
mod spc;
mod stops;
mod timescale;

use chrono::{DateTime, Duration, Utc};
use model::wire::{self, BatchEventKind, BatchStatus};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::harness::{Answer, TestApp};
use crate::recipes::{Fixture, Line};

/// A fixture line (Europe/Berlin) with three shifts, the night one crossing midnight, and a
/// second line; production history on both.
pub struct History<'a> {
    pub f: Fixture<'a>,
    pub line: Line,
    pub other: Line,
    pub shifts: Vec<String>,
}

pub fn at(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
}

/// A small deterministic generator (xorshift), so a failure reproduces.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % 1_000_000) as f64 / 1_000_000.0
    }
}

impl<'a> History<'a> {
    pub async fn new(app: &'a TestApp) -> History<'a> {
        let f = Fixture::new(app).await;
        let line = f.line("PL1", &[]).await;
        let other = f.line("PL2", &[]).await;
        let mut shifts = Vec::new();
        for (name, start, end) in [
            ("Early", "06:00", "14:00"),
            ("Late", "14:00", "22:00"),
            ("Night", "22:00", "06:00"),
        ] {
            let days = json!(["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"]);
            let s = api::plant::create(&app.state, "super@plant.test", "shifts",
                json!({"lineId": line.id, "name": name, "startTime": start, "endTime": end, "days": days, "active": true}))
                .await
                .unwrap();
            shifts.push(s["_id"].as_str().unwrap().to_string());
        }
        History {
            f,
            line,
            other,
            shifts,
        }
    }

    /// Batches every 37 minutes from `from` to `to` on both lines: two recipes, two orders and
    /// batches without one, every fifth aborted, doses off their setpoint, one without a bin.
    pub async fn produce(&self, from: DateTime<Utc>, to: DateTime<Utc>) {
        self.produce_named(from, to, "").await
    }

    /// [`History::produce`] with batch numbers `<line code>-<prefix><n>`, for a second stretch.
    pub async fn produce_named(&self, from: DateTime<Utc>, to: DateTime<Utc>, prefix: &str) {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut rows = db::ingest::Rows::default();
        let orders = [
            Some(Uuid::now_v7().to_string()),
            Some(Uuid::now_v7().to_string()),
            None,
        ];
        for (l, line) in [&self.line, &self.other].into_iter().enumerate() {
            let mut t = from + Duration::minutes(3 * l as i64);
            let mut n = 0;
            while t < to {
                n += 1;
                let batch = format!("{}-{prefix}{n:05}", line.code);
                let recipe = if n % 3 == 0 {
                    "11111111-1111-7111-8111-111111111111"
                } else {
                    "22222222-2222-7222-8222-222222222222"
                };
                let order = orders[n % 3].clone();
                let event = |kind, status, time| wire::BatchEvent {
                    id: Uuid::now_v7(),
                    time,
                    event: kind,
                    batch_id: batch.clone(),
                    production_schedule_id: order.clone(),
                    schedule_name: order
                        .as_ref()
                        .map(|o| format!("Order {}", &o[o.len() - 8..])),
                    recipe_id: recipe.into(),
                    recipe_code: Some(if n % 3 == 0 { "BROILER" } else { "LAYER" }.into()),
                    recipe_name: Some(
                        if n % 3 == 0 {
                            "Broiler grower"
                        } else {
                            "Layer mash"
                        }
                        .into(),
                    ),
                    recipe_version: 1,
                    status,
                    target_kg: 1000.0,
                    actual_kg: None,
                    shift_id: None,
                };
                rows.batch.push((
                    line.id.clone(),
                    event(BatchEventKind::Started, BatchStatus::Running, t),
                ));
                let mut dose_at = t;
                for (material, scale, bin, kg) in [
                    ("CORN", "S-MAJOR", Some("BIN-01"), 600.0),
                    ("SOY", "S-MAJOR", Some("BIN-01"), 380.0),
                    ("PREMIX", "S-MICRO", None, 20.0),
                ] {
                    dose_at += Duration::seconds(50);
                    let actual = kg * (1.0 + (rng.next() - 0.5) * 0.02);
                    rows.weighing.push((
                        line.id.clone(),
                        wire::Weighing {
                            id: Uuid::now_v7(),
                            time: dose_at,
                            batch_id: batch.clone(),
                            scale_id: scale.into(),
                            bin_id: bin.map(str::to_string),
                            material_id: material.into(),
                            lot: None,
                            setpoint_kg: kg,
                            actual_kg: actual,
                            deviation_kg: actual - kg,
                            tolerance_kg: kg * 0.005,
                            in_tolerance: (actual - kg).abs() <= kg * 0.005,
                            duration_s: 40.0,
                            inflight_kg: 1.0,
                        },
                    ));
                }
                let status = if n % 5 == 0 {
                    BatchStatus::Aborted
                } else {
                    BatchStatus::Complete
                };
                let mut ended = event(BatchEventKind::Ended, status, t + Duration::minutes(4));
                ended.actual_kg = Some(1000.0);
                rows.batch.push((line.id.clone(), ended));
                t += Duration::minutes(37);
            }
        }
        db::ingest::write::write(&self.f.app.state.pool, &rows)
            .await
            .unwrap();
    }

    /// Creates a configuration record `key` through the configuration's own code as the super
    /// user; answers its `_id`.
    pub async fn create(&self, key: &str, body: Value) -> String {
        let r = api::plant::create(&self.f.app.state, "super@plant.test", key, body)
            .await
            .unwrap();
        r["_id"].as_str().unwrap().to_string()
    }

    pub async fn get(&self, path: &str) -> Answer {
        self.f.get(path).await
    }

    /// `call` on line `line` (or ALL) for [from, to) with `extra` query parameters.
    pub async fn report(
        &self,
        call: &str,
        line: &str,
        from: &str,
        to: &str,
        extra: &str,
    ) -> Answer {
        let q = |s: &str| s.replace('+', "%2B").replace(':', "%3A");
        self.get(&format!(
            "/api/reports/{call}?lineId={line}&fromDateTime={}&toDateTime={}{extra}",
            q(from),
            q(to)
        ))
        .await
    }

    /// The `data` of a report that must answer 200.
    pub async fn data(&self, call: &str, line: &str, from: &str, to: &str, extra: &str) -> Value {
        self.report(call, line, from, to, extra).await.ok()["data"].clone()
    }

    /// Kilograms weighed into the batches that ended in [from, to), from the raw rows.
    pub async fn raw_kg(&self, line: Option<&str>, from: &str, to: &str) -> f64 {
        sqlx::query_scalar(
            "select coalesce(sum(w.actual_kg), 0) from weighing w
             join production_batch b on b.line_id = w.line_id and b.batch_id = w.batch_id
             where b.ended_at >= $1 and b.ended_at < $2 and ($3::text is null or b.line_id = $3)",
        )
        .bind(at(from))
        .bind(at(to))
        .bind(line)
        .fetch_one(&self.f.app.state.pool)
        .await
        .unwrap()
    }
}

pub fn kg(v: &Value) -> f64 {
    v["totals"]["actualKg"]
        .as_f64()
        .unwrap_or_else(|| panic!("no totals in {v}"))
}

/// The first row of `v[list]` that `pred` holds for.
pub fn row(v: &Value, list: &str, pred: impl Fn(&Value) -> bool) -> Value {
    v[list]
        .as_array()
        .unwrap_or_else(|| panic!("no {list} in {v}"))
        .iter()
        .find(|r| pred(r))
        .unwrap_or_else(|| panic!("no such row of {list} in {v}"))
        .clone()
}
