//! The wire format of the plant's production data on NATS (architecture §NATS): one JSON
//! message per subject `plant.<lineId>.<kind>`, carrying one or more samples of that one kind.
//!
//! ```json
//! {"v":1,"id":"0193…","lineId":"L1","kind":"process","samples":[{"id":"0193…","time":"…",…}]}
//! ```
//!
//! The message `id` is the JetStream `Nats-Msg-Id` (publish de-duplication); every sample has its
//! own `id` (UUIDv7) which, with its `time`, is the key that makes storing it idempotent. A
//! message may carry several samples of its kind because per-message costs dominate at high
//! rates (see docs/architecture.md, "Batched samples"); events (state, alarm, batch) usually
//! carry one.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

pub mod check;
mod message;
pub use check::Window;
pub use message::Message;

/// The version of this format; consumers refuse (quarantine) other versions.
pub const VERSION: u16 = 1;

/// The kinds of production data, also the last token of the subject.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Kind {
    Weighing,
    Mixing,
    Process,
    Pressure,
    Alarm,
    State,
    Batch,
    Bin,
    Calibration,
}

impl Kind {
    pub const ALL: [Kind; 9] = [
        Kind::Weighing,
        Kind::Mixing,
        Kind::Process,
        Kind::Pressure,
        Kind::Alarm,
        Kind::State,
        Kind::Batch,
        Kind::Bin,
        Kind::Calibration,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Weighing => "weighing",
            Kind::Mixing => "mixing",
            Kind::Process => "process",
            Kind::Pressure => "pressure",
            Kind::Alarm => "alarm",
            Kind::State => "state",
            Kind::Batch => "batch",
            Kind::Bin => "bin",
            Kind::Calibration => "calibration",
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.as_str() == s)
    }
}

/// Whether `line_id` can be one subject token (non-empty; no dots, spaces or wildcards).
pub fn valid_line_id(line_id: &str) -> bool {
    !line_id.is_empty()
        && line_id.len() <= 64
        && line_id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// `plant.<lineId>.<kind>`.
pub fn subject(line_id: &str, kind: Kind) -> String {
    format!("plant.{line_id}.{}", kind.as_str())
}

/// The line and kind of a subject `plant.<lineId>.<kind>`.
pub fn parse_subject(subject: &str) -> Option<(&str, Kind)> {
    let rest = subject.strip_prefix("plant.")?;
    let (line, kind) = rest.split_once('.')?;
    valid_line_id(line).then_some(())?;
    Some((line, Kind::parse(kind)?))
}

/// One message: samples of one kind from one line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Envelope<T> {
    pub v: u16,
    pub id: Uuid,
    pub line_id: String,
    pub kind: Kind,
    pub samples: Vec<T>,
}

/// A sample type and the kind it travels as.
pub trait Sample: Serialize + for<'de> Deserialize<'de> {
    const KIND: Kind;
    fn id(&self) -> Uuid;
    fn time(&self) -> DateTime<Utc>;
    /// Every field within its limit (`check`); the error names the first that is not.
    fn check(&self) -> Result<(), String>;
    /// Every time of the sample within `window` around `now`.
    fn check_times(&self, window: &Window, now: DateTime<Utc>) -> Result<(), String>;
}

impl<T: Sample> Envelope<T> {
    /// A new message (fresh UUIDv7 id) for `samples`.
    pub fn new(line_id: &str, samples: Vec<T>) -> Self {
        Envelope {
            v: VERSION,
            id: Uuid::now_v7(),
            line_id: line_id.to_string(),
            kind: T::KIND,
            samples,
        }
    }

    pub fn subject(&self) -> String {
        subject(&self.line_id, T::KIND)
    }

    /// Decodes a message and checks it against the subject it came on: version, kind, line,
    /// at least one sample. The error is the quarantine reason.
    pub fn decode(subject_line: &str, bytes: &[u8]) -> Result<Self, String> {
        let m: Self = serde_json::from_slice(bytes)
            .map_err(|e| format!("invalid {}: {e}", T::KIND.as_str()))?;
        if m.v != VERSION {
            return Err(format!("unsupported version {}", m.v));
        }
        if m.kind != T::KIND || m.line_id != subject_line {
            return Err("kind or lineId does not match the subject".into());
        }
        if m.samples.is_empty() {
            return Err("no samples".into());
        }
        for (i, sample) in m.samples.iter().enumerate() {
            sample.check().map_err(|e| format!("samples[{i}].{e}"))?;
        }
        Ok(m)
    }
}

macro_rules! sample {
    ($t:ident, $kind:ident, {
        $($(#[$m:meta])* pub $f:ident : $ty:ty $(=> $limit:expr)?,)*
    } $(, also $later:ident)?) => {
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
        #[serde(rename_all = "camelCase")]
        pub struct $t {
            /// UUIDv7, unique per sample: the idempotency key of the stored row.
            pub id: Uuid,
            pub time: DateTime<Utc>,
            $($(#[$m])* pub $f: $ty,)*
        }
        impl Sample for $t {
            const KIND: Kind = Kind::$kind;
            fn id(&self) -> Uuid { self.id }
            fn time(&self) -> DateTime<Utc> { self.time }
            fn check(&self) -> Result<(), String> {
                $(check::Field::check(&self.$f, stringify!($f), limit!($($limit)?))?;)*
                Ok(())
            }
            fn check_times(&self, window: &Window, now: DateTime<Utc>) -> Result<(), String> {
                window.check("time", self.time, now)?;
                $(if let Some(t) = self.$later { window.check(stringify!($later), t, now)?; })?
                Ok(())
            }
        }
    };
}

/// A field's limit: the one named, else identifiers' length and any number's range.
macro_rules! limit {
    () => {
        check::ID
    };
    ($l:expr) => {
        $l
    };
}

sample!(Weighing, Weighing, {
    pub batch_id: String,
    pub scale_id: String,
    pub bin_id: Option<String>,
    pub material_id: String,
    pub lot: Option<String>,
    pub setpoint_kg: f64 => check::KG,
    pub actual_kg: f64 => check::KG,
    pub deviation_kg: f64 => check::KG,
    pub tolerance_kg: f64 => check::KG,
    pub in_tolerance: bool,
    pub duration_s: f64 => check::SECONDS,
    pub inflight_kg: f64 => check::KG,
});

sample!(Mixing, Mixing, {
    pub batch_id: String,
    pub mixing_action_id: String,
    pub planned_s: f64 => check::SECONDS,
    pub actual_s: f64 => check::SECONDS,
    pub energy_kwh: f64 => check::KWH,
    pub peak_power_kw: f64 => check::KW,
});

sample!(ProcessSample, Process, {
    pub batch_id: Option<String>,
    /// E.g. `MIXER_POWER_KW`, `MIXER_TEMP_C`; `SETPOINT_KG.<materialId>` when dosing of a
    /// material starts and `DOSING_KG.<materialId>` for the scale reading while it doses.
    pub parameter_code: String,
    pub value: f64 => check::ANY,
});

sample!(Pressure, Pressure, {
    pub batch_id: Option<String>,
    pub material_code: Option<String>,
    pub sensor: String,
    pub pressure_bar: f64 => check::BAR,
    pub setpoint_bar: f64 => check::BAR,
});

sample!(Alarm, Alarm, {
    pub batch_id: Option<String>,
    /// One alarm per (line, code) is open at a time.
    pub code: String,
    pub severity: Severity,
    pub message: String => check::SENTENCE,
    pub state: AlarmState,
    pub cleared_at: Option<DateTime<Utc>>,
}, also cleared_at);

sample!(LineState, State, {
    pub state: LineStateKind,
    pub stop_reason_id: Option<String>,
});

sample!(BatchEvent, Batch, {
    pub event: BatchEventKind,
    /// Plant numbering, unique per line.
    pub batch_id: String,
    pub production_schedule_id: Option<String>,
    pub schedule_name: Option<String> => check::NAME,
    pub recipe_id: String,
    pub recipe_code: Option<String>,
    pub recipe_name: Option<String> => check::NAME,
    pub recipe_version: i32,
    pub status: BatchStatus,
    pub target_kg: f64 => check::KG,
    /// Set when the batch ends.
    pub actual_kg: Option<f64> => check::KG,
    pub shift_id: Option<String>,
});

sample!(BinMovement, Bin, {
    pub bin_id: String,
    pub material_id: String,
    pub lot: Option<String>,
    pub delta_kg: f64 => check::KG,
    pub level_kg: f64 => check::KG,
    pub kind: BinMovementKind,
});

sample!(Calibration, Calibration, {
    pub scale_id: String,
    pub test_weight_kg: f64 => check::KG,
    pub reading_kg: f64 => check::KG,
    pub error_kg: f64 => check::KG,
    pub passed: bool,
    pub by: Option<String> => check::NAME,
});

macro_rules! upper_enum {
    ($t:ident { $($v:ident = $s:literal),* }) => {
        // Spelled out as well as renamed per variant: the schema derive does not see the
        // renames through the macro's literals, and every variant is one upper-cased word.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
        #[serde(rename_all = "UPPERCASE")]
        pub enum $t { $(#[serde(rename = $s)] $v),* }
        impl $t {
            /// Every value, in order: the one list the database's check constraint of the
            /// column must match (db's `constraints` test).
            pub const ALL: &'static [$t] = &[$($t::$v),*];
            pub fn as_str(self) -> &'static str { match self { $($t::$v => $s),* } }
        }
        impl $crate::choice::Choice for $t {
            const ALL: &'static [$t] = $t::ALL;
            fn as_str(self) -> &'static str { $t::as_str(self) }
        }
        impl check::Field for $t {
            fn check(&self, _: &str, _: check::Limit) -> Result<(), String> { Ok(()) }
        }
    };
}

upper_enum!(Severity { Info = "INFO", Warning = "WARNING", Critical = "CRITICAL" });
upper_enum!(AlarmState { Raised = "RAISED", Cleared = "CLEARED", Acked = "ACKED" });
upper_enum!(LineStateKind { Running = "RUNNING", Idle = "IDLE", Stopped = "STOPPED", Fault = "FAULT" });
upper_enum!(BatchEventKind { Started = "STARTED", Ended = "ENDED" });
upper_enum!(BatchStatus { Running = "RUNNING", Complete = "COMPLETE", Aborted = "ABORTED" });
upper_enum!(BinMovementKind { Fill = "FILL", Dose = "DOSE", Empty = "EMPTY", Change = "CHANGE" });

#[cfg(test)]
mod tests {
    use super::*;

    fn process(n: usize) -> Envelope<ProcessSample> {
        let samples = (0..n)
            .map(|i| ProcessSample {
                id: Uuid::now_v7(),
                time: Utc::now(),
                batch_id: Some("B1".into()),
                parameter_code: "MIXER_POWER_KW".into(),
                value: i as f64,
            })
            .collect();
        Envelope::new("L1", samples)
    }

    #[test]
    fn a_message_round_trips_and_names_its_subject() {
        let m = process(3);
        assert_eq!(m.subject(), "plant.L1.process");
        let bytes = serde_json::to_vec(&m).unwrap();
        assert_eq!(
            Message::decode("plant.L1.process", &bytes).unwrap(),
            Message::Process(m)
        );
    }

    #[test]
    fn decode_refuses_a_wrong_subject_version_or_empty_message() {
        let bytes = serde_json::to_vec(&process(1)).unwrap();
        assert!(Message::decode("plant.L2.process", &bytes).is_err());
        assert!(Message::decode("plant.L1.weighing", &bytes).is_err());
        assert!(Message::decode("plant.L1.nope", &bytes).is_err());
        let mut old = process(1);
        old.v = 0;
        assert!(
            Message::decode("plant.L1.process", &serde_json::to_vec(&old).unwrap())
                .unwrap_err()
                .contains("version")
        );
        assert!(
            Message::decode(
                "plant.L1.process",
                &serde_json::to_vec(&process(0)).unwrap()
            )
            .is_err()
        );
        assert!(Message::decode("plant.L1.process", b"{not json").is_err());
    }

    #[test]
    fn subjects_parse_and_line_ids_are_single_tokens() {
        assert_eq!(
            parse_subject("plant.line-1.alarm"),
            Some(("line-1", Kind::Alarm))
        );
        assert_eq!(parse_subject("plant.a.b.alarm"), None);
        assert!(!valid_line_id("a.b") && !valid_line_id("*") && !valid_line_id(""));
    }
}
