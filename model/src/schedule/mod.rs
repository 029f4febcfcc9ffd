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
/// plant's batch events only ([`Status::after_batches`]); the user's moves are
/// [`Status::user_targets`]. Every rule of the life cycle is here: the stores write what these
/// decide, and each order record tells its caller what it allows ([`Allowed`]).
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

    /// Where the plant's batches take an order in `self` that wants `batches`, given what its
    /// batch records say now: its last batch completed → COMPLETED (from RELEASED, RUNNING or
    /// ON_HOLD: a held order whose batch in progress was its last is finished); a batch
    /// started → RUNNING (from RELEASED only: a hold stays a hold until a user resumes it).
    /// Any other status is kept: a planned order is not the plant's yet, and a cancelled or
    /// aborted one stays so whatever a late event says. Idempotent: counted, not added up.
    pub fn after_batches(self, batches: i32, made: Made) -> Status {
        match self {
            Status::Released | Status::Running | Status::OnHold if made.done >= batches => {
                Status::Completed
            }
            Status::Released if made.running > 0 => Status::Running,
            s => s,
        }
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

/// What an order's batch records say: batches completed and batches running.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Made {
    pub done: i32,
    pub running: i32,
}

/// What a user may do with an order now, carried by every order record so that no screen
/// keeps a rule of its own.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Allowed {
    /// The statuses a user may move it to ([`Status::user_targets`]).
    pub transitions: Vec<Status>,
    /// Its fields may be changed: a planned production order (a flush is placed, not edited;
    /// anything released belongs to the plant).
    pub editable: bool,
    /// It may be deleted: anything but a running order (abort it first).
    pub deletable: bool,
    /// It is on the order board ([`Status::on_board`]): the plant may change it at any moment.
    pub on_board: bool,
    /// A flush may be placed before it: not started (no batch completed) and not finished.
    pub takes_flush: bool,
}

impl Allowed {
    pub fn of(status: Status, kind: Kind, batches_done: i32) -> Allowed {
        Allowed {
            transitions: status.user_targets().to_vec(),
            editable: status == Status::Planned && kind == Kind::Production,
            deletable: status != Status::Running,
            on_board: status.on_board(),
            takes_flush: matches!(status, Status::Planned | Status::Released | Status::OnHold)
                && batches_done == 0,
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
    pub const ALL: [Kind; 2] = [Kind::Production, Kind::Flush];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Production => "PRODUCTION",
            Kind::Flush => "FLUSH",
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.as_str() == s)
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
    fn the_plants_batches_complete_an_order_and_start_only_a_released_one() {
        use Status::*;
        let made = |done, running| Made { done, running };
        // The last batch completed finishes an order the plant holds, whatever its move.
        for s in [Released, Running, OnHold] {
            assert_eq!(s.after_batches(3, made(3, 0)), Completed, "{s:?}");
            assert_eq!(s.after_batches(3, made(4, 0)), Completed, "{s:?}");
        }
        // A batch started makes a released order run; a hold stays a hold.
        assert_eq!(Released.after_batches(3, made(1, 1)), Running);
        assert_eq!(Released.after_batches(3, made(0, 0)), Released);
        assert_eq!(OnHold.after_batches(3, made(1, 1)), OnHold);
        assert_eq!(Running.after_batches(3, made(2, 0)), Running);
        // Not the plant's, or finished: a late or stray event changes nothing.
        for s in [Planned, Cancelled, Aborted, Completed] {
            assert_eq!(s.after_batches(3, made(3, 1)), s, "{s:?}");
        }
        // Idempotent: the same counts again decide the same.
        let once = Released.after_batches(2, made(2, 0));
        assert_eq!(once.after_batches(2, made(2, 0)), once);
    }

    #[test]
    fn each_order_says_what_a_user_may_do_with_it() {
        use Status::*;
        let a = Allowed::of(Planned, Kind::Production, 0);
        assert!(a.editable && a.deletable && a.takes_flush && !a.on_board);
        assert_eq!(a.transitions, vec![Released, Cancelled]);
        assert!(!Allowed::of(Planned, Kind::Flush, 0).editable);
        let running = Allowed::of(Running, Kind::Production, 2);
        assert!(!running.editable && !running.deletable && !running.takes_flush);
        assert!(running.on_board);
        assert!(Allowed::of(OnHold, Kind::Production, 0).takes_flush);
        assert!(!Allowed::of(OnHold, Kind::Production, 1).takes_flush);
        for s in [Completed, Cancelled, Aborted] {
            let a = Allowed::of(s, Kind::Production, 0);
            assert!(a.deletable && !a.editable && !a.takes_flush && !a.on_board);
            assert!(a.transitions.is_empty());
        }
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
