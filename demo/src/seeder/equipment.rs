//! A line's equipment, materials, mixing, parameters and stop reasons, each table after those
//! it names.

use serde_json::{Value as Json, json};

use super::{Seeder, limits};
use crate::data::equipment::{FEEDING_POINTS, LineSpec, SCALES, SHIFTS};
use crate::data::materials::{CATEGORIES, DOSING, MATERIALS};
use crate::data::mixing::{IRAM, MIXING_ACTIONS, MIXING_MODES, PARAMETER_GROUPS};
use crate::data::parameters::{
    ACTION_PARAMETERS, ENGINEERING_PARAMETERS, MISCELLANEOUS_PARAMETERS, MODE_PARAMETERS,
    REPORT_PARAMETERS, Typed,
};
use crate::data::stops::{STOP_GROUPS, STOP_REASONS};

impl Seeder<'_> {
    /// The shifts (known by their English name) and the scales.
    pub(super) async fn shifts_and_scales(&mut self) -> anyhow::Result<()> {
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
    pub(super) async fn materials(&mut self, line: &LineSpec) -> anyhow::Result<()> {
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
    pub(super) async fn feeding_points(&mut self) -> anyhow::Result<()> {
        for (code, names, kind, scale, sequence) in &FEEDING_POINTS {
            let body =
                json!({"type": kind, "scaleId": self.id("scales", scale), "sequence": sequence});
            self.coded("feedingpoints", code, names, body).await?;
        }
        Ok(())
    }

    /// Action parameters, mixing actions, mode parameters and mixing modes.
    pub(super) async fn mixing(&mut self) -> anyhow::Result<()> {
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
    pub(super) async fn typed(
        &mut self,
        key: &'static str,
        params: &[Typed],
    ) -> anyhow::Result<()> {
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
    pub(super) async fn parameters(&mut self, index: usize, line: &LineSpec) -> anyhow::Result<()> {
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
    pub(super) async fn iram(&mut self, index: usize) -> anyhow::Result<()> {
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
    pub(super) async fn parameter_groups(&mut self) -> anyhow::Result<()> {
        for (group, names, key) in &PARAMETER_GROUPS {
            let body = json!({
                "groupType": group, "name": self.name(names), "parameterIds": self.all(key),
            });
            self.add("parametergroups", group, body).await?;
        }
        Ok(())
    }

    /// Stop-time reason groups, and stop reasons planned as their group is.
    pub(super) async fn stops(&mut self) -> anyhow::Result<()> {
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
