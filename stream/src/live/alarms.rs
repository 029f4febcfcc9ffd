//! A line's alarm points (issue 34, decision 111): the points on the alarm board, overlaid by
//! the plant's raises the board does not show yet, and what a tile counts of them.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use model::alarm::AlarmPoint;
use model::wire::{Alarm, AlarmState, Severity};
use serde::Serialize;

use super::{Changes, LineLive, MAX_OPEN_ALARMS};

/// An alarm point as consoles and wall displays see it (issue 34): the point on the alarm
/// board (`bus::alarms`), or — for a raise ingest has not stored yet — the plant's raise, so a
/// raised alarm shows without waiting for the database.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[schema(as = OpenAlarm)]
#[serde(rename_all = "camelCase")]
pub struct OpenAlarm {
    #[serde(flatten)]
    pub point: AlarmPoint,
    /// RAISED: not acknowledged; ACKED: acknowledged; CLEARED: off the board (remove it).
    pub state: AlarmState,
    /// When it was raised (`raisedAt`).
    pub time: DateTime<Utc>,
}

/// A time as Postgres stores it (to the microsecond): the board's times come from there.
fn stored(t: DateTime<Utc>) -> DateTime<Utc> {
    use chrono::SubsecRound;
    t.trunc_subsecs(6)
}

impl OpenAlarm {
    fn of(point: AlarmPoint) -> OpenAlarm {
        OpenAlarm {
            state: if point.acknowledged {
                AlarmState::Acked
            } else {
                AlarmState::Raised
            },
            time: point.raised_at,
            point,
        }
    }
}

impl LineLive {
    /// The alarms annunciated now: not shelved, and active or unacknowledged.
    pub fn annunciated(&self) -> impl Iterator<Item = &OpenAlarm> {
        let now = Utc::now();
        self.alarms
            .values()
            .filter(move |a| a.point.annunciated(now))
    }

    /// Annunciated alarms nobody acknowledged yet.
    pub fn unacknowledged(&self) -> usize {
        self.annunciated().filter(|a| !a.point.acknowledged).count()
    }

    /// The newest annunciated critical alarm.
    pub fn newest_critical(&self) -> Option<&OpenAlarm> {
        self.annunciated()
            .filter(|a| a.point.severity == Severity::Critical)
            .max_by_key(|a| a.time)
    }

    /// Takes the line's points on the alarm board (by code); a raise heard from the plant
    /// stays shown until the board shows it (or a newer one).
    pub fn set_alarm_board(&mut self, board: BTreeMap<String, AlarmPoint>) -> Changes {
        self.board = board;
        let board = &self.board;
        self.raised.retain(|code, a| {
            board
                .get(code)
                .is_none_or(|b| b.id != a.point.id && b.raised_at < stored(a.time))
        });
        let mut c = Changes::default();
        self.show_alarms(&mut c);
        c
    }

    /// The points shown: the board's, each overlaid by a raise not on it yet; every point
    /// that changed (one that left with state CLEARED) goes into `c`.
    fn show_alarms(&mut self, c: &mut Changes) {
        let mut shown: BTreeMap<String, OpenAlarm> = self
            .board
            .iter()
            .map(|(code, p)| (code.clone(), OpenAlarm::of(p.clone())))
            .collect();
        for (code, a) in &self.raised {
            shown.insert(code.clone(), a.clone());
        }
        for (code, old) in &self.alarms {
            if !shown.contains_key(code) {
                c.alarms.push(OpenAlarm {
                    state: AlarmState::Cleared,
                    ..old.clone()
                });
            }
        }
        for (code, a) in &shown {
            if self.alarms.get(code) != Some(a) {
                c.alarms.push(a.clone());
            }
        }
        if !c.alarms.is_empty() {
            c.summary = true;
        }
        self.alarms = shown;
    }

    /// A plant's alarm event: a raise the board does not show yet is shown at once (the board
    /// follows once ingest stored it); a clear takes such a raise back. Everything else —
    /// returns, acknowledgements, shelves — comes with the board.
    pub(super) fn alarm(&mut self, s: &Alarm, c: &mut Changes) {
        self.touch(s.time);
        let board = self.board.get(&s.code);
        match s.state {
            AlarmState::Raised => {
                let known = board
                    .is_some_and(|b| b.id == s.id || b.raised_at >= stored(s.time) || b.active())
                    || self.raised.get(&s.code).is_some_and(|a| a.time >= s.time);
                if known {
                    return;
                }
                if !self.alarms.contains_key(&s.code) && self.alarms.len() >= MAX_OPEN_ALARMS {
                    metrics::counter!("stream_alarms_refused_total").increment(1);
                    return;
                }
                let point = AlarmPoint {
                    id: s.id,
                    line_id: self.line_id.clone(),
                    code: s.code.clone(),
                    severity: s.severity,
                    message: s.message.clone(),
                    batch_id: s.batch_id.clone(),
                    raised_at: s.time,
                    returned_at: None,
                    acknowledged: false,
                    unacknowledged: board.map_or(0, |b| b.unacknowledged) + 1,
                    acked_at: None,
                    acked_by: None,
                    controller_acked_at: None,
                    shelved_until: board.and_then(|b| b.shelved_until),
                    shelved_by: board.and_then(|b| b.shelved_by.clone()),
                    shelve_reason: board.and_then(|b| b.shelve_reason.clone()),
                    comments: Vec::new(),
                };
                self.raised.insert(s.code.clone(), OpenAlarm::of(point));
            }
            AlarmState::Cleared => {
                if self.raised.get(&s.code).is_none_or(|a| a.time > s.time) {
                    return;
                }
                self.raised.remove(&s.code);
            }
            AlarmState::Acked => return,
        }
        self.show_alarms(c);
    }
}
