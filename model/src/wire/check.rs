//! What a sample may hold before any consumer takes it (docs/architecture.md, "What a sample
//! may hold"): text without NUL and within a length, numbers finite and within a range per
//! field, and a time within a window around the receiver's clock. A sample that holds anything
//! else is refused with the field and the reason, so that ingest quarantines its message
//! instead of handing Postgres something it refuses (a NUL in text) or that breaks a sum (two
//! values near 10³⁰⁸ overflow a rollup).

use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

/// The bounds of one field: the most characters of a text, the range of a number.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limit {
    pub chars: usize,
    pub min: f64,
    pub max: f64,
}

const fn text(chars: usize) -> Limit {
    Limit {
        chars,
        min: -1e9,
        max: 1e9,
    }
}

const fn number(min: f64, max: f64) -> Limit {
    Limit {
        chars: 128,
        min,
        max,
    }
}

/// Identifiers and codes (a batch number, a material, a scale, a parameter code): 128 characters.
pub const ID: Limit = text(128);
/// A name (a recipe's, an order's, a person's): 200 characters.
pub const NAME: Limit = text(200);
/// A sentence (an alarm's message): 1,000 characters.
pub const SENTENCE: Limit = text(1000);
/// Any number without a narrower range: ±10⁹.
pub const ANY: Limit = text(128);
/// Masses in kilograms (setpoints, weights, deviations, levels, movements): ±10,000 t.
pub const KG: Limit = number(-1e7, 1e7);
/// Durations in seconds: 0 to 10⁷ (about 116 days).
pub const SECONDS: Limit = number(0.0, 1e7);
/// Energy in kWh: 0 to 10⁷.
pub const KWH: Limit = number(0.0, 1e7);
/// Power in kW: ±10⁶.
pub const KW: Limit = number(-1e6, 1e6);
/// Pressure in bar: ±10⁴.
pub const BAR: Limit = number(-1e4, 1e4);

/// How far from the receiver's clock a sample's time may be: 400 days back (the longest
/// backfill) to one hour ahead (a controller's clock a little fast).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Window {
    pub back: Duration,
    pub ahead: Duration,
}

impl Default for Window {
    fn default() -> Self {
        Window {
            back: Duration::days(400),
            ahead: Duration::hours(1),
        }
    }
}

impl Window {
    /// Whether `time` is within the window around `now`; the error says how it is not.
    pub fn check(
        &self,
        field: &str,
        time: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<(), String> {
        if time < now - self.back {
            Err(format!(
                "{field}: {} is more than {} days before now",
                time.to_rfc3339(),
                self.back.num_days()
            ))
        } else if time > now + self.ahead {
            Err(format!(
                "{field}: {} is more than {} minutes after now",
                time.to_rfc3339(),
                self.ahead.num_minutes()
            ))
        } else {
            Ok(())
        }
    }
}

/// A field's value checked against its limit; the error names the field.
pub trait Field {
    fn check(&self, field: &str, limit: Limit) -> Result<(), String>;
}

impl Field for String {
    fn check(&self, field: &str, limit: Limit) -> Result<(), String> {
        if self.contains('\0') {
            return Err(format!("{}: a NUL character in the text", camel(field)));
        }
        let chars = self.chars().count();
        if chars > limit.chars {
            return Err(format!(
                "{}: {chars} characters, more than {}",
                camel(field),
                limit.chars
            ));
        }
        Ok(())
    }
}

impl Field for f64 {
    fn check(&self, field: &str, limit: Limit) -> Result<(), String> {
        if !self.is_finite() || *self < limit.min || *self > limit.max {
            return Err(format!(
                "{}: {} is outside {} to {}",
                camel(field),
                shown(*self),
                shown(limit.min),
                shown(limit.max)
            ));
        }
        Ok(())
    }
}

impl<T: Field> Field for Option<T> {
    fn check(&self, field: &str, limit: Limit) -> Result<(), String> {
        match self {
            Some(v) => v.check(field, limit),
            None => Ok(()),
        }
    }
}

/// Values whose type bounds them already.
macro_rules! unbounded {
    ($($t:ty),*) => { $(impl Field for $t { fn check(&self, _: &str, _: Limit) -> Result<(), String> { Ok(()) } })* };
}
unbounded!(bool, i32, Uuid, DateTime<Utc>);

/// A number as a reader takes it in: exponent form when it is huge or tiny.
fn shown(x: f64) -> String {
    if x != 0.0 && x.is_finite() && !(1e-6..1e15).contains(&x.abs()) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

/// `setpoint_kg` → `setpointKg`, as the wire names it.
fn camel(field: &str) -> String {
    let mut out = String::with_capacity(field.len());
    let mut upper = false;
    for c in field.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_refuses_nul_and_length() {
        assert!("BIN-01".to_string().check("bin_id", ID).is_ok());
        let nul = "BIN\u{0}01".to_string().check("bin_id", ID).unwrap_err();
        assert!(nul.starts_with("binId: a NUL"), "{nul}");
        let long = "x".repeat(129).check("bin_id", ID).unwrap_err();
        assert_eq!(long, "binId: 129 characters, more than 128");
        assert!(
            "é".repeat(128).check("bin_id", ID).is_ok(),
            "characters, not bytes"
        );
    }

    #[test]
    fn numbers_are_finite_and_in_range() {
        assert!(1250.5.check("actual_kg", KG).is_ok());
        assert!((-3.0).check("delta_kg", KG).is_ok());
        for bad in [f64::NAN, f64::INFINITY, 1e308, -1e308, 1.0e7 + 1.0] {
            assert!(bad.check("actual_kg", KG).is_err(), "{bad}");
        }
        assert!(
            (-1.0)
                .check("duration_s", SECONDS)
                .unwrap_err()
                .starts_with("durationS: -1 is outside")
        );
        assert_eq!(
            1e308.check("value", ANY).unwrap_err(),
            "value: 1e308 is outside -1000000000 to 1000000000"
        );
        assert!(Some(f64::NAN).check("actual_kg", KG).is_err());
        assert!(None::<f64>.check("actual_kg", KG).is_ok());
    }

    #[test]
    fn times_within_the_window() {
        let now = Utc::now();
        let w = Window::default();
        assert!(w.check("time", now - Duration::days(399), now).is_ok());
        assert!(w.check("time", now + Duration::minutes(59), now).is_ok());
        assert!(
            w.check("time", now - Duration::days(401), now)
                .unwrap_err()
                .contains("400 days before")
        );
        assert!(
            w.check("time", now + Duration::minutes(61), now)
                .unwrap_err()
                .contains("60 minutes after")
        );
    }
}
