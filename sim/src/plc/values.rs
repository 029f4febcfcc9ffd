//! The line's values beside its interface, as generic tags read them: `<line>.Process.<code>`
//! and `<line>.Pressure.<sensor>` (Double), `<line>.Alarm.<code>` (Boolean), `<line>.State`
//! (Int32: 0 STOPPED, 1 RUNNING, 2 IDLE, 3 FAULT), and each alarm's acknowledgement node
//! `<line>.Ack.<code>` (Boolean: Batchline writes `true`, the controller takes it and resets it).

use model::connect::{Tag, TagKind};
use model::wire::{self, LineStateKind, Severity};
use opcua::types::Variant;

use super::Plc;

/// The values a line shows beside its interface: (kind, path under the line's folder, code).
pub fn generic_tags() -> Vec<Tag> {
    let mut out: Vec<Tag> = [
        "MIXER_POWER_KW",
        "MIXER_TEMP_C",
        "CONDITIONER_TEMP_C",
        "STEAM_BAR",
        "PRESS_LOAD_A",
    ]
    .into_iter()
    .map(|c| Tag::new(TagKind::Process, format!("Process.{c}"), c))
    .collect();
    out.push(Tag::new(TagKind::Pressure, "Pressure.PCS-1", "PCS-1"));
    let mut alarms: Vec<(&str, Severity, &str)> = vec![(
        "MIXER_TEMP_HIGH",
        Severity::Warning,
        "Mixer temperature above 35 °C",
    )];
    for (_, code, critical, message) in crate::recipes::STOPS {
        alarms.push((code, crate::recipes::stop_state(critical).1, message));
    }
    for (code, severity, message) in alarms {
        let mut t = Tag::new(TagKind::Alarm, format!("Alarm.{code}"), code);
        t.severity = Some(severity);
        t.message = Some(message.into());
        t.ack_node_id = Some(format!("{ACK}.{code}"));
        out.push(t);
    }
    let mut state = Tag::new(TagKind::State, "State", "STATE");
    state.value_map = Some(STATES.iter().map(|(n, s)| (n.to_string(), *s)).collect());
    out.push(state);
    out
}

/// The folder of the alarms' acknowledgement nodes.
pub const ACK: &str = "Ack";

/// The line state's number at `State`, as the connection's value map reads it.
const STATES: [(i32, LineStateKind); 4] = [
    (0, LineStateKind::Stopped),
    (1, LineStateKind::Running),
    (2, LineStateKind::Idle),
    (3, LineStateKind::Fault),
];

fn state_number(s: LineStateKind) -> i32 {
    STATES.iter().find(|(_, k)| *k == s).map_or(0, |(n, _)| *n)
}

impl Plc {
    /// Shows a sample that no record channel carries on the line's values.
    pub(super) fn show(&self, json: &serde_json::Value, kind: wire::Kind) {
        let text = |k: &str| json[k].as_str().unwrap_or_default().to_string();
        let number = |k: &str| json[k].as_f64().unwrap_or_default();
        match kind {
            wire::Kind::Process => self.set(
                &format!("Process.{}", text("parameterCode")),
                Variant::Double(number("value")),
            ),
            wire::Kind::Pressure => self.set(
                &format!("Pressure.{}", text("sensor")),
                Variant::Double(number("pressureBar")),
            ),
            wire::Kind::Alarm => self.set(
                &format!("Alarm.{}", text("code")),
                Variant::Boolean(text("state") == "RAISED"),
            ),
            wire::Kind::State => {
                if let Ok(s) = serde_json::from_value::<LineStateKind>(json["state"].clone()) {
                    self.set("State", Variant::Int32(state_number(s)));
                }
            }
            _ => {}
        }
    }
}
