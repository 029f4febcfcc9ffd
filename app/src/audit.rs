//! Reading the audit trail (issue 35, item 1): the entries a filter matches, newest first, one
//! entry with the values that changed, and the values the filters can take.

use db::audit::{Filter, Row};
use model::Msg;
use model::audit::{AuditEntry, AuditFacet, AuditFacets, changes};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::{App, Error, Result};

/// The trail's filters (every one optional; all given must match).
#[derive(Debug, Default, Clone, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct AuditQuery {
    /// Entries from here (RFC 3339)…
    pub from_date_time: Option<String>,
    /// …to here, excluded.
    pub to_date_time: Option<String>,
    /// The user's email (any case).
    pub user: Option<String>,
    /// The kind of record (`recipe`, `productionSchedule`, `lines`, `session`, …).
    pub entity: Option<String>,
    /// The record's id.
    pub entity_id: Option<String>,
    /// What was done (`created`, `status`, …).
    pub action: Option<String>,
    /// A line's `_id`; omitted or `ALL` for every line and what belongs to none.
    pub line_id: Option<String>,
}

fn text(raw: Option<&str>) -> Option<String> {
    raw.map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.chars().take(200).collect())
}

impl AuditQuery {
    /// The checked filter: 400 for a time or line that is none.
    pub fn filter(&self) -> Result<Filter> {
        let (from, to) =
            crate::when::range(self.from_date_time.as_deref(), self.to_date_time.as_deref())?;
        let line = match self.line_id.as_deref().map(str::trim) {
            None | Some("") | Some("ALL") => None,
            Some(raw) => Some(
                Uuid::parse_str(raw)
                    .map_err(|_| Error::field("lineId", Msg::new("config.lineNotFound")))?,
            ),
        };
        Ok(Filter {
            from,
            to,
            actor: text(self.user.as_deref()),
            entity: text(self.entity.as_deref()),
            entity_id: text(self.entity_id.as_deref()),
            action: text(self.action.as_deref()),
            line,
        })
    }
}

pub fn entry(r: Row) -> AuditEntry {
    AuditEntry {
        changes: changes(r.before.as_ref(), r.after.as_ref()),
        id: r.id,
        at: r.at,
        actor: r.actor,
        action: r.action,
        entity: r.entity,
        entity_id: r.entity_id,
        action_label: String::new(),
        entity_label: String::new(),
        line_id: r.line_id.map(|l| l.to_string()),
        line_code: r.line_code,
        line_name: r.line_name,
        before: r.before,
        after: r.after,
        detail: r.detail,
    }
}

/// The entries of `f`, newest first, `limit` from the `offset`th.
pub async fn list(app: &App, f: &Filter, limit: i64, offset: i64) -> Result<Vec<AuditEntry>> {
    let rows = db::audit::list(app.reads(), f, limit, offset).await?;
    Ok(rows.into_iter().map(entry).collect())
}

/// How many entries `f` matches.
pub async fn count(app: &App, f: &Filter) -> Result<i64> {
    Ok(db::audit::count(app.reads(), f).await?)
}

/// Entry `raw_id`; 404 when there is none.
pub async fn get(app: &App, raw_id: &str) -> Result<AuditEntry> {
    let missing = || Error::NotFound(Msg::new("audit.notFound"));
    let id: i64 = raw_id.trim().parse().map_err(|_| missing())?;
    db::audit::get(&app.pool, id)
        .await?
        .map(entry)
        .ok_or_else(missing)
}

/// The filters' values; `label` names an entity or an action in the requester's language.
pub async fn facets(app: &App, label: impl Fn(Kind, &str) -> String) -> Result<AuditFacets> {
    let f = db::audit::facets(app.reads()).await?;
    let named = |kind, values: Vec<String>| {
        values
            .into_iter()
            .map(|value| AuditFacet {
                label: label(kind, &value),
                value,
            })
            .collect()
    };
    Ok(AuditFacets {
        actors: f.actors,
        entities: named(Kind::Entity, f.entities),
        actions: named(Kind::Action, f.actions),
    })
}

/// What a label names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Entity,
    Action,
}
