//! Saved SPC parameter sets (§3's shared state, actions add, update and delete): a chart an
//! engineer keeps, and — for a live batch set — judges every completed batch of its line by.
//! Batch sets need REPORTS privileges (update to change); consumption sets are _SUPER's and
//! ADMIN's, like their screen.

use axum::Json;
use axum::extract::{Path, State};
use chrono::{DateTime, Utc};
use model::spc::Rule;
use model::{Envelope, Msg};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::chart::{SpcQuery, parse_chart};
use crate::AppState;
use crate::auth::AuthUser;
use crate::error::{ApiError, ApiResult};
use crate::extract::{Body, Query};
use crate::reports::read::{Answer, answer};
use crate::reports::scope::given;
use crate::stale::{Saved, refuse_stale};

pub(crate) fn parse_id(raw: &str, field: &str) -> ApiResult<Uuid> {
    Uuid::parse_str(raw.trim()).map_err(|_| ApiError::field(field, Msg::new("spc.setNotFound")))
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

/// The chart query a saved set makes (404 for none of `kind`).
pub(crate) async fn as_query(s: &AppState, kind: &str, id: Uuid) -> ApiResult<SpcQuery> {
    let set = db::spc::set(&s.pool, id)
        .await?
        .filter(|x| x.kind == kind)
        .ok_or(ApiError::NotFound(Msg::new("spc.setNotFound")))?;
    Ok(SpcQuery {
        set_id: Some(id.to_string()),
        subject: Some(set.subject),
        material_id: set.material_code,
        scale_id: set.scale_code,
        parameter_code: set.parameter_code,
        chart: Some(set.chart.code().into()),
        subgroup: Some(set.subgroup.to_string()),
        baseline_from: Some(set.baseline_from.to_rfc3339()),
        baseline_to: Some(set.baseline_to.to_rfc3339()),
        rules: Some(if set.rules.is_empty() {
            "NONE".into()
        } else {
            set.rules.join(",")
        }),
    })
}

/// `b` checked into a set of `kind`: 400 naming the field.
async fn checked(s: &AppState, kind: &str, id: Uuid, b: SpcSet) -> ApiResult<db::spc::Set> {
    let line = Uuid::parse_str(b.line_id.trim())
        .ok()
        .filter(|_| !b.line_id.trim().is_empty())
        .ok_or_else(|| ApiError::field("lineId", Msg::new("config.lineNotFound")))?;
    if !db::lines::is_live(&s.pool, line).await? {
        return Err(ApiError::field("lineId", Msg::new("config.lineNotFound")));
    }
    let name = b.name.trim().to_string();
    if name.is_empty() || name.chars().count() > model::limits::SPC_SET_NAME {
        return Err(ApiError::field("name", Msg::new("validation.required")));
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
        return Err(ApiError::field(
            "parameterCode",
            Msg::new("validation.required"),
        ));
    }
    if subject != "PARAMETER" && material.is_none() {
        return Err(ApiError::field(
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
        if !crate::schedules::plausible(t) {
            return Err(ApiError::field(field, Msg::new("validation.dateTime")));
        }
    }
    if b.baseline_from >= b.baseline_to {
        return Err(ApiError::field(
            "baselineTo",
            Msg::new("validation.rangeOrder"),
        ));
    }
    let recipe = match given(b.recipe_id.as_deref()) {
        None => None,
        Some(r) => Some(
            Uuid::parse_str(r)
                .map_err(|_| ApiError::field("recipeId", Msg::new("recipe.notFound")))?,
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

async fn save(
    s: &AppState,
    user: &AuthUser,
    kind: &str,
    id: Option<Uuid>,
    b: SpcSet,
) -> Answer<SpcSet> {
    let insert = id.is_none();
    let started = b.updated_at;
    let set = checked(s, kind, id.unwrap_or_else(Uuid::now_v7), b).await?;
    let mut tx = s.pool.begin().await?;
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
        return Err(ApiError::NotFound(Msg::new("spc.setNotFound")));
    }
    let saved = db::spc::save(&mut *tx, &set, user.email(), insert)
        .await
        .map_err(|e| match e {
            db::DbError::Conflict(_) => ApiError::field("name", Msg::new("spc.nameTaken")),
            other => other.into(),
        })?
        .ok_or(ApiError::NotFound(Msg::new("spc.setNotFound")))?;
    let out = SpcSet::from(saved);
    db::audit::write(
        &mut *tx,
        db::audit::Entry {
            actor: Some(user.email()),
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
    Ok(Json(Envelope::data(out)))
}

async fn remove(s: &AppState, user: &AuthUser, kind: &str, id: &str) -> Answer<String> {
    let id = parse_id(id, "id").map_err(|_| ApiError::NotFound(Msg::new("spc.setNotFound")))?;
    let mut tx = s.pool.begin().await?;
    if !db::spc::delete(&mut *tx, id, kind, user.email()).await? {
        return Err(ApiError::NotFound(Msg::new("spc.setNotFound")));
    }
    db::audit::write(
        &mut *tx,
        db::audit::Entry {
            actor: Some(user.email()),
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
    answer(id.to_string())
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct SetQuery {
    /// Only this line's sets (`_id`); omitted or `ALL`: every line's.
    pub line_id: Option<String>,
}

async fn list(s: &AppState, kind: &str, q: &SetQuery) -> Answer<Vec<SpcSet>> {
    let line = match q.line_id.as_deref().map(str::trim) {
        None | Some("") | Some("ALL") => None,
        Some(raw) => Some(
            Uuid::parse_str(raw)
                .map_err(|_| ApiError::field("lineId", Msg::new("config.lineNotFound")))?,
        ),
    };
    answer(
        db::spc::sets(&s.pool, kind, line)
            .await?
            .into_iter()
            .map(SpcSet::from)
            .collect(),
    )
}

macro_rules! set_routes {
    ($kind:literal, $path:literal, $list:ident, $add:ident, $update:ident, $delete:ident) => {
        /// The saved sets.
        #[utoipa::path(get, path = $path, tag = "reports", params(SetQuery),
            responses((status = 200, body = Envelope<Vec<SpcSet>>), (status = 400)))]
        pub async fn $list(State(s): State<AppState>, Query(q): Query<SetQuery>) -> Answer<Vec<SpcSet>> {
            list(&s, $kind, &q).await
        }

        /// Saves a new set (`action` add).
        #[utoipa::path(post, path = $path, tag = "reports", request_body = SpcSet,
            responses((status = 200, body = Envelope<SpcSet>), (status = 400)))]
        pub async fn $add(State(s): State<AppState>, user: AuthUser, Body(b): Body<SpcSet>) -> Answer<SpcSet> {
            save(&s, &user, $kind, None, b).await
        }

        /// Changes a set (`action` update).
        #[utoipa::path(put, path = concat!($path, "/{id}"), tag = "reports", request_body = SpcSet,
            params(("id" = String, Path)), responses((status = 200, body = Envelope<SpcSet>), (status = 400), (status = 404),
                (status = 409, description = "someone saved the set after `updatedAt`")))]
        pub async fn $update(
            State(s): State<AppState>,
            user: AuthUser,
            Path(id): Path<String>,
            Body(b): Body<SpcSet>,
        ) -> Answer<SpcSet> {
            let id = parse_id(&id, "id").map_err(|_| ApiError::NotFound(Msg::new("spc.setNotFound")))?;
            save(&s, &user, $kind, Some(id), b).await
        }

        /// Deletes a set (`action` delete); its kept violations stay with the report.
        #[utoipa::path(delete, path = concat!($path, "/{id}"), tag = "reports",
            params(("id" = String, Path)), responses((status = 200, body = Envelope<String>), (status = 404)))]
        pub async fn $delete(State(s): State<AppState>, user: AuthUser, Path(id): Path<String>) -> Answer<String> {
            remove(&s, &user, $kind, &id).await
        }
    };
}

set_routes!(
    "BATCH",
    "/api/reports/spc/parameters",
    batch_sets,
    add_batch_set,
    update_batch_set,
    delete_batch_set
);
set_routes!(
    "CONSUMPTION",
    "/api/reports/spc/consumptionparameters",
    consumption_sets,
    add_consumption_set,
    update_consumption_set,
    delete_consumption_set
);
