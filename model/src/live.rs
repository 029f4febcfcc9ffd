//! The topics of the live WebSocket `/ws` (architecture §Live protocol) and who may subscribe
//! to each: the server enforces per topic what the screens enforce per route, so a user who may
//! not open the realtime diagnostics screen cannot read its data off the socket either.

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
}

impl<'a> Topic<'a> {
    /// The topic a client names, `None` when it names none.
    pub fn parse(topic: &'a str) -> Option<Topic<'a>> {
        match topic {
            "lines" => Some(Topic::Lines),
            "alarms" => Some(Topic::Alarms),
            "unknown-lines" => Some(Topic::UnknownLines),
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
            Topic::Lines | Topic::Alarms | Topic::Line(_) | Topic::Spc(_) => AccessRule::ANY,
            Topic::Diagnostics(_) | Topic::UnknownLines => AccessRule::REPORTS,
        }
    }
}

/// Example topics of every kind, for the access matrix and the protocol schema.
pub const TOPIC_EXAMPLES: [&str; 6] = [
    "lines",
    "alarms",
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
