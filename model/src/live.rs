//! The topics of the live WebSocket `/ws` (architecture §Live protocol) and who may subscribe
//! to each: the server enforces per topic what the screens enforce per route, so a user who may
//! not open the realtime diagnostics screen cannot read its data off the socket either.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::access::AccessRule;
use crate::wire::valid_line_id;

/// A live topic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Topic<'a> {
    /// `lines`: the state of every line (the dashboard).
    Lines,
    /// `alarms`: open alarms of every line.
    Alarms,
    /// `line:<id>`: a line's state, running batch, progress and open alarms.
    Line(&'a str),
    /// `line:<id>:diagnostics`: live process values of a line's running batch.
    Diagnostics(&'a str),
    /// `line:<id>:spc`: the run-rule violations of the line's completed batches, as ingest
    /// finds them (the dashboard tile and the SPC screen).
    Spc(&'a str),
    /// `unknown-lines`: data from line ids no configured line has (the realtime diagnostics
    /// screen): they are stored, but no tile shows them.
    UnknownLines,
    /// `events`: the plant's events in order — alarms raised, cleared and acknowledged,
    /// batches started and ended, SPC violations, connections changing state — each with its
    /// [`Position`], from which a client that reconnects resumes (issue 36).
    Events,
}

/// Where an event stands in the plant's event log (the `EVENTS` stream): its `offset` (the
/// stream's sequence number) within an `epoch` (the stream's creation; a new stream starts
/// the offsets again). A client keeps the last it saw and resumes from it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Position {
    pub epoch: String,
    pub offset: u64,
}

/// One event of the plant, as ingest (alarms, batches, SPC violations) or a connector
/// (connections) published it once it was stored or seen.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum LiveEvent {
    /// An alarm raised, cleared or acknowledged on the line.
    #[serde(rename_all = "camelCase")]
    Alarm {
        line_id: String,
        alarm: crate::wire::Alarm,
    },
    /// A batch started or ended.
    #[serde(rename_all = "camelCase")]
    Batch {
        line_id: String,
        batch: crate::wire::BatchEvent,
    },
    /// A run rule broken on an SPC chart.
    #[serde(rename_all = "camelCase")]
    Spc {
        violation: crate::spc::KeptViolation,
    },
    /// A plant connection changed state.
    #[serde(rename_all = "camelCase")]
    Connection {
        connection_id: Uuid,
        line_id: Uuid,
        name: String,
        state: crate::connect::ConnectionState,
        since: Option<DateTime<Utc>>,
    },
}

impl LiveEvent {
    /// The id that makes publishing it twice a no-op (the `Nats-Msg-Id`): the sample's, the
    /// violation's point and rule, the connection's state and since.
    pub fn id(&self) -> String {
        match self {
            LiveEvent::Alarm { alarm, .. } => format!("alarm-{}", alarm.id),
            LiveEvent::Batch { batch, .. } => format!("batch-{}", batch.id),
            LiveEvent::Spc { violation: v } => format!(
                "spc-{}-{}-{}-{}-{:?}",
                v.set_id,
                v.batch_id,
                v.point_seq,
                v.point_at.timestamp_micros(),
                v.rule
            ),
            LiveEvent::Connection {
                connection_id,
                state,
                since,
                ..
            } => format!(
                "connection-{connection_id}-{}-{}",
                state.as_str(),
                since.map_or(0, |s| s.timestamp_micros())
            ),
        }
    }

    /// The line it happened on, as its id (a connection's line is a configured line's uuid).
    pub fn line_id(&self) -> String {
        match self {
            LiveEvent::Alarm { line_id, .. } | LiveEvent::Batch { line_id, .. } => line_id.clone(),
            LiveEvent::Spc { violation } => violation.line_id.clone(),
            LiveEvent::Connection { line_id, .. } => line_id.to_string(),
        }
    }
}

impl<'a> Topic<'a> {
    /// The topic a client names, `None` when it names none.
    pub fn parse(topic: &'a str) -> Option<Topic<'a>> {
        match topic {
            "lines" => Some(Topic::Lines),
            "alarms" => Some(Topic::Alarms),
            "unknown-lines" => Some(Topic::UnknownLines),
            "events" => Some(Topic::Events),
            t => {
                let rest = t.strip_prefix("line:")?;
                let (id, topic): (&str, fn(&'a str) -> Topic<'a>) =
                    if let Some(id) = rest.strip_suffix(":diagnostics") {
                        (id, Topic::Diagnostics)
                    } else if let Some(id) = rest.strip_suffix(":spc") {
                        (id, Topic::Spc)
                    } else {
                        (rest, Topic::Line)
                    };
                valid_line_id(id).then(|| topic(id))
            }
        }
    }

    /// Who may subscribe: the rule of the screen that shows the topic (the dashboard for the
    /// line states and alarms, the realtime diagnostics report for process values and data
    /// from unknown line ids).
    pub fn rule(self) -> AccessRule {
        match self {
            Topic::Lines | Topic::Alarms | Topic::Line(_) | Topic::Spc(_) | Topic::Events => {
                AccessRule::ANY
            }
            Topic::Diagnostics(_) | Topic::UnknownLines => AccessRule::REPORTS,
        }
    }
}

/// Example topics of every kind, for the access matrix and the protocol schema.
pub const TOPIC_EXAMPLES: [&str; 7] = [
    "lines",
    "alarms",
    "events",
    "unknown-lines",
    "line:L1",
    "line:L1:diagnostics",
    "line:L1:spc",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Role;

    #[test]
    fn topics_parse_and_junk_does_not() {
        assert_eq!(Topic::parse("lines"), Some(Topic::Lines));
        assert_eq!(Topic::parse("line:L1"), Some(Topic::Line("L1")));
        assert_eq!(
            Topic::parse("line:L1:diagnostics"),
            Some(Topic::Diagnostics("L1"))
        );
        assert_eq!(Topic::parse("line:L1:spc"), Some(Topic::Spc("L1")));
        assert_eq!(Topic::parse("unknown-lines"), Some(Topic::UnknownLines));
        assert_eq!(Topic::parse("events"), Some(Topic::Events));
        for junk in ["", "line:", "line:a.b", "line:L1:other", "everything"] {
            assert_eq!(Topic::parse(junk), None, "{junk}");
        }
    }

    #[test]
    fn diagnostics_and_unknown_lines_need_a_reports_privilege_and_the_rest_is_open_to_every_user() {
        let reports = vec!["REPORTS_READ".to_string()];
        let config = vec!["CONFIGURATOR_READ".to_string()];
        for t in TOPIC_EXAMPLES {
            let rule = Topic::parse(t).unwrap().rule();
            let diagnostics = t.ends_with(":diagnostics") || t == "unknown-lines";
            assert!(rule.allows(Role::Privilege, &reports), "{t}");
            assert_eq!(rule.allows(Role::Privilege, &config), !diagnostics, "{t}");
            assert_eq!(rule.allows(Role::Privilege, &[]), !diagnostics, "{t}");
            assert!(rule.allows(Role::Admin, &[]), "{t}");
            assert!(rule.allows(Role::Super, &[]), "{t}");
        }
    }
}
