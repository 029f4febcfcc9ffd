//! Instants as commands and filters take them: RFC 3339, or a date and time without offset
//! taken as UTC, in years a database and date arithmetic hold.

use chrono::{DateTime, Datelike, NaiveDateTime, Utc};
use model::Msg;

use crate::{Error, Result};

/// Years 1 to 9999: what RFC 3339 writes, and well inside what Postgres and date arithmetic
/// hold (a year like +40000 parses, but would fail in the database).
pub fn plausible(t: &DateTime<Utc>) -> bool {
    (1..=9999).contains(&t.year())
}

/// An instant of field `field`: none when absent or empty, invalid when not an instant.
pub fn instant(raw: Option<&str>, field: &str) -> Result<Option<DateTime<Utc>>> {
    let Some(raw) = raw.map(str::trim).filter(|s| !s.is_empty()) else {
        return Ok(None);
    };
    DateTime::parse_from_rfc3339(raw)
        .map(|t| t.with_timezone(&Utc))
        .ok()
        .or_else(|| {
            [
                "%Y-%m-%dT%H:%M:%S%.f",
                "%Y-%m-%dT%H:%M",
                "%Y-%m-%d %H:%M:%S",
            ]
            .iter()
            .find_map(|f| NaiveDateTime::parse_from_str(raw, f).ok())
            .map(|t| t.and_utc())
        })
        .filter(plausible)
        .map(Some)
        .ok_or_else(|| Error::field(field, Msg::new("validation.dateTime")))
}

/// A from/to pair of instants, either open.
pub type Range = (Option<DateTime<Utc>>, Option<DateTime<Utc>>);

/// A from/to pair; from after to is refused on `toDateTime`.
pub fn range(from: Option<&str>, to: Option<&str>) -> Result<Range> {
    let (from, to) = (instant(from, "fromDateTime")?, instant(to, "toDateTime")?);
    if let (Some(f), Some(t)) = (from, to)
        && f > t
    {
        return Err(Error::field(
            "toDateTime",
            Msg::new("validation.rangeOrder"),
        ));
    }
    Ok((from, to))
}
