//! The bins of a simulated line, kept as a real intake keeps them: each bin holds at most its
//! configured capacity, is refilled before a dose would take it below its refill level (never
//! run empty, never filled above capacity), and every level it reports is the previous level
//! plus the movement — so the bin history reconciles (opening + filled − dosed = closing). A
//! line starts from the last level its bins reported, so a restarted simulator carries on.

use std::collections::HashMap;

use model::wire::BinMovementKind;

/// The capacity of a bin the configuration does not know (generated lines `L1..Ln`).
pub const DEFAULT_CAPACITY_KG: f64 = 25_000.0;
/// Below this share of its capacity a bin is refilled before the next dose.
const REFILL_BELOW: f64 = 0.15;
/// A refill brings the bin to this share of its capacity.
const REFILL_TO: f64 = 0.9;
/// A bin with no level reported yet starts this full.
const START_AT: f64 = 0.8;

/// A configured bin: its code, capacity and last reported level.
#[derive(Debug, Clone, PartialEq)]
pub struct BinStart {
    pub code: String,
    pub capacity_kg: f64,
    pub level_kg: Option<f64>,
}

/// One movement of a bin: its kind, change of level and the level after it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Move {
    pub kind: BinMovementKind,
    pub delta_kg: f64,
    pub level_kg: f64,
}

/// Rows of `(line id, bin code, capacity, last level)` (`db::config::line_bins`) as each
/// line's bins.
pub fn by_line(rows: Vec<(String, String, f64, Option<f64>)>) -> HashMap<String, Vec<BinStart>> {
    let mut lines: HashMap<String, Vec<BinStart>> = HashMap::new();
    for (line, code, capacity_kg, level_kg) in rows {
        lines.entry(line).or_default().push(BinStart {
            code,
            capacity_kg,
            level_kg,
        });
    }
    lines
}

#[derive(Debug, Clone, Default)]
pub struct Bins {
    capacity: HashMap<String, f64>,
    level: HashMap<String, f64>,
}

impl Bins {
    pub fn new(known: &[BinStart]) -> Self {
        let mut bins = Bins::default();
        for b in known {
            let cap = if b.capacity_kg > 0.0 {
                b.capacity_kg
            } else {
                DEFAULT_CAPACITY_KG
            };
            bins.capacity.insert(b.code.clone(), cap);
            if let Some(level) = b.level_kg.filter(|l| l.is_finite()) {
                bins.level.insert(b.code.clone(), level.clamp(0.0, cap));
            }
        }
        bins
    }

    fn capacity(&self, bin: &str) -> f64 {
        self.capacity
            .get(bin)
            .copied()
            .unwrap_or(DEFAULT_CAPACITY_KG)
    }

    /// The level of `bin` now.
    pub fn level(&self, bin: &str) -> f64 {
        self.level
            .get(bin)
            .copied()
            .unwrap_or_else(|| self.capacity(bin) * START_AT)
    }

    /// Takes `kg` out of `bin`: a refill first when the dose would take it below its refill
    /// level, and, for a dose larger than the bin holds (a hand-add station), the dose in parts
    /// with a refill between them. The doses add up to `kg`.
    pub fn take(&mut self, bin: &str, kg: f64) -> Vec<Move> {
        let cap = self.capacity(bin);
        let mut level = self.level(bin);
        let mut left = kg.max(0.0);
        let mut moves = Vec::new();
        loop {
            if level - left < cap * REFILL_BELOW && level < cap * REFILL_TO {
                let fill = cap * REFILL_TO - level;
                level += fill;
                moves.push(Move {
                    kind: BinMovementKind::Fill,
                    delta_kg: fill,
                    level_kg: level,
                });
            }
            let dose = left.min(level);
            level -= dose;
            left -= dose;
            moves.push(Move {
                kind: BinMovementKind::Dose,
                delta_kg: -dose,
                level_kg: level,
            });
            if left <= 1e-9 {
                break;
            }
        }
        self.level.insert(bin.to_string(), level);
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(code: &str, capacity_kg: f64, level_kg: Option<f64>) -> BinStart {
        BinStart {
            code: code.into(),
            capacity_kg,
            level_kg,
        }
    }

    /// Every reported level is the previous one plus the movement, and within capacity.
    fn assert_reconciles(bins: &Bins, bin: &str, opening: f64, moves: &[Move]) {
        let mut level = opening;
        for m in moves {
            level += m.delta_kg;
            assert!((level - m.level_kg).abs() < 1e-6, "{moves:?}");
            assert!(m.level_kg >= -1e-9 && m.level_kg <= bins.capacity(bin) + 1e-9);
        }
    }

    #[test]
    fn a_bin_is_refilled_before_it_runs_low_and_never_above_capacity() {
        let mut bins = Bins::new(&[start("PREMIX", 500.0, Some(120.0))]);
        let mut dosed = 0.0;
        for _ in 0..200 {
            let before = bins.level("PREMIX");
            let moves = bins.take("PREMIX", 37.5);
            assert_reconciles(&bins, "PREMIX", before, &moves);
            dosed -= moves
                .iter()
                .filter(|m| m.kind == BinMovementKind::Dose)
                .map(|m| m.delta_kg)
                .sum::<f64>();
        }
        assert!((dosed - 200.0 * 37.5).abs() < 1e-6);
    }

    #[test]
    fn a_dose_larger_than_the_bin_is_taken_in_parts() {
        let mut bins = Bins::new(&[start("HAND", 100.0, None)]);
        assert_eq!(bins.level("HAND"), 80.0);
        let moves = bins.take("HAND", 250.0);
        assert_reconciles(&bins, "HAND", 80.0, &moves);
        let doses: f64 = moves
            .iter()
            .filter(|m| m.kind == BinMovementKind::Dose)
            .map(|m| -m.delta_kg)
            .sum();
        assert!((doses - 250.0).abs() < 1e-9, "{moves:?}");
    }

    #[test]
    fn a_line_carries_on_from_the_last_level_reported() {
        let mut bins = Bins::new(&[start("BIN-01", 40_000.0, Some(12_345.0))]);
        let moves = bins.take("BIN-01", 1_000.0);
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].level_kg, 11_345.0);
        // Unknown bins have the default capacity; a level above capacity is taken as full.
        let bins = Bins::new(&[start("OVER", 500.0, Some(19_920.0))]);
        assert_eq!(bins.level("OVER"), 500.0);
        assert_eq!(Bins::new(&[]).level("X"), DEFAULT_CAPACITY_KG * START_AT);
    }
}
