//! The bins of a simulated line, kept as a real intake keeps them: each bin holds at most its
//! configured capacity, is refilled before a dose would take it below its refill level (never
//! run empty, never filled above capacity), and every level it reports is the previous level
//! plus the movement — so the bin history reconciles (opening + filled − dosed = closing). A
//! line starts from the last level its bins reported, so a restarted simulator carries on.
//! Each bin also holds its lots, portion by portion, oldest first (issue 33): a fill adds a
//! portion of the lot it names, a dose takes from the oldest, so a dose carries the lot really
//! in the bin.

use std::collections::{HashMap, VecDeque};

use model::wire::BinMovementKind;

/// The capacity of a bin the configuration does not know (generated lines `L1..Ln`).
pub const DEFAULT_CAPACITY_KG: f64 = 25_000.0;
/// Below this share of its capacity a bin is refilled before the next dose.
const REFILL_BELOW: f64 = 0.15;
/// A refill brings the bin to this share of its capacity.
const REFILL_TO: f64 = 0.9;
/// A bin with no level reported yet starts this full.
const START_AT: f64 = 0.8;

/// A configured bin: its code, capacity and last reported level, and the lots it holds
/// (oldest first, none: a portion of no known lot) as the database keeps them.
#[derive(Debug, Clone, PartialEq)]
pub struct BinStart {
    pub code: String,
    pub capacity_kg: f64,
    pub level_kg: Option<f64>,
    pub lots: Vec<(Option<String>, f64)>,
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
            lots: Vec::new(),
        });
    }
    lines
}

/// Adds rows of `(line id, bin code, lot number, kg left)` (`db::lots::held_portions`, oldest
/// first) to the bins of `lines`.
pub fn with_lots(
    lines: &mut HashMap<String, Vec<BinStart>>,
    rows: Vec<(String, String, Option<String>, f64)>,
) {
    for (line, bin, lot, kg) in rows {
        if let Some(b) = lines
            .get_mut(&line)
            .and_then(|bins| bins.iter_mut().find(|b| b.code.eq_ignore_ascii_case(&bin)))
        {
            b.lots.push((lot, kg));
        }
    }
}

/// One portion of a bin: its lot (none: not known), its material (none: any, what was there
/// before) and the kilograms left of it.
type Portion = (Option<String>, Option<String>, f64);

#[derive(Debug, Clone, Default)]
pub struct Bins {
    capacity: HashMap<String, f64>,
    level: HashMap<String, f64>,
    /// The lots of the bins touched so far; they add up to the level.
    portions: HashMap<String, VecDeque<Portion>>,
    /// Bins with no level reported start empty (history with goods-in: the first dose fills the
    /// bin with a received lot) rather than `START_AT` full of no known lot.
    empty_start: bool,
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
            if !b.lots.is_empty() {
                let level = bins.level(&b.code);
                bins.portions
                    .insert(b.code.clone(), matched(&b.lots, level));
            }
        }
        bins
    }

    /// Bins with no level reported start empty: their first dose fills them first, with a lot.
    pub fn starting_empty(mut self) -> Self {
        self.empty_start = true;
        self
    }

    /// The portions of `bin`, started as one of no known lot at its level.
    fn portions(&mut self, bin: &str) -> &mut VecDeque<Portion> {
        let level = self.level(bin);
        self.portions.entry(bin.to_string()).or_insert_with(|| {
            let mut q = VecDeque::new();
            if level > 0.0 {
                q.push_back((None, None, level));
            }
            q
        })
    }

    /// How much to put into `bin` before a dose of `kg`: what brings it to its refill level
    /// when the dose would take it below its refill level (none: no refill).
    pub fn refill_before(&self, bin: &str, kg: f64) -> Option<f64> {
        let cap = self.capacity(bin);
        let level = self.level(bin);
        (level - kg.max(0.0) < cap * REFILL_BELOW && level < cap * REFILL_TO)
            .then_some(cap * REFILL_TO - level)
    }

    /// Puts `kg` of `lot` of `material` into `bin` (at most up to its capacity); the movement.
    pub fn fill(&mut self, bin: &str, kg: f64, lot: Option<String>, material: &str) -> Move {
        let cap = self.capacity(bin);
        let level = self.level(bin);
        let kg = kg.max(0.0).min(cap - level).max(0.0);
        if kg > 0.0 {
            self.portions(bin)
                .push_back((lot, Some(material.to_string()), kg));
        }
        self.level.insert(bin.to_string(), level + kg);
        Move {
            kind: BinMovementKind::Fill,
            delta_kg: kg,
            level_kg: level + kg,
        }
    }

    /// The lot a dose of `material` from `bin` takes first: its oldest portion's of that
    /// material.
    pub fn next_lot(&mut self, bin: &str, material: &str) -> Option<String> {
        self.portions(bin)
            .iter()
            .find(|p| p.2 > 1e-9 && of(p, material))
            .and_then(|p| p.0.clone())
    }

    /// Takes `kg` of `material` from the portions of `bin`, oldest first.
    fn draw(&mut self, bin: &str, kg: f64, material: &str) {
        let mut left = kg;
        let q = self.portions(bin);
        for p in q.iter_mut().filter(|p| of(p, material)) {
            if left <= 1e-9 {
                break;
            }
            let take = left.min(p.2);
            p.2 -= take;
            left -= take;
        }
        q.retain(|p| p.2 > 1e-9);
    }

    fn capacity(&self, bin: &str) -> f64 {
        self.capacity
            .get(bin)
            .copied()
            .unwrap_or(DEFAULT_CAPACITY_KG)
    }

    /// The level of `bin` now.
    pub fn level(&self, bin: &str) -> f64 {
        self.level.get(bin).copied().unwrap_or_else(|| {
            if self.empty_start {
                0.0
            } else {
                self.capacity(bin) * START_AT
            }
        })
    }

    /// Takes `kg` out of `bin`: a refill first when the dose would take it below its refill
    /// level, and, for a dose larger than the bin holds (a hand-add station), the dose in parts
    /// with a refill between them. The doses add up to `kg`.
    pub fn take(&mut self, bin: &str, kg: f64, material: &str) -> Vec<Move> {
        let cap = self.capacity(bin);
        let mut level = self.level(bin);
        let mut left = kg.max(0.0);
        let mut moves = Vec::new();
        loop {
            if level - left < cap * REFILL_BELOW && level < cap * REFILL_TO {
                let fill = cap * REFILL_TO - level;
                level += fill;
                self.portions(bin)
                    .push_back((None, Some(material.to_string()), fill));
                moves.push(Move {
                    kind: BinMovementKind::Fill,
                    delta_kg: fill,
                    level_kg: level,
                });
            }
            let dose = left.min(level);
            level -= dose;
            left -= dose;
            self.draw(bin, dose, material);
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

/// Whether portion `p` is of `material` (a portion of no known material is of any).
fn of(p: &Portion, material: &str) -> bool {
    p.1.as_deref()
        .is_none_or(|m| m.eq_ignore_ascii_case(material))
}

/// `lots` (oldest first) made to add up to `level`: a shortfall is a portion of no known lot
/// at the front (what was there before lots were traced), an excess is taken off the oldest.
fn matched(lots: &[(Option<String>, f64)], level: f64) -> VecDeque<Portion> {
    let mut q: VecDeque<Portion> = lots.iter().map(|(l, kg)| (l.clone(), None, *kg)).collect();
    let held: f64 = q.iter().map(|p| p.2).sum();
    if level > held + 1e-6 {
        q.push_front((None, None, level - held));
    }
    let mut excess = held - level;
    while excess > 1e-9 {
        let Some(front) = q.front_mut() else { break };
        let take = excess.min(front.2);
        front.2 -= take;
        excess -= take;
        if front.2 <= 1e-9 {
            q.pop_front();
        }
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(code: &str, capacity_kg: f64, level_kg: Option<f64>) -> BinStart {
        BinStart {
            code: code.into(),
            capacity_kg,
            level_kg,
            lots: Vec::new(),
        }
    }

    #[test]
    fn doses_take_the_oldest_lot_and_a_fill_adds_a_portion() {
        let mut known = start("CORN", 4_000.0, Some(1_000.0));
        known.lots = vec![(Some("C-1".into()), 600.0)];
        let mut bins = Bins::new(&[known]);
        // 400 kg were there before lots were traced: they come first.
        assert_eq!(bins.next_lot("CORN", "CORN"), None);
        bins.take("CORN", 400.0, "CORN");
        assert_eq!(bins.next_lot("CORN", "CORN").as_deref(), Some("C-1"));
        assert_eq!(bins.refill_before("CORN", 500.0), Some(3_000.0));
        // Never above capacity.
        let m = bins.fill("CORN", 20_000.0, Some("C-2".into()), "CORN");
        assert_eq!((m.delta_kg, m.level_kg), (3_400.0, 4_000.0));
        bins.take("CORN", 600.0, "CORN");
        assert_eq!(bins.next_lot("CORN", "CORN").as_deref(), Some("C-2"));
        // A bin of two materials keeps each apart.
        bins.fill("CORN", 0.0, None, "CORN");
        assert_eq!(bins.next_lot("CORN", "SOY"), None);
        assert_eq!(bins.refill_before("CORN", 100.0), None);
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
            let moves = bins.take("PREMIX", 37.5, "PREMIX");
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
        let moves = bins.take("HAND", 250.0, "HAND");
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
        let moves = bins.take("BIN-01", 1_000.0, "CORN");
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].level_kg, 11_345.0);
        // Unknown bins have the default capacity; a level above capacity is taken as full.
        let bins = Bins::new(&[start("OVER", 500.0, Some(19_920.0))]);
        assert_eq!(bins.level("OVER"), 500.0);
        assert_eq!(Bins::new(&[]).level("X"), DEFAULT_CAPACITY_KG * START_AT);
        // History with goods-in starts a bin never reported empty: the first dose fills it.
        let mut empty = Bins::new(&[start("NEW", 1_000.0, None)]).starting_empty();
        assert_eq!(empty.level("NEW"), 0.0);
        let moves = empty.take("NEW", 100.0, "MAIZE");
        assert_eq!(moves[0].kind, BinMovementKind::Fill);
        assert_eq!(moves[0].delta_kg, 900.0);
        assert_eq!(empty.level("NEW"), 800.0);
    }
}
