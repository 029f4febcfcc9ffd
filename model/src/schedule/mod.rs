//! Production scheduling (docs/domain.md "Production schedules"): an order's status life cycle
//! ([`Status`]), the carry-over guard between medication classes ([`carry`]), the frozen control
//! recipe a line runs ([`control`]) and the order board the line controllers read ([`board`]).
//! Pure: the api and ingest load and store, this module judges.

pub mod board;
pub mod carry;
pub mod control;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Where an order stands.
///
/// PLANNED → RELEASED → RUNNING → COMPLETED; RELEASED or RUNNING → ON_HOLD → RELEASED;
/// PLANNED or RELEASED → CANCELLED; RUNNING → ABORTED. RUNNING and COMPLETED come from the
/// plant's batch events only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[schema(as = ScheduleStatus)]
pub enum Status {
    Planned,
    Released,
    Running,
    OnHold,
    Completed,
    Cancelled,
    Aborted,
}

impl Status {
    pub const ALL: [Status; 7] = [
        Status::Planned,
        Status::Released,
        Status::Running,
        Status::OnHold,
        Status::Completed,
        Status::Cancelled,
        Status::Aborted,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Planned => "PLANNED",
            Status::Released => "RELEASED",
            Status::Running => "RUNNING",
            Status::OnHold => "ON_HOLD",
            Status::Completed => "COMPLETED",
            Status::Cancelled => "CANCELLED",
            Status::Aborted => "ABORTED",
        }
    }

    pub fn parse(s: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|v| v.as_str() == s)
    }

    /// The statuses a user may move an order to from `self` (the plant's own transitions,
    /// to RUNNING and COMPLETED, are not among them).
    pub fn user_targets(self) -> &'static [Status] {
        match self {
            Status::Planned => &[Status::Released, Status::Cancelled],
            Status::Released => &[Status::OnHold, Status::Cancelled],
            Status::Running => &[Status::OnHold, Status::Aborted],
            Status::OnHold => &[Status::Released],
            Status::Completed | Status::Cancelled | Status::Aborted => &[],
        }
    }

    /// True when a user may move an order from `self` to `to`.
    pub fn user_may(self, to: Status) -> bool {
        self.user_targets().contains(&to)
    }

    /// On the order board: released to the plant and not finished.
    pub fn on_board(self) -> bool {
        matches!(self, Status::Released | Status::Running | Status::OnHold)
    }

    /// Finished for good.
    pub fn is_final(self) -> bool {
        matches!(
            self,
            Status::Completed | Status::Cancelled | Status::Aborted
        )
    }

    /// The i18n key of the status's name.
    pub fn msg_key(self) -> &'static str {
        match self {
            Status::Planned => "schedule.status.PLANNED",
            Status::Released => "schedule.status.RELEASED",
            Status::Running => "schedule.status.RUNNING",
            Status::OnHold => "schedule.status.ON_HOLD",
            Status::Completed => "schedule.status.COMPLETED",
            Status::Cancelled => "schedule.status.CANCELLED",
            Status::Aborted => "schedule.status.ABORTED",
        }
    }
}

/// What an order makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "UPPERCASE")]
#[schema(as = ScheduleKind)]
pub enum Kind {
    /// Batches of a recipe.
    Production,
    /// One batch of the line's flush material, between two orders whose classes may not follow
    /// each other directly.
    Flush,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Production => "PRODUCTION",
            Kind::Flush => "FLUSH",
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        [Kind::Production, Kind::Flush]
            .into_iter()
            .find(|k| k.as_str() == s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_life_cycle_allows_exactly_the_issues_transitions() {
        use Status::*;
        let allowed = [
            (Planned, Released),
            (Planned, Cancelled),
            (Released, OnHold),
            (Released, Cancelled),
            (Running, OnHold),
            (Running, Aborted),
            (OnHold, Released),
        ];
        for from in Status::ALL {
            for to in Status::ALL {
                assert_eq!(
                    from.user_may(to),
                    allowed.contains(&(from, to)),
                    "{from:?} → {to:?}"
                );
            }
        }
        // The plant's own moves are never a user's.
        assert!(
            Status::ALL
                .iter()
                .all(|s| !s.user_may(Running) && !s.user_may(Completed))
        );
    }

    #[test]
    fn statuses_read_back_from_their_names() {
        for s in Status::ALL {
            assert_eq!(Status::parse(s.as_str()), Some(s));
            assert_eq!(serde_json::to_value(s).unwrap(), s.as_str());
        }
        assert_eq!(Status::parse("DONE"), None);
        assert_eq!(Kind::parse("FLUSH"), Some(Kind::Flush));
    }
}
