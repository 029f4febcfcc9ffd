//! Alarm handling the ISA-18.2 / IEC 62682 way (issue 34, decision 111): an alarm point (a
//! line's alarm code) is active or returned, unacknowledged or acknowledged, and may be
//! shelved for a time. [`AlarmPoint`] is a point as the console, the wall display and the
//! controllers see it; the alarm board (`bus::alarms`) carries one per point that is active,
//! unacknowledged or shelved.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::wire::Severity;

/// The longest a point may be shelved, in minutes (12 hours: a shift and its handover).
pub const SHELVE_MAX_MINUTES: i64 = 720;
/// The longest reason for shelving, in characters.
pub const SHELVE_REASON_MAX: usize = 200;
/// The longest comment, in characters.
pub const COMMENT_MAX: usize = 1_000;
/// The comments a point carries (its newest occurrence's, newest first).
pub const COMMENTS_KEPT: i64 = 20;
/// The most ids one acknowledgement takes.
pub const ACK_MAX_IDS: usize = 1_000;

/// How urgent a severity is: critical 2, warning 1, info 0 (a console lists critical first).
pub fn rank(s: Severity) -> u8 {
    match s {
        Severity::Critical => 2,
        Severity::Warning => 1,
        Severity::Info => 0,
    }
}

/// An operator's note on an alarm.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlarmComment {
    pub at: DateTime<Utc>,
    pub author: String,
    pub text: String,
}

/// An alarm point now: its newest occurrence and how it is handled.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlarmPoint {
    /// The newest occurrence's id (the raising event's).
    pub id: Uuid,
    pub line_id: String,
    pub code: String,
    pub severity: Severity,
    /// The text the plant raised it with.
    pub message: String,
    pub batch_id: Option<String>,
    pub raised_at: DateTime<Utc>,
    /// When the plant cleared it; `null` while active.
    pub returned_at: Option<DateTime<Utc>>,
    /// Whether every occurrence of the point is acknowledged.
    pub acknowledged: bool,
    /// How many of its occurrences nobody acknowledged yet (a chattering point counts each).
    pub unacknowledged: i64,
    /// When the newest occurrence was acknowledged, and by whom (`null`: at the controller).
    pub acked_at: Option<DateTime<Utc>>,
    pub acked_by: Option<String>,
    /// When the controller said the newest occurrence was acknowledged there.
    pub controller_acked_at: Option<DateTime<Utc>>,
    /// Until when the point is shelved; `null` when it is not.
    pub shelved_until: Option<DateTime<Utc>>,
    pub shelved_by: Option<String>,
    pub shelve_reason: Option<String>,
    /// The newest occurrence's comments, newest first (at most [`COMMENTS_KEPT`]).
    #[serde(default)]
    pub comments: Vec<AlarmComment>,
}

impl AlarmPoint {
    /// Active: raised and not cleared by the plant.
    pub fn active(&self) -> bool {
        self.returned_at.is_none()
    }

    /// Shelved at `now`.
    pub fn shelved(&self, now: DateTime<Utc>) -> bool {
        self.shelved_until.is_some_and(|u| u > now)
    }

    /// Annunciated at `now`: not shelved, and active or unacknowledged.
    pub fn annunciated(&self, now: DateTime<Utc>) -> bool {
        !self.shelved(now) && (self.active() || !self.acknowledged)
    }

    /// Whether the point belongs on the board at `now`: active, unacknowledged or shelved.
    pub fn on_board(&self, now: DateTime<Utc>) -> bool {
        self.active() || !self.acknowledged || self.shelved(now)
    }

    /// Acknowledged in Batchline by a user and not yet confirmed by the controller: what a
    /// controller that follows the board applies.
    pub fn ack_for_controller(&self) -> bool {
        self.acknowledged && self.acked_by.is_some() && self.controller_acked_at.is_none()
    }
}
