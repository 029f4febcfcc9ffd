//! Turns the demo tables into records, one line at a time: every record goes through
//! [`create`] on the current line, after the records whose ids it takes.

use std::collections::HashMap;

use serde_json::{Value as Json, json};

use crate::data::equipment::{FEEDING_POINTS, LINES, LineSpec, SCALES, SHIFTS, TIME_ZONE};
use crate::data::materials::{CATEGORIES, DOSING, MATERIALS};
use crate::data::mixing::{IRAM, MIXING_ACTIONS, MIXING_MODES, PARAMETER_GROUPS};
use crate::data::parameters::{
    ACTION_PARAMETERS, ENGINEERING_PARAMETERS, MISCELLANEOUS_PARAMETERS, MODE_PARAMETERS,
    REPORT_PARAMETERS, Typed,
};
use crate::data::recipes::RECIPES;
use crate::data::stops::{STOP_GROUPS, STOP_REASONS};
use crate::{Names, Summary};
use app::App as AppState;
use app::plant::entity;

pub(super) struct Seeder<'a> {
    state: &'a AppState,
    actor: String,
    /// The seed language, an index into [`Names`].
    lang: usize,
    /// The id of the line being seeded.
    line: Json,
    /// The ids of this line's records by entity key and code.
    ids: HashMap<(&'static str, &'static str), Json>,
    summary: Summary,
}

/// A parameter's `min` and `max`: its range, or nulls for one without.
fn limits(range: Option<(f64, f64)>) -> (Json, Json) {
    range.map_or((Json::Null, Json::Null), |(a, b)| (json!(a), json!(b)))
}

impl<'a> Seeder<'a> {
    /// A seeder that creates records as `actor` with names in language `lang`.
    pub(super) fn new(state: &'a AppState, actor: String, lang: usize) -> Self {
        Seeder {
            state,
            actor,
            lang,
            line: Json::Null,
            ids: HashMap::new(),
            summary: Summary::default(),
        }
    }

    /// Seeds every line of [`LINES`]; what was created.
    pub(super) async fn plant(mut self) -> anyhow::Result<Summary> {
        for (index, spec) in LINES.iter().enumerate() {
            self.line(index, spec).await?;
        }
        Ok(self.summary)
    }

    /// Seeds lines `L{from}..=L{to}`, each like the demo line it takes turns with (a pellet line,
    /// then a mash line); for history and benchmarks on more lines than the demo has.
    pub(super) async fn more_lines(mut self, from: usize, to: usize) -> anyhow::Result<Summary> {
        for n in from..=to {
            let like = &LINES[(n - 1) % LINES.len()];
            let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
            let names = like.names.map(|name| {
                let kind = name.split_once(" – ").map_or(name, |(_, k)| k);
                leak(format!(
                    "{} {n} – {kind}",
                    name.split(' ').next().unwrap_or("Line")
                ))
            });
            let spec = LineSpec {
                code: leak(format!("L{n}")),
                names,
                ..*like
            };
            self.line((n - 1) % LINES.len(), &spec).await?;
        }
        Ok(self.summary)
    }
}

impl Seeder<'_> {
    fn name(&self, names: &Names) -> &'static str {
        names[self.lang]
    }

    /// Creates a record of `key` on the current line; remembers its id under `code`.
    async fn add(
        &mut self,
        key: &'static str,
        code: &'static str,
        mut body: Json,
    ) -> anyhow::Result<()> {
        if entity(key).scoped {
            body["lineId"] = self.line.clone();
        }
        let record = create(self.state, &self.actor, key, body).await?;
        let id = record["_id"].clone();
        anyhow::ensure!(id.is_string(), "{key} {code}: created without an id");
        self.ids.insert((key, code), id);
        *self.summary.created.entry(key).or_default() += 1;
        Ok(())
    }

    /// Creates a record of `key` with `code`, named in the seed language, and the other fields
    /// of `body` (an object).
    async fn coded(
        &mut self,
        key: &'static str,
        code: &'static str,
        names: &Names,
        mut body: Json,
    ) -> anyhow::Result<()> {
        body["name"] = json!(self.name(names));
        body["code"] = json!(code);
        self.add(key, code, body).await
    }

    /// The id of a record of this line; the tables only name records made before.
    fn id(&self, key: &'static str, code: &'static str) -> Json {
        self.ids
            .get(&(key, code))
            .cloned()
            .unwrap_or_else(|| panic!("demo plant: no {key} {code}"))
    }

    fn ids(&self, key: &'static str, codes: &[&'static str]) -> Json {
        Json::Array(codes.iter().map(|c| self.id(key, c)).collect())
    }

    /// Every id of `key` on the current line.
    fn all(&self, key: &'static str) -> Json {
        let mut ids: Vec<(&str, Json)> = self
            .ids
            .iter()
            .filter(|((k, _), _)| *k == key)
            .map(|((_, c), id)| (*c, id.clone()))
            .collect();
        ids.sort_by(|a, b| a.0.cmp(b.0));
        Json::Array(ids.into_iter().map(|(_, id)| id).collect())
    }

    /// Seeds line `index` of [`LINES`] and everything on it, each table after those it names.
    async fn line(&mut self, index: usize, spec: &LineSpec) -> anyhow::Result<()> {
        self.ids.clear();
        self.line = Json::Null;
        let body = json!({
            "timezone": TIME_ZONE, "active": true, "batchSizeKg": spec.batch_kg,
            "mixerCapacityKg": spec.mixer_kg,
        });
        self.coded("lines", spec.code, &spec.names, body).await?;
        self.line = self.id("lines", spec.code);

        self.shifts_and_scales().await?;
        self.materials(spec).await?;
        self.feeding_points().await?;
        self.mixing().await?;
        self.parameters(index, spec).await?;
        self.iram(index).await?;
        self.parameter_groups().await?;
        self.stops().await?;
        self.recipes(spec).await
    }

    /// The demo recipes of this line, each created and released to trial and production
    /// through the recipe calls' own checks.
    async fn recipes(&mut self, line: &LineSpec) -> anyhow::Result<()> {
        for r in RECIPES.iter().filter(|r| line.pellets || !r.pellets_only) {
            let weighing: Vec<Json> = r
                .shares
                .iter()
                .map(|(code, share, tol)| {
                    let m = MATERIALS.iter().find(|m| m.code == *code).expect("a demo material");
                    json!({
                        "scaleId": self.id("scales", m.scale), "materialId": self.id("materialdirectory", m.code),
                        "binId": self.id("bins", m.bin), "setpoint": share, "setpointUnit": "PERCENT",
                        "tolerance": tol, "toleranceUnit": "PERCENT",
                    })
                })
                .collect();
            let param = |key, code| self.id(key, code);
            let mixing = json!([
                {"mixingActionId": self.id("mixingactions", "DRY_MIX"), "durationS": r.mix_s.0, "parameters": [
                    {"parameterId": param("actionparameters", "SPEED_PCT"), "value": 100},
                    {"parameterId": param("actionparameters", "DIRECTION"), "value": "FORWARD"}]},
                {"mixingActionId": self.id("mixingactions", "WET_MIX"), "durationS": r.mix_s.1, "parameters": [
                    {"parameterId": param("actionparameters", "SPEED_PCT"), "value": 80},
                    {"parameterId": param("actionparameters", "WAIT_LIQUIDS"), "value": true}]},
                {"mixingActionId": self.id("mixingactions", "DISCHARGE"), "durationS": 20},
            ]);
            let misc = json!([
                {"miscellaneousParameterId": param("miscellaneousparameters", "BATCH_TOL_PCT"), "value": 1},
                {"miscellaneousParameterId": param("miscellaneousparameters", "PRINT_REPORT"), "value": true},
            ]);
            let input: app::recipes::RecipeInput = serde_json::from_value(json!({
                "lineId": self.line, "code": r.code, "name": self.name(&r.names), "product": r.product,
                "batchSizeKg": line.batch_kg, "medicationClass": r.class,
                "mixingModeId": self.id("mixingmodes", "STANDARD"),
                "weighingItems": weighing, "mixingItems": mixing, "miscellaneousItems": misc,
            }))?;
            let record = app::recipes::create(self.state, &self.actor, input)
                .await
                .map_err(|e| anyhow::anyhow!("recipe {}: {e:?}", r.code))?;
            for level in [1, 2] {
                app::recipes::release(self.state, &self.actor, record.id, level)
                    .await
                    .map_err(|e| anyhow::anyhow!("releasing {} to {level}: {e:?}", r.code))?;
            }
            *self.summary.created.entry("recipes").or_default() += 1;
        }
        Ok(())
    }

    /// The shifts (known by their English name) and the scales.
    async fn shifts_and_scales(&mut self) -> anyhow::Result<()> {
        for (names, start, end, days) in &SHIFTS {
            let body = json!({
                "name": self.name(names), "startTime": start, "endTime": end, "days": days,
                "active": true,
            });
            self.add("shifts", names[0], body).await?;
        }
        for s in &SCALES {
            let body = json!({
                "type": s.kind, "capacityKg": s.capacity_kg, "minWeighKg": s.min_weigh_kg,
                "resolutionKg": s.resolution_kg, "tolerancePct": s.tolerance_pct,
                "settleTimeS": s.settle_s,
            });
            self.coded("scales", s.code, &s.names, body).await?;
        }
        Ok(())
    }

    /// Material categories, materials, and a bin (lot numbers on `line`) and dosing point for
    /// every material.
    async fn materials(&mut self, line: &LineSpec) -> anyhow::Result<()> {
        for (code, names, scales) in &CATEGORIES {
            let body = json!({"allowedScaleIds": self.ids("scales", scales)});
            self.coded("materialcategories", code, names, body).await?;
        }
        for m in &MATERIALS {
            let body = json!({
                "materialCategoryId": self.id("materialcategories", m.category),
                "scaleIds": [self.id("scales", m.scale)], "densityKgM3": m.density,
                "costPerKg": m.cost_per_kg, "medicated": m.medicated, "lotTracked": m.lot_tracked,
                "active": true,
            });
            self.coded("materialdirectory", m.code, &m.names, body)
                .await?;
        }
        for (n, m) in MATERIALS.iter().enumerate() {
            let mut held =
                json!({"materialId": self.id("materialdirectory", m.code), "priority": 1});
            if m.lot_tracked {
                held["lot"] = json!(format!("{}-2611-{:02}", line.code, n + 1));
            }
            let body = json!({
                "name": format!("{} – {}", m.bin, self.name(&m.names)), "code": m.bin,
                "scaleId": self.id("scales", m.scale), "capacityKg": m.bin_kg,
                "minLevelKg": m.bin_kg * 0.05, "binMaterials": [held],
            });
            self.add("bins", m.bin, body).await?;
        }
        for m in &MATERIALS {
            let scale = SCALES.iter().find(|s| s.code == m.scale).expect("scale");
            let (feeder, coarse, fine, switch, inflight) = scale.feeder;
            let body = json!({
                "name": format!("{} {}", self.name(&DOSING), self.name(&m.names)),
                "code": format!("DP-{}", m.bin), "binId": self.id("bins", m.bin),
                "scaleId": self.id("scales", m.scale), "feederType": feeder,
                "coarseRateKgS": coarse, "fineRateKgS": fine, "fineSwitchKg": switch,
                "inflightKg": inflight, "adaptiveInflight": true,
            });
            self.add("dosingpoints", m.bin, body).await?;
        }
        Ok(())
    }

    /// The feeding points, each where a scale discharges.
    async fn feeding_points(&mut self) -> anyhow::Result<()> {
        for (code, names, kind, scale, sequence) in &FEEDING_POINTS {
            let body =
                json!({"type": kind, "scaleId": self.id("scales", scale), "sequence": sequence});
            self.coded("feedingpoints", code, names, body).await?;
        }
        Ok(())
    }

    /// Action parameters, mixing actions, mode parameters and mixing modes.
    async fn mixing(&mut self) -> anyhow::Result<()> {
        self.typed("actionparameters", &ACTION_PARAMETERS).await?;
        for (code, names, params) in &MIXING_ACTIONS {
            let body = json!({"parameters": self.ids("actionparameters", params)});
            self.coded("mixingactions", code, names, body).await?;
        }
        self.typed("modeparameters", &MODE_PARAMETERS).await?;
        for (code, names, actions, params) in &MIXING_MODES {
            let actions: Vec<Json> = actions
                .iter()
                .enumerate()
                .map(|(i, a)| {
                    json!({"mixingActionId": self.id("mixingactions", a), "sequence": (i + 1) * 10})
                })
                .collect();
            let body =
                json!({"actions": actions, "parameters": self.ids("modeparameters", params)});
            self.coded("mixingmodes", code, names, body).await?;
        }
        Ok(())
    }

    /// The parameters of `key` from a table of typed parameters (action, mode, miscellaneous).
    async fn typed(&mut self, key: &'static str, params: &[Typed]) -> anyhow::Result<()> {
        for (code, names, data_type, unit, range, default, options) in params {
            let (min, max) = limits(*range);
            let body = json!({
                "dataType": data_type, "unit": unit, "min": min, "max": max, "default": default,
                "options": options,
            });
            self.coded(key, code, names, body).await?;
        }
        Ok(())
    }

    /// Miscellaneous, engineering (the value of line `index`) and report parameters (those for
    /// pellet lines only on a pellet line).
    async fn parameters(&mut self, index: usize, line: &LineSpec) -> anyhow::Result<()> {
        self.typed("miscellaneousparameters", &MISCELLANEOUS_PARAMETERS)
            .await?;
        for (code, names, data_type, unit, range, values) in &ENGINEERING_PARAMETERS {
            let (min, max) = limits(*range);
            let body = json!({
                "dataType": data_type, "unit": unit, "min": min, "max": max,
                "value": values[index % values.len()],
            });
            self.coded("engineeringparameters", code, names, body)
                .await?;
        }
        for (code, names, unit, source, downstream, low, high, pellets_only) in &REPORT_PARAMETERS {
            if *pellets_only && !line.pellets {
                continue;
            }
            let body = json!({
                "unit": unit, "source": source, "isDownstream": downstream, "lowLimit": low,
                "highLimit": high,
            });
            self.coded("reportparameters", code, names, body).await?;
        }
        Ok(())
    }

    /// The iRam of line `index`, on its own address.
    async fn iram(&mut self, index: usize) -> anyhow::Result<()> {
        let body = json!({
            "enabled": true,
            "settings": [
                {"key": "HOST", "value": format!("10.20.{}.50", index + 1)},
                {"key": "POLL_INTERVAL", "value": "500", "unit": "ms"},
                {"key": "TIMEOUT", "value": "3", "unit": "s"},
            ],
        });
        self.coded("irams", "IRAM-01", &IRAM, body).await
    }

    /// A parameter group of every type, holding all parameters of its entity on this line.
    async fn parameter_groups(&mut self) -> anyhow::Result<()> {
        for (group, names, key) in &PARAMETER_GROUPS {
            let body = json!({
                "groupType": group, "name": self.name(names), "parameterIds": self.all(key),
            });
            self.add("parametergroups", group, body).await?;
        }
        Ok(())
    }

    /// Stop-time reason groups, and stop reasons planned as their group is.
    async fn stops(&mut self) -> anyhow::Result<()> {
        for (code, names, planned) in &STOP_GROUPS {
            let body = json!({"planned": planned});
            self.coded("stoptimereasongroup", code, names, body).await?;
        }
        for (code, group, names) in &STOP_REASONS {
            let planned = STOP_GROUPS.iter().any(|(g, _, p)| g == group && *p);
            let group_id = self.id("stoptimereasongroup", group);
            let body = json!({"stopTimeGroupId": group_id, "planned": planned});
            self.coded("stopreasons", code, names, body).await?;
        }
        Ok(())
    }
}

/// Creates a record of the entity `key` through the checks of its add call; a refused record
/// is an error naming its field problems.
async fn create(app: &AppState, actor: &str, key: &str, body: Json) -> anyhow::Result<Json> {
    let e = model::config::by_key(key).ok_or_else(|| anyhow::anyhow!("no entity {key}"))?;
    let Json::Object(body) = body else {
        anyhow::bail!("{key}: a record is a JSON object");
    };
    app::plant::create(app, actor, e, &body)
        .await
        .map_err(|err| match err {
            app::Error::Invalid(f) | app::Error::Conflicts(f) => {
                anyhow::anyhow!("{key} {body:?}: {f:?}")
            }
            other => anyhow::anyhow!("{key}: {other}"),
        })
}
