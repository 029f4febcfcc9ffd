//! Edits that started from an older record (decision 97). An edit of a recipe version, a
//! configuration record, an order or a user may carry the `updatedAt` of the record as its
//! screen read it; the edit reads the record `FOR UPDATE` and, when someone saved it in between,
//! answers 409 on `updatedAt` naming who and when instead of overwriting their change. An edit
//! without `updatedAt` is taken as before (the spec's bodies do not name it): last writer wins.

use chrono::{DateTime, Utc};
use model::Msg;
use serde_json::Value as Json;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::{Error, Result};

/// The body's field that names the version an edit started from.
pub const FIELD: &str = "updatedAt";

/// The instant an edit started from, as the client sent it back (RFC 3339); none when absent
/// or empty, 400 on `updatedAt` when it is not an instant.
pub fn started_from(raw: Option<&str>) -> Result<Option<DateTime<Utc>>> {
    let Some(raw) = raw.map(str::trim).filter(|s| !s.is_empty()) else {
        return Ok(None);
    };
    DateTime::parse_from_rfc3339(raw)
        .map(|t| Some(t.with_timezone(&Utc)))
        .map_err(|_| Error::field(FIELD, Msg::new("validation.dateTime")))
}

/// `started_from` of a JSON body's `updatedAt` (a string, null or absent; anything else is 400).
pub fn started_from_json(body: &serde_json::Map<String, Json>) -> Result<Option<DateTime<Utc>>> {
    match body.get(FIELD) {
        None | Some(Json::Null) => Ok(None),
        Some(Json::String(s)) => started_from(Some(s)),
        Some(_) => Err(Error::field(FIELD, Msg::new("validation.dateTime"))),
    }
}

/// The stored record's last change: when, by whom, and the line whose plant time says when.
pub struct Saved<'a> {
    pub at: DateTime<Utc>,
    pub by: Option<&'a str>,
    pub line: Option<Uuid>,
}

/// 409 on `updatedAt` when the edit started from another version than the stored one. The
/// database keeps microseconds, as the record's `updatedAt` says them.
pub async fn refuse_stale(
    conn: &mut PgConnection,
    started: Option<DateTime<Utc>>,
    saved: Saved<'_>,
) -> Result<()> {
    let Some(started) = started else {
        return Ok(());
    };
    if started.timestamp_micros() == saved.at.timestamp_micros() {
        return Ok(());
    }
    let at = db::config::plant_time(&mut *conn, saved.line, saved.at).await?;
    let msg = match saved.by.filter(|b| !b.is_empty()) {
        Some(by) => Msg::new("edit.changedMeanwhile")
            .arg("by", by)
            .arg("at", at),
        None => Msg::new("edit.changedMeanwhileBySystem").arg("at", at),
    };
    Err(Error::Conflict {
        field: Some(FIELD),
        msg,
    })
}

/// `refuse_stale` for a configuration record read as JSON (its `updatedAt`, `updatedBy`,
/// `lineId`).
pub async fn refuse_stale_record(
    conn: &mut PgConnection,
    started: Option<DateTime<Utc>>,
    record: &Json,
) -> Result<()> {
    let Some(at) = record[FIELD]
        .as_str()
        .and_then(|s| DateTime::parse_from_rfc3339(s).ok())
    else {
        return Ok(());
    };
    let line = record["lineId"]
        .as_str()
        .and_then(|s| Uuid::parse_str(s).ok());
    // A line is its own plant: its time is said in its zone.
    let line = line.or_else(|| {
        record["timezone"]
            .as_str()
            .and(record["_id"].as_str())
            .and_then(|s| Uuid::parse_str(s).ok())
    });
    let saved = Saved {
        at: at.with_timezone(&Utc),
        by: record["updatedBy"].as_str(),
        line,
    };
    refuse_stale(conn, started, saved).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edit_names_the_instant_it_started_from_or_nothing() {
        assert_eq!(started_from(None).unwrap(), None);
        assert_eq!(started_from(Some("  ")).unwrap(), None);
        let t = started_from(Some("2026-11-27T03:12:45.123456+00:00"))
            .unwrap()
            .unwrap();
        assert_eq!(t.timestamp_micros() % 1_000_000, 123_456);
        assert!(started_from(Some("yesterday")).is_err());
        let body = serde_json::json!({"updatedAt": 5});
        assert!(started_from_json(body.as_object().unwrap()).is_err());
    }
}
