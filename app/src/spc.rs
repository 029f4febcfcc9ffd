//! Saved SPC parameter sets (§3's shared state, actions add, update and delete): a chart an
//! engineer keeps, and — for a live batch set — judges every completed batch of its line by.

use chrono::{DateTime, Utc};
use model::Msg;
use model::limits::{SUBGROUP_MAX, SUBGROUP_MIN};
use model::spc::{ChartKind, Rule};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::reports::scope::{given, pick};
use crate::stale::{Saved, refuse_stale};
use crate::{App, Error, Result};

/// The `_id` of a saved set in `field`; invalid when it is not one.
pub fn parse_id(raw: &str, field: &str) -> Result<Uuid> {
    Uuid::parse_str(raw.trim()).map_err(|_| Error::field(field, Msg::new("spc.setNotFound")))
}

/// The chart kind and subgroup size a query or a set names (an individuals chart of five by
/// default).
pub fn parse_chart(raw: Option<&str>, subgroup: Option<&str>) -> Result<(ChartKind, usize)> {
    let chart = pick(raw, "chart")?.unwrap_or(ChartKind::Individuals);
    let subgroup = match subgroup.map(str::trim).filter(|s| !s.is_empty()) {
        None => 5,
        Some(s) => s
            .parse::<usize>()
            .ok()
            .filter(|n| (SUBGROUP_MIN..=SUBGROUP_MAX).contains(n))
            .ok_or_else(|| {
                Error::field(
                    "subgroup",
                    Msg::new("validation.numberRange")
                        .arg("min", SUBGROUP_MIN)
                        .arg("max", SUBGROUP_MAX),
                )
            })?,
    };
    Ok((chart, subgroup))
}

/// A saved set, as the api answers and takes it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpcSet {
    #[serde(rename = "_id", default)]
    pub id: Option<String>,
    pub line_id: String,
    pub name: String,
    /// `DOSING_ERROR` or `PARAMETER` (batch sets), `CONSUMPTION` (consumption sets).
    #[serde(default)]
    pub subject: Option<String>,
    /// Material code (dosing error, consumption).
    #[serde(default)]
    pub material_code: Option<String>,
    /// Scale code (dosing error on one scale).
    #[serde(default)]
    pub scale_code: Option<String>,
    /// Report parameter code (`PARAMETER`).
    #[serde(default)]
    pub parameter_code: Option<String>,
    /// Only batches of this recipe.
    #[serde(default)]
    pub recipe_id: Option<String>,
    /// `IMR` or `XBAR_R`.
    #[serde(default)]
    #[schema(value_type = Option<model::spc::ChartKind>)]
    pub chart: Option<String>,
    #[serde(default)]
    pub subgroup: Option<i32>,
    pub baseline_from: DateTime<Utc>,
    pub baseline_to: DateTime<Utc>,
    #[serde(default)]
    pub rules: Vec<Rule>,
    /// Judge every completed batch of the line by it (batch sets).
    #[serde(default = "yes")]
    pub live: bool,
    #[serde(default)]
    pub updated_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub updated_by: Option<String>,
}

fn yes() -> bool {
    true
}

impl From<db::spc::Set> for SpcSet {
    fn from(s: db::spc::Set) -> Self {
        SpcSet {
            id: Some(s.id.to_string()),
            line_id: s.line_id.to_string(),
            name: s.name,
            subject: Some(s.subject),
            material_code: s.material_code,
            scale_code: s.scale_code,
            parameter_code: s.parameter_code,
            recipe_id: s.recipe_id.map(|r| r.to_string()),
            chart: Some(s.chart.code().into()),
            subgroup: Some(s.subgroup),
            baseline_from: s.baseline_from,
            baseline_to: s.baseline_to,
            rules: s.rules.iter().filter_map(|r| Rule::parse(r)).collect(),
            live: s.live,
            updated_at: Some(s.updated_at),
            updated_by: s.updated_by,
        }
    }
}

/// `b` checked into a set of `kind`: invalid naming the field.
async fn checked(app: &App, kind: &str, id: Uuid, b: SpcSet) -> Result<db::spc::Set> {
    let line = Uuid::parse_str(b.line_id.trim())
        .ok()
        .filter(|_| !b.line_id.trim().is_empty())
        .ok_or_else(|| Error::field("lineId", Msg::new("config.lineNotFound")))?;
    if !db::lines::is_live(&app.pool, line).await? {
        return Err(Error::field("lineId", Msg::new("config.lineNotFound")));
    }
    let name = b.name.trim().to_string();
    if name.is_empty() || name.chars().count() > model::limits::SPC_SET_NAME {
        return Err(Error::field("name", Msg::new("validation.required")));
    }
    let subject = if kind == "CONSUMPTION" {
        "CONSUMPTION"
    } else {
        crate::reports::scope::pick(b.subject.as_deref(), "subject")?
            .unwrap_or(model::choice::SpcSubject::DosingError)
            .as_str()
    };
    let code = |v: &Option<String>| {
        v.as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(str::to_string)
    };
    let (material, parameter) = (code(&b.material_code), code(&b.parameter_code));
    if subject == "PARAMETER" && parameter.is_none() {
        return Err(Error::field(
            "parameterCode",
            Msg::new("validation.required"),
        ));
    }
    if subject != "PARAMETER" && material.is_none() {
        return Err(Error::field(
            "materialCode",
            Msg::new("validation.required"),
        ));
    }
    let (chart, subgroup) = parse_chart(
        b.chart.as_deref(),
        b.subgroup.map(|n| n.to_string()).as_deref(),
    )?;
    for (t, field) in [
        (&b.baseline_from, "baselineFrom"),
        (&b.baseline_to, "baselineTo"),
    ] {
        if !crate::when::plausible(t) {
            return Err(Error::field(field, Msg::new("validation.dateTime")));
        }
    }
    if b.baseline_from >= b.baseline_to {
        return Err(Error::field(
            "baselineTo",
            Msg::new("validation.rangeOrder"),
        ));
    }
    let recipe = match given(b.recipe_id.as_deref()) {
        None => None,
        Some(r) => Some(
            Uuid::parse_str(r)
                .map_err(|_| Error::field("recipeId", Msg::new("recipe.notFound")))?,
        ),
    };
    let mut rules: Vec<String> = b.rules.iter().map(|r| r.code().to_string()).collect();
    rules.sort();
    rules.dedup();
    Ok(db::spc::Set {
        id,
        kind: kind.into(),
        line_id: line,
        name,
        subject: subject.into(),
        material_code: material,
        scale_code: code(&b.scale_code),
        parameter_code: parameter,
        recipe_id: recipe,
        chart,
        subgroup: subgroup as i32,
        baseline_from: b.baseline_from,
        baseline_to: b.baseline_to,
        rules,
        live: b.live && kind == "BATCH",
        created_at: Utc::now(),
        created_by: None,
        updated_at: Utc::now(),
        updated_by: None,
    })
}

/// Saves set `b` of `kind` as `actor`: a new one (`id` none) or a change of set `id`; with
/// the `updatedAt` the edit started from, a conflict when someone saved the set since.
pub async fn save(
    app: &App,
    actor: &str,
    kind: &str,
    id: Option<Uuid>,
    b: SpcSet,
) -> Result<SpcSet> {
    let insert = id.is_none();
    let started = b.updated_at;
    let set = checked(app, kind, id.unwrap_or_else(Uuid::now_v7), b).await?;
    let mut tx = app.pool.begin().await?;
    let before = match id {
        Some(id) => db::spc::set_for_update(&mut tx, id)
            .await?
            .filter(|x| x.kind == kind),
        None => None,
    };
    if let Some(b) = &before {
        let saved = Saved {
            at: b.updated_at,
            by: b.updated_by.as_deref(),
            line: Some(b.line_id),
        };
        refuse_stale(&mut tx, started, saved).await?;
    }
    if !insert && before.is_none() {
        return Err(Error::NotFound(Msg::new("spc.setNotFound")));
    }
    let saved = db::spc::save(&mut *tx, &set, actor, insert)
        .await
        .map_err(|e| match e {
            db::DbError::Conflict(_) => Error::field("name", Msg::new("spc.nameTaken")),
            other => other.into(),
        })?
        .ok_or(Error::NotFound(Msg::new("spc.setNotFound")))?;
    let out = SpcSet::from(saved);
    db::audit::write(
        &mut *tx,
        db::audit::Entry {
            actor: Some(actor),
            action: if insert {
                "spcSetAdded"
            } else {
                "spcSetUpdated"
            },
            entity: "spcSet",
            entity_id: out.id.clone(),
            before: before
                .map(SpcSet::from)
                .and_then(|b| serde_json::to_value(b).ok()),
            after: serde_json::to_value(&out).ok(),
            detail: None,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(out)
}

/// Deletes set `id` of `kind` as `actor`; its kept violations stay with the report.
pub async fn remove(app: &App, actor: &str, kind: &str, id: Uuid) -> Result<Uuid> {
    let mut tx = app.pool.begin().await?;
    if !db::spc::delete(&mut *tx, id, kind, actor).await? {
        return Err(Error::NotFound(Msg::new("spc.setNotFound")));
    }
    db::audit::write(
        &mut *tx,
        db::audit::Entry {
            actor: Some(actor),
            action: "spcSetDeleted",
            entity: "spcSet",
            entity_id: Some(id.to_string()),
            before: None,
            after: None,
            detail: None,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(id)
}

/// The saved sets of `kind`, of one line or every line's.
pub async fn sets(app: &App, kind: &str, line: Option<&str>) -> Result<Vec<SpcSet>> {
    let line = match line.map(str::trim) {
        None | Some("") | Some("ALL") => None,
        Some(raw) => Some(
            Uuid::parse_str(raw)
                .map_err(|_| Error::field("lineId", Msg::new("config.lineNotFound")))?,
        ),
    };
    Ok(db::spc::sets(&app.pool, kind, line)
        .await?
        .into_iter()
        .map(SpcSet::from)
        .collect())
}
