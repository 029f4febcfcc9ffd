//! Recipes: a small line (two scales, three materials in two bins, a mixing action with a speed
//! parameter, a mode, a conditioning temperature) made through the configuration's own checks,
//! and the recipe calls on it.

mod lifecycle;
mod pdf;
mod rules;
mod steps;

use serde_json::{Value, json};

use crate::harness::{Answer, TestApp};

/// The ids of one fixture line's records, by code.
pub struct Line {
    pub id: String,
    pub code: String,
    ids: std::collections::HashMap<&'static str, String>,
}

impl Line {
    pub fn id(&self, code: &str) -> &str {
        self.ids
            .get(code)
            .unwrap_or_else(|| panic!("no {code} on {}", self.code))
    }
}

pub struct Fixture<'a> {
    pub app: &'a TestApp,
    pub token: String,
}

async fn create(app: &TestApp, key: &str, body: Value) -> String {
    let record = api::plant::create(&app.state, "super@plant.test", key, body)
        .await
        .unwrap();
    record["_id"].as_str().unwrap().to_string()
}

impl<'a> Fixture<'a> {
    pub async fn new(app: &'a TestApp) -> Fixture<'a> {
        Fixture {
            app,
            token: app.super_token().await,
        }
    }

    /// A line `code` with the fixture's equipment; `without` leaves materials out (save-as
    /// across lines that lack them).
    pub async fn line(&self, code: &str, without: &[&str]) -> Line {
        let app = self.app;
        let line = create(app, "lines", json!({"name": format!("Line {code}"), "code": code, "timezone": "Europe/Berlin", "mixerCapacityKg": 4000})).await;
        let mut ids = std::collections::HashMap::new();
        let on = |mut body: Value| {
            body["lineId"] = json!(line);
            body
        };
        let major = create(app, "scales", on(json!({"name": "Major", "code": "S-MAJOR", "type": "MAJOR", "capacityKg": 3000, "minWeighKg": 5}))).await;
        let micro = create(app, "scales", on(json!({"name": "Micro", "code": "S-MICRO", "type": "MICRO", "capacityKg": 25, "minWeighKg": 0.05}))).await;
        let grain = create(
            app,
            "materialcategories",
            on(json!({"name": "Grains", "code": "GRAIN", "allowedScaleIds": [major]})),
        )
        .await;
        let micros = create(
            app,
            "materialcategories",
            on(json!({"name": "Micro ingredients", "code": "MICRO"})),
        )
        .await;
        let mut materials = Vec::new();
        for (code, cat) in [("CORN", &grain), ("SOY", &grain), ("PREMIX", &micros)] {
            if without.contains(&code) {
                continue;
            }
            let id = create(
                app,
                "materialdirectory",
                on(json!({"name": code, "code": code, "materialCategoryId": cat})),
            )
            .await;
            materials.push((code, id.clone()));
            ids.insert(code, id);
        }
        let holding = |codes: &[&str]| -> Vec<Value> {
            materials
                .iter()
                .filter(|(c, _)| codes.contains(c))
                .map(|(_, id)| json!({"materialId": id, "priority": 1}))
                .collect()
        };
        let bin1 = create(app, "bins", on(json!({"name": "Bin 1", "code": "BIN-01", "scaleId": major, "capacityKg": 20000, "binMaterials": holding(&["CORN", "SOY"])}))).await;
        let bin30 = create(app, "bins", on(json!({"name": "Bin 30", "code": "BIN-30", "scaleId": micro, "capacityKg": 500, "binMaterials": holding(&["PREMIX"])}))).await;
        let speed = create(app, "actionparameters", on(json!({"name": "Speed", "code": "SPEED", "dataType": "DECIMAL", "min": 10, "max": 60}))).await;
        let dry = create(
            app,
            "mixingactions",
            on(json!({"name": "Dry mix", "code": "DRY_MIX", "parameters": [speed]})),
        )
        .await;
        let mode = create(app, "mixingmodes", on(json!({"name": "Standard", "code": "STD", "actions": [{"mixingActionId": dry, "sequence": 1}]}))).await;
        let temp = create(app, "miscellaneousparameters", on(json!({"name": "Conditioning temperature", "code": "COND_TEMP", "dataType": "DECIMAL", "min": 60, "max": 90}))).await;
        for (k, v) in [
            ("S-MAJOR", major),
            ("S-MICRO", micro),
            ("BIN-01", bin1),
            ("BIN-30", bin30),
            ("SPEED", speed),
            ("DRY_MIX", dry),
            ("STD", mode),
            ("COND_TEMP", temp),
            ("GRAIN", grain),
        ] {
            ids.insert(k, v);
        }
        Line {
            id: line,
            code: code.into(),
            ids,
        }
    }

    /// A valid 1000 kg recipe body for `line`.
    pub fn body(&self, line: &Line, code: &str) -> Value {
        let w = |scale: &str, material: &str, kg: f64, tol: f64| json!({"scaleId": line.id(scale), "materialId": line.id(material), "setpoint": kg, "setpointUnit": "KG", "tolerance": tol, "toleranceUnit": "KG"});
        json!({
            "lineId": line.id,
            "code": code,
            "name": format!("Grower {code}"),
            "product": "Broiler grower crumble",
            "batchSizeKg": 1000,
            "medicationClass": "NONE",
            "mixingModeId": line.id("STD"),
            "weighingItems": [w("S-MAJOR", "CORN", 600.0, 3.0), w("S-MAJOR", "SOY", 390.0, 2.0), w("S-MICRO", "PREMIX", 10.0, 0.1)],
            "mixingItems": [{"mixingActionId": line.id("DRY_MIX"), "durationS": 120, "parameters": [{"parameterId": line.id("SPEED"), "value": 40}]}],
            "miscellaneousItems": [{"miscellaneousParameterId": line.id("COND_TEMP"), "value": 82}],
        })
    }

    pub async fn post(&self, path: &str, body: Value) -> Answer {
        self.app.post(path, body, Some(&self.token)).await
    }

    pub async fn get(&self, path: &str) -> Answer {
        self.app.get(path, Some(&self.token)).await
    }

    /// Adds a recipe; its record.
    pub async fn add(&self, body: Value) -> Value {
        self.post("/api/recipes/add", body).await.ok()["data"].clone()
    }

    /// Releases `id` to `level` as the super user, signing a release to production (level 2).
    pub async fn release(&self, id: &str, level: i32) -> Answer {
        let mut body = json!({"id": id, "level": level});
        if level == 2 {
            body["signature"] =
                json!({"password": crate::harness::SUPER_PASSWORD, "meaning": "APPROVED"});
        }
        self.post("/api/recipes/releaselevel", body).await
    }
}

pub fn id(v: &Value) -> String {
    v["_id"].as_str().unwrap().to_string()
}
