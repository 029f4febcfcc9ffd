//! The frames of the live WebSocket `/ws` (architecture §Live protocol) as types: the server
//! writes them with serde and [`doc`] describes them, so the web's types are generated from
//! the same source (`batchline contract`).

use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

/// What a client sends: `auth` first, then subscriptions; `pong` answers a ping.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ClientFrame {
    Auth {
        token: String,
    },
    /// `since`: the last position of `events` the client saw, to resume from (issue 36).
    Subscribe {
        topics: Vec<String>,
        #[serde(default)]
        since: Option<model::live::Position>,
    },
    Unsubscribe {
        topics: Vec<String>,
    },
    Pong,
}

/// Why the server refused something, in an `error` control frame.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ErrorCode {
    /// A topic that does not exist (`topics` names them).
    UnknownTopic,
    /// A topic the user may not read (`topics` names them); see `model::live::Topic::rule`.
    ForbiddenTopic,
    /// A frame that is not one of [`ClientFrame`].
    BadMessage,
    /// A topic of a line no configured line has (`topics` names them).
    UnknownLine,
    /// More topics than one connection may hold (`topics` names those refused).
    TooManyTopics,
    /// Frames sent faster than a connection may send them: the excess is ignored.
    RateLimited,
    /// The events after the position given to `subscribe` (`since`) are no longer kept, or
    /// were of another log (`topics`: `events`): a snapshot follows; what the client shows
    /// from events it reloads over REST.
    NotRecoverable,
}

/// A control frame of the server.
#[derive(Debug, Serialize, ToSchema)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ControlFrame {
    #[serde(rename_all = "camelCase")]
    Authenticated {
        user_email: String,
    },
    Ping {
        time: chrono::DateTime<chrono::Utc>,
    },
    Error {
        code: ErrorCode,
        #[serde(skip_serializing_if = "Option::is_none")]
        topics: Option<Vec<String>>,
    },
}

impl ControlFrame {
    pub fn error(code: ErrorCode, topics: Option<Vec<String>>) -> serde_json::Value {
        serde_json::to_value(ControlFrame::Error { code, topics }).unwrap_or_default()
    }
}

/// `snapshot` on subscribe, then `delta`s, numbered per topic from 1.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum FrameKind {
    Snapshot,
    Delta,
}

/// A frame of a topic: `data` is a [`crate::views`] snapshot (`lines`: `LineSummary[]`,
/// `line:<id>`: `LineDetail`, `line:<id>:diagnostics`: `DiagnosticsSnapshot`, `alarms`:
/// `AlarmsSnapshot`, `line:<id>:spc`: `SpcSnapshot`, `unknown-lines`: `UnknownLines`,
/// `events`: `EventsSnapshot`) or a delta (`events`: one `LoggedEvent`).
#[derive(Debug, Serialize, ToSchema)]
pub struct TopicFrame {
    pub topic: String,
    pub kind: FrameKind,
    pub seq: u64,
    /// An object or, for the `lines` snapshot, an array.
    #[schema(value_type = serde_json::Value)]
    pub data: serde_json::Value,
}

/// A delta of samples of one kind (`line:<id>:diagnostics` and `alarms`).
#[derive(Debug, Serialize, ToSchema)]
pub struct SamplesDelta {
    pub kind: model::wire::Kind,
    #[schema(value_type = Vec<Object>)]
    pub samples: Vec<serde_json::Value>,
}

/// Close codes: the client signs in again on `unauthorized`, reconnects on the others.
pub const CLOSE_CODES: [(&str, u16); 3] = [
    ("badRequest", crate::ws::CLOSE_BAD_REQUEST),
    ("unauthorized", crate::ws::CLOSE_UNAUTHORIZED),
    ("tooSlow", crate::ws::CLOSE_TOO_SLOW),
];

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Batchline live protocol",
        description = "Frames of the WebSocket /ws: components only."
    ),
    components(schemas(
        ClientFrame,
        ControlFrame,
        ErrorCode,
        TopicFrame,
        FrameKind,
        SamplesDelta,
        crate::views::Summary,
        crate::views::Detail,
        crate::views::Diagnostics,
        crate::views::Alarms,
        crate::views::Spc,
        crate::views::Unknown,
        crate::views::UnknownLine,
        crate::views::Logged,
        crate::views::EventsSnapshot,
        model::live::Position,
        model::live::LiveEvent,
        model::connect::ConnectionState,
        crate::live::RunningOrder,
        model::spc::KeptViolation,
        model::spc::Rule,
        crate::live::RunningBatch,
        crate::live::Dosing,
        crate::live::OpenAlarm,
        model::wire::Weighing,
        model::wire::Mixing,
        model::wire::ProcessSample,
        model::wire::Pressure,
        model::wire::Alarm,
        model::wire::LineState,
        model::wire::BatchEvent,
        model::wire::BinMovement,
        model::wire::Calibration,
        model::wire::Kind,
    ))
)]
struct ProtocolDoc;

/// The live protocol as an OpenAPI document holding only components, with the close codes
/// as `x-close-codes`.
pub fn doc() -> serde_json::Value {
    let mut doc = serde_json::to_value(ProtocolDoc::openapi()).unwrap_or_default();
    doc["x-close-codes"] = CLOSE_CODES
        .iter()
        .map(|(name, code)| (name.to_string(), serde_json::json!(code)))
        .collect::<serde_json::Map<_, _>>()
        .into();
    // How many points of each diagnostics series a snapshot keeps: the web keeps as many.
    doc["x-series-points"] = serde_json::json!(crate::live::SERIES_POINTS);
    // The series of the dose under way: the web folds the scale's readings into it as the stream does.
    doc["x-dosing-series"] = serde_json::json!(crate::live::DOSING_SERIES);
    doc["paths"] = serde_json::json!({});
    doc
}
