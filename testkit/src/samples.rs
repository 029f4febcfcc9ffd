//! Wire samples for tests and benchmarks, with fresh ids and the current time. Fields a test
//! cares about are arguments; override the rest with struct update syntax.

use chrono::Utc;
use model::wire::{
    BatchEvent, BatchEventKind, BatchStatus, LineState, LineStateKind, ProcessSample, Weighing,
};
use uuid::Uuid;

pub fn state(state: LineStateKind) -> LineState {
    LineState {
        id: Uuid::now_v7(),
        time: Utc::now(),
        state,
        stop_reason_id: None,
    }
}

/// A batch of the layer-mash recipe: STARTED (running), or ENDED with `actual_kg` (complete).
pub fn batch(
    event: BatchEventKind,
    batch_id: &str,
    target_kg: f64,
    actual_kg: Option<f64>,
) -> BatchEvent {
    BatchEvent {
        id: Uuid::now_v7(),
        time: Utc::now(),
        event,
        batch_id: batch_id.into(),
        production_schedule_id: None,
        schedule_name: None,
        recipe_id: "R-LAYER".into(),
        recipe_code: Some("LAY-02".into()),
        recipe_name: Some("Layer mash".into()),
        recipe_version: 1,
        status: if actual_kg.is_some() {
            BatchStatus::Complete
        } else {
            BatchStatus::Running
        },
        target_kg,
        actual_kg,
        shift_id: None,
    }
}

/// Corn dosed on the major scale exactly to its setpoint `kg`.
pub fn weighing(batch_id: &str, kg: f64) -> Weighing {
    Weighing {
        id: Uuid::now_v7(),
        time: Utc::now(),
        batch_id: batch_id.into(),
        scale_id: "S-MAJOR".into(),
        bin_id: None,
        material_id: "CORN".into(),
        lot: None,
        setpoint_kg: kg,
        actual_kg: kg,
        deviation_kg: 0.0,
        tolerance_kg: 5.0,
        in_tolerance: true,
        duration_s: 20.0,
        inflight_kg: 4.0,
    }
}

pub fn process(parameter_code: &str, value: f64) -> ProcessSample {
    ProcessSample {
        id: Uuid::now_v7(),
        time: Utc::now(),
        batch_id: None,
        parameter_code: parameter_code.into(),
        value,
    }
}
