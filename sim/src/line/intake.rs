//! A line's bins and its intake: refills with the intake's lot before a dose, the fills heard
//! on the bus, and the movements of a dose.

use model::wire::{BinMovement, BinMovementKind};

use super::{Line, base};
use crate::recipes::Ingredient;

impl Line {
    /// The line's intake: refills take their lot from `intake`, and the fills heard on `fills`
    /// (the bus's bin movements of this line) reach its bins.
    pub fn with_intake(
        mut self,
        intake: Option<crate::Intake>,
        fills: Option<tokio::sync::mpsc::UnboundedReceiver<BinMovement>>,
    ) -> Self {
        self.intake = intake;
        self.fills = fills;
        self
    }

    /// Puts the fills heard since the last dose into the bins (not those this line made).
    pub(super) fn take_fills(&mut self) {
        let Some(rx) = self.fills.as_mut() else {
            return;
        };
        while let Ok(m) = rx.try_recv() {
            if m.kind == BinMovementKind::Fill && !self.own_fills.remove(&m.id) {
                self.bins.fill(&m.bin_id, m.delta_kg, m.lot, &m.material_id);
            }
        }
    }

    /// Refills the bin of `ing` before a dose of `kg` when it runs low, with a lot from the
    /// intake: the FILL goes out before the dose, so the dose is traced to the new lot.
    pub(super) async fn refill(&mut self, ing: &Ingredient, kg: f64) {
        let Some(need) = self.bins.refill_before(&ing.bin, kg) else {
            return;
        };
        let lot = match &self.intake {
            Some(crate::Intake(choose)) => {
                choose(self.id.clone(), ing.material.clone(), need).await
            }
            None => None,
        };
        let m = self.bins.fill(&ing.bin, need, lot.clone(), &ing.material);
        let fill = base(|id, time| BinMovement {
            id,
            time,
            bin_id: ing.bin.clone(),
            material_id: ing.material.clone(),
            lot,
            delta_kg: m.delta_kg,
            level_kg: m.level_kg,
            kind: BinMovementKind::Fill,
        });
        if self.fills.is_some() {
            self.own_fills.insert(fill.id);
        }
        self.send(vec![fill]).await;
    }

    pub(super) async fn bin_movement(&mut self, ing: &Ingredient, taken_kg: f64) {
        let samples = self
            .bins
            .take(&ing.bin, taken_kg, &ing.material)
            .into_iter()
            .map(|m| {
                base(|id, time| BinMovement {
                    id,
                    time,
                    bin_id: ing.bin.clone(),
                    material_id: ing.material.clone(),
                    lot: None,
                    delta_kg: m.delta_kg,
                    level_kg: m.level_kg,
                    kind: m.kind,
                })
            })
            .collect();
        self.send(samples).await;
    }
}
