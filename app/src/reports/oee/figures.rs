//! The sums OEE is computed from and its factors (definitions in the module above).

use chrono::{DateTime, Utc};
use db::oee::{Piece, StateTimes};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The sums OEE is computed from, and its factors (fractions, 0..1; performance may pass 1 when
/// an ideal rate is set too low).
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OeeFigures {
    /// The shifts' time so far, s.
    pub shift_s: f64,
    /// Stopped for a planned reason, s.
    pub planned_stop_s: f64,
    /// Planned production time: the shifts' time less the planned stops, s.
    pub planned_s: f64,
    pub running_s: f64,
    pub idle_s: f64,
    /// Stopped for an unplanned reason or none, or in fault, s.
    pub unplanned_stop_s: f64,
    /// Before the line reported any state, s.
    pub unknown_s: f64,
    /// Batches ended.
    pub batches: i64,
    pub actual_kg: f64,
    /// Of batches not aborted with every dose in tolerance.
    pub good_kg: f64,
    /// Made without an ideal rate (the group then has no performance).
    pub unrated_kg: f64,
    /// The time the output takes at its ideal rates, s.
    pub ideal_s: f64,
    pub availability: Option<f64>,
    pub performance: Option<f64>,
    pub quality: Option<f64>,
    pub oee: Option<f64>,
    #[serde(skip)]
    rated_kg: f64,
}

impl OeeFigures {
    pub(super) fn add_times(&mut self, shift_s: f64, t: &StateTimes) {
        self.shift_s += shift_s;
        self.planned_stop_s += t.planned_s;
        self.running_s += t.running_s;
        self.idle_s += t.idle_s;
        self.unplanned_stop_s += t.unplanned_s;
    }

    pub(super) fn add_output(&mut self, r: &db::reports::BatchRow) {
        self.batches += r.batches;
        self.actual_kg += r.actual_kg;
        self.good_kg += r.good_kg;
        self.ideal_s += r.ideal_s;
        self.rated_kg += r.rated_kg;
    }

    pub(super) fn add(&mut self, o: &OeeFigures) {
        self.shift_s += o.shift_s;
        self.planned_stop_s += o.planned_stop_s;
        self.running_s += o.running_s;
        self.idle_s += o.idle_s;
        self.unplanned_stop_s += o.unplanned_stop_s;
        self.batches += o.batches;
        self.actual_kg += o.actual_kg;
        self.good_kg += o.good_kg;
        self.ideal_s += o.ideal_s;
        self.rated_kg += o.rated_kg;
    }

    /// The sums of piece `[f, t)` of line `line`, read after snapshot `snap`, to keep.
    pub(super) fn piece(
        &self,
        line: &str,
        f: DateTime<Utc>,
        t: DateTime<Utc>,
        snap: &str,
    ) -> Piece {
        Piece {
            line_id: line.to_string(),
            f,
            t,
            shift_s: self.shift_s,
            planned_stop_s: self.planned_stop_s,
            running_s: self.running_s,
            idle_s: self.idle_s,
            unplanned_stop_s: self.unplanned_stop_s,
            batches: self.batches,
            actual_kg: self.actual_kg,
            good_kg: self.good_kg,
            ideal_s: self.ideal_s,
            rated_kg: self.rated_kg,
            snap: snap.to_string(),
        }
    }

    /// The sums of a piece kept.
    pub(super) fn of_piece(p: &Piece) -> OeeFigures {
        OeeFigures {
            shift_s: p.shift_s,
            planned_stop_s: p.planned_stop_s,
            running_s: p.running_s,
            idle_s: p.idle_s,
            unplanned_stop_s: p.unplanned_stop_s,
            batches: p.batches,
            actual_kg: p.actual_kg,
            good_kg: p.good_kg,
            ideal_s: p.ideal_s,
            rated_kg: p.rated_kg,
            ..OeeFigures::default()
        }
    }

    /// Computes the derived times and the factors from the sums.
    pub(super) fn finish(&mut self) {
        // Sums of float seconds: below a millisecond is rounding, not time.
        let some = |x: f64| x > 1e-3;
        let known = self.running_s + self.idle_s + self.planned_stop_s + self.unplanned_stop_s;
        self.unknown_s = (self.shift_s - known).max(0.0);
        self.planned_s = (self.shift_s - self.planned_stop_s).max(0.0);
        self.unrated_kg = (self.actual_kg - self.rated_kg).max(0.0);
        if self.unrated_kg < 1e-6 * self.actual_kg.abs().max(1.0) {
            self.unrated_kg = 0.0;
        }
        // No state known at all: the line does not report its states, nothing to measure.
        self.availability = (some(self.planned_s) && some(known))
            .then(|| (self.running_s / self.planned_s).min(1.0));
        self.performance =
            (some(self.running_s) && self.unrated_kg == 0.0).then(|| self.ideal_s / self.running_s);
        self.quality = (self.actual_kg > 0.0).then(|| self.good_kg / self.actual_kg);
        self.oee = match (self.availability, self.performance, self.quality) {
            (Some(a), Some(p), Some(q)) => Some(a * p * q),
            // Planned, and did not run or made nothing while it ran.
            (Some(a), p, _) if a == 0.0 || p == Some(0.0) => Some(0.0),
            _ => None,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_factors_follow_their_definitions() {
        let mut f = OeeFigures {
            shift_s: 8.0 * 3600.0,
            planned_stop_s: 3600.0,
            running_s: 6.0 * 3600.0,
            idle_s: 1800.0,
            unplanned_stop_s: 1800.0,
            actual_kg: 40_000.0,
            good_kg: 38_000.0,
            ideal_s: 4.8 * 3600.0,
            rated_kg: 40_000.0,
            ..OeeFigures::default()
        };
        f.finish();
        assert_eq!(f.planned_s, 7.0 * 3600.0);
        assert_eq!(f.unknown_s, 0.0);
        assert_eq!(f.availability, Some(6.0 / 7.0));
        assert_eq!(f.performance, Some(0.8));
        assert_eq!(f.quality, Some(0.95));
        let oee = f.oee.unwrap();
        assert!((oee - 6.0 / 7.0 * 0.8 * 0.95).abs() < 1e-12);
        // Output made without a rate: no performance, no OEE.
        let mut g = OeeFigures {
            rated_kg: 30_000.0,
            ..f.clone()
        };
        g.finish();
        assert_eq!(g.unrated_kg, 10_000.0);
        assert_eq!((g.performance, g.oee), (None, None));
        // Planned and never ran: OEE 0.
        let mut h = OeeFigures {
            shift_s: 3600.0,
            idle_s: 3600.0,
            ..OeeFigures::default()
        };
        h.finish();
        assert_eq!(
            (h.availability, h.performance, h.quality, h.oee),
            (Some(0.0), None, None, Some(0.0))
        );
        // A line that reports no states: nothing measured.
        let mut n = OeeFigures {
            shift_s: 3600.0,
            ..OeeFigures::default()
        };
        n.finish();
        assert_eq!((n.availability, n.oee), (None, None));
    }
}
