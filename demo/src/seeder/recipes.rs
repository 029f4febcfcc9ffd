//! The demo recipes of a line, created and released through the recipe commands.

use serde_json::{Value as Json, json};

use super::Seeder;
use crate::data::equipment::LineSpec;
use crate::data::materials::MATERIALS;
use crate::data::recipes::{RECIPES, RecipeSpec};

impl Seeder<'_> {
    /// The demo recipes of this line, each created and released to trial and production
    /// through the recipe calls' own checks.
    pub(super) async fn recipes(&mut self, line: &LineSpec) -> anyhow::Result<()> {
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
            // The seed releases to production as its actor (decision 118).
            let signer = app::signatures::Signer::tool(&self.actor);
            for level in [1, 2] {
                let signed = (level == 2).then_some(&signer);
                app::recipes::release(self.state, &self.actor, record.id, level, signed)
                    .await
                    .map_err(|e| anyhow::anyhow!("releasing {} to {level}: {e:?}", r.code))?;
            }
            *self.summary.created.entry("recipes").or_default() += 1;
        }
        self.ideal_rate(line).await
    }

    /// OEE's ideal rate of the line's recipe that mixes longest: its full mixer takes the
    /// nominal batch time plus the mixing it needs beyond the quickest recipe (the others are
    /// made at the line's default rate, decision 112).
    async fn ideal_rate(&mut self, line: &LineSpec) -> anyhow::Result<()> {
        let made = || RECIPES.iter().filter(|r| line.pellets || !r.pellets_only);
        let mixing = |r: &RecipeSpec| r.mix_s.0 + r.mix_s.1;
        let quickest = made().map(mixing).fold(f64::INFINITY, f64::min);
        let Some(slowest) = made().max_by(|a, b| mixing(a).total_cmp(&mixing(b))) else {
            return Ok(());
        };
        let batch_s = line.nominal_batch_s + mixing(slowest) - quickest;
        let body = json!({"recipeCode": slowest.code,
                          "kgPerHour": (line.mixer_kg / batch_s * 3600.0).round()});
        self.add("idealrates", slowest.code, body).await
    }
}
