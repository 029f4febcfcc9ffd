//! The carry-over guard: residues of a medicated or additive feed stay in the mixer and the
//! conveyors, so on each line a matrix says which medication class may follow which directly
//! and which needs a flush batch in between. Orders are judged in their line's queue order
//! (cancelled orders left out): two neighbours whose classes need a flush are a conflict; a
//! flush between them separates them.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::{Kind, Status};
use crate::recipe::MEDICATION_CLASSES;

/// Whether `to_class` may follow `from_class` without a flush.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rule {
    pub from_class: String,
    pub to_class: String,
    pub flush_required: bool,
}

/// A line's matrix: one rule per ordered pair of classes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Matrix {
    pub rules: Vec<Rule>,
}

/// The rank of a class: the higher, the stronger its residue.
fn rank(class: &str) -> usize {
    MEDICATION_CLASSES
        .iter()
        .position(|c| *c == class)
        .unwrap_or(0)
}

impl Default for Matrix {
    /// The usual sequencing rule of a feed mill: any class may follow a weaker or equal one, and
    /// after a coccidiostat or a medicated feed every weaker class needs a flush (an additive may
    /// be followed by plain feed).
    fn default() -> Self {
        let mut rules = Vec::new();
        for &from in MEDICATION_CLASSES {
            for &to in MEDICATION_CLASSES {
                rules.push(Rule {
                    from_class: from.into(),
                    to_class: to.into(),
                    flush_required: rank(to) < rank(from) && rank(from) >= rank("COCCIDIOSTAT"),
                });
            }
        }
        Matrix { rules }
    }
}

/// Why a matrix cannot be taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatrixError {
    /// A class that is not one of [`MEDICATION_CLASSES`] (index of the rule).
    UnknownClass(usize),
    /// A pair given twice (index of the second rule).
    Duplicate(usize),
}

impl Matrix {
    /// True when `to` may not follow `from` without a flush. A pair the matrix lacks needs none.
    pub fn flush_required(&self, from: &str, to: &str) -> bool {
        self.rules
            .iter()
            .any(|r| r.from_class == from && r.to_class == to && r.flush_required)
    }

    /// The matrix completed to every pair (a missing pair from the default), in class order;
    /// unknown classes and pairs given twice are refused.
    pub fn completed(&self) -> Result<Matrix, MatrixError> {
        for (i, r) in self.rules.iter().enumerate() {
            if !MEDICATION_CLASSES.contains(&r.from_class.as_str())
                || !MEDICATION_CLASSES.contains(&r.to_class.as_str())
            {
                return Err(MatrixError::UnknownClass(i));
            }
            if self.rules[..i]
                .iter()
                .any(|o| o.from_class == r.from_class && o.to_class == r.to_class)
            {
                return Err(MatrixError::Duplicate(i));
            }
        }
        let mut out = Matrix::default();
        for rule in out.rules.iter_mut() {
            if let Some(given) = self
                .rules
                .iter()
                .find(|r| r.from_class == rule.from_class && r.to_class == rule.to_class)
            {
                rule.flush_required = given.flush_required;
            }
        }
        Ok(out)
    }
}

/// An order as the guard sees it, in queue order.
#[derive(Debug, Clone, PartialEq)]
pub struct Queued {
    pub id: Uuid,
    pub kind: Kind,
    pub class: String,
    pub status: Status,
}

/// Two neighbouring orders whose classes need a flush between them.
#[derive(Debug, Clone, PartialEq)]
pub struct Conflict {
    pub previous: Uuid,
    pub next: Uuid,
    pub from_class: String,
    pub to_class: String,
}

/// Every conflict of `queue` (in sequence order; cancelled orders left out by the caller).
pub fn conflicts(queue: &[Queued], matrix: &Matrix) -> Vec<Conflict> {
    let judged: Vec<&Queued> = queue
        .iter()
        .filter(|q| q.status != Status::Cancelled)
        .collect();
    judged
        .windows(2)
        .filter(|w| w[0].kind == Kind::Production && w[1].kind == Kind::Production)
        .filter(|w| matrix.flush_required(&w[0].class, &w[1].class))
        .map(|w| Conflict {
            previous: w[0].id,
            next: w[1].id,
            from_class: w[0].class.clone(),
            to_class: w[1].class.clone(),
        })
        .collect()
}

/// The conflicts `id` is part of.
pub fn conflicts_of(queue: &[Queued], matrix: &Matrix, id: Uuid) -> Vec<Conflict> {
    conflicts(queue, matrix)
        .into_iter()
        .filter(|c| c.previous == id || c.next == id)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: u128, kind: Kind, class: &str) -> Queued {
        Queued {
            id: Uuid::from_u128(n),
            kind,
            class: class.into(),
            status: Status::Planned,
        }
    }

    #[test]
    fn the_default_matrix_asks_a_flush_only_after_strong_residues() {
        let m = Matrix::default();
        assert_eq!(m.rules.len(), 16);
        assert!(m.flush_required("MEDICATED", "NONE"));
        assert!(m.flush_required("MEDICATED", "COCCIDIOSTAT"));
        assert!(m.flush_required("COCCIDIOSTAT", "ADDITIVE"));
        assert!(!m.flush_required("ADDITIVE", "NONE"));
        assert!(!m.flush_required("NONE", "MEDICATED"));
        assert!(!m.flush_required("MEDICATED", "MEDICATED"));
    }

    #[test]
    fn neighbours_conflict_unless_a_flush_or_only_a_cancelled_order_is_between() {
        let m = Matrix::default();
        let mut queue = vec![
            q(1, Kind::Production, "NONE"),
            q(2, Kind::Production, "COCCIDIOSTAT"),
            q(3, Kind::Production, "NONE"),
        ];
        let found = conflicts(&queue, &m);
        assert_eq!(found.len(), 1);
        assert_eq!(
            (found[0].previous, found[0].next),
            (Uuid::from_u128(2), Uuid::from_u128(3))
        );
        assert_eq!(conflicts_of(&queue, &m, Uuid::from_u128(1)), vec![]);
        queue.insert(2, q(9, Kind::Flush, "NONE"));
        assert!(conflicts(&queue, &m).is_empty());
        // A cancelled order in between separates nothing.
        queue[2] = Queued {
            status: Status::Cancelled,
            ..q(9, Kind::Production, "NONE")
        };
        assert_eq!(conflicts(&queue, &m).len(), 1);
    }

    #[test]
    fn a_matrix_is_completed_from_the_default_and_checked() {
        let given = Matrix {
            rules: vec![Rule {
                from_class: "NONE".into(),
                to_class: "ADDITIVE".into(),
                flush_required: true,
            }],
        };
        let full = given.completed().unwrap();
        assert_eq!(full.rules.len(), 16);
        assert!(full.flush_required("NONE", "ADDITIVE"));
        assert!(full.flush_required("MEDICATED", "NONE"));
        let bad = Matrix {
            rules: vec![Rule {
                from_class: "ANTIBIOTIC".into(),
                to_class: "NONE".into(),
                flush_required: true,
            }],
        };
        assert_eq!(bad.completed(), Err(MatrixError::UnknownClass(0)));
        let twice = Matrix {
            rules: vec![given.rules[0].clone(), given.rules[0].clone()],
        };
        assert_eq!(twice.completed(), Err(MatrixError::Duplicate(1)));
    }
}
