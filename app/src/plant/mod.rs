//! Plant configuration commands (§7 configuration pattern): lines and every per-line entity,
//! each checked by its descriptor in `model::config` ([`prepare`]) and written with its audit
//! row in one transaction. The queries are in `db::config`.

pub mod import;
pub mod prepare;

use std::sync::OnceLock;

use model::Msg;
use model::config::{Entity, by_key, referrers};
use serde_json::{Map, Value as Json};
use sqlx::{PgConnection, PgExecutor};
use uuid::Uuid;

use crate::{App, Error, Result};

pub use prepare::{Prepared, Problems};

/// The descriptor of the entity `key` (one of `model::config::ENTITIES`).
pub fn entity(key: &str) -> &'static Entity {
    by_key(key).expect("known entity")
}

/// Audits a change to a configuration record, with the record before and after.
pub async fn audit(
    db: impl PgExecutor<'_>,
    actor: &str,
    action: &str,
    entity: &Entity,
    before: Option<&Json>,
    after: Option<&Json>,
) -> Result<()> {
    let id = after
        .or(before)
        .and_then(|r| r["_id"].as_str())
        .map(str::to_string);
    db::audit::write(
        db,
        db::audit::Entry {
            actor: Some(actor),
            action,
            entity: entity.key,
            entity_id: id,
            before: before.cloned(),
            after: after.cloned(),
            detail: None,
        },
    )
    .await?;
    Ok(())
}

/// Checks and writes one record of `e` as `actor`, audited, in its own transaction.
pub async fn create(
    app: &App,
    actor: &str,
    e: &'static Entity,
    body: &Map<String, Json>,
) -> Result<Json> {
    let mut tx = app.pool.begin().await?;
    let prepared = prepare::prepare(&mut tx, e, None, body)
        .await?
        .map_err(Problems::into_error)?;
    let record = insert_audited(&mut tx, actor, "create", e, prepared).await?;
    tx.commit().await?;
    Ok(record)
}

/// Writes a prepared record as `actor` with its audit row (`action`: create, import, copy).
pub async fn insert_audited(
    tx: &mut PgConnection,
    actor: &str,
    action: &str,
    e: &'static Entity,
    prepared: Prepared,
) -> Result<Json> {
    let record = db::config::insert(&mut *tx, e, prepared.line, &prepared.values, actor).await?;
    audit(&mut *tx, actor, action, e, None, Some(&record)).await?;
    Ok(record)
}

/// Writes a prepared change of the stored record `before` as `actor` with its audit row; none
/// when the record is gone.
pub async fn update_audited(
    tx: &mut PgConnection,
    actor: &str,
    e: &'static Entity,
    before: &Json,
    prepared: Prepared,
) -> Result<Option<Json>> {
    let id = before["_id"]
        .as_str()
        .and_then(|s| Uuid::parse_str(s).ok())
        .expect("a stored record has an _id");
    let Some(after) = db::config::update(&mut *tx, e, id, &prepared.values, actor).await? else {
        return Ok(None);
    };
    audit(&mut *tx, actor, "update", e, Some(before), Some(&after)).await?;
    Ok(Some(after))
}

/// The entity's name (`Scale`), said at the edge.
pub fn label(e: &Entity) -> Msg {
    static CODES: OnceLock<Vec<(&'static str, &'static str)>> = OnceLock::new();
    let codes = CODES.get_or_init(|| {
        model::config::ENTITIES
            .iter()
            .map(|x| {
                let code: &'static str = Box::leak(format!("entity.{}", x.screen).into_boxed_str());
                (x.key, code)
            })
            .collect()
    });
    match codes.iter().find(|(key, _)| *key == e.key) {
        Some((_, code)) => Msg::new(code),
        None => Msg::verbatim(e.screen),
    }
}

/// The record of `e` is gone.
pub fn not_found(e: &Entity) -> Error {
    Error::NotFound(Msg::new("config.notFound").arg_msg("entity", label(e)))
}

/// The most records one bulk add writes (as many as an import file holds).
pub const MAX_BULK: usize = 5000;

/// Writes `rows` of `e` as `actor` in one transaction; any problem (reported as
/// `{row}.{field}`) writes nothing. The records written, and the message saying so.
pub async fn create_many(
    app: &App,
    actor: &str,
    e: &'static Entity,
    rows: &[Map<String, Json>],
) -> Result<(Vec<Json>, Msg)> {
    if rows.is_empty() {
        return Err(Error::Refused(Msg::new("config.nothingToAdd")));
    }
    if rows.len() > MAX_BULK {
        return Err(Error::Refused(
            Msg::new("config.tooManyRecords").arg("max", MAX_BULK),
        ));
    }
    let mut tx = app.pool.begin().await?;
    let mut problems = Problems::default();
    let mut created = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        match prepare::prepare(&mut tx, e, None, row).await? {
            Err(p) => problems.absorb(&format!("{i}."), p),
            // Inserting as we go makes a code repeated inside the bulk show up as taken.
            Ok(p) if problems.is_empty() => {
                created.push(insert_audited(&mut tx, actor, "create", e, p).await?);
            }
            Ok(_) => {}
        }
    }
    if !problems.is_empty() {
        return Err(problems.into_error());
    }
    tx.commit().await?;
    let msg = Msg::new("config.createdMany")
        .arg("count", created.len())
        .arg_msg("entity", label(e));
    Ok((created, msg))
}

/// Lays `body` over the stored record `id` of `e` and writes it as `actor`, checked as a
/// whole; with the `updatedAt` the edit started from, a conflict when someone saved the record
/// since.
pub async fn edit(
    app: &App,
    actor: &str,
    e: &'static Entity,
    id: Uuid,
    body: &Map<String, Json>,
) -> Result<(Json, Msg)> {
    let started = crate::stale::started_from_json(body)?;
    let mut tx = app.pool.begin().await?;
    let before = db::config::get_for_update(&mut tx, e, id)
        .await?
        .ok_or_else(|| not_found(e))?;
    crate::stale::refuse_stale_record(&mut tx, started, &before).await?;
    let prepared = prepare::prepare(&mut tx, e, Some(&before), body)
        .await?
        .map_err(Problems::into_error)?;
    let record = update_audited(&mut tx, actor, e, &before, prepared)
        .await?
        .ok_or_else(|| not_found(e))?;
    tx.commit().await?;
    Ok((
        record,
        Msg::new("config.updated").arg_msg("entity", label(e)),
    ))
}

/// Soft-deletes record `id` of `e` as `actor` when nothing live refers to it (a conflict
/// naming the first record that does).
pub async fn delete(app: &App, actor: &str, e: &'static Entity, id: Uuid) -> Result<Msg> {
    let mut tx = app.pool.begin().await?;
    db::config::get(&mut *tx, e, id)
        .await?
        .ok_or_else(|| not_found(e))?;
    let in_use = |by: &Entity, name: String| {
        Error::conflict(
            Msg::new("config.inUse")
                .arg_msg("entity", label(e))
                .arg_msg("other", label(by))
                .arg("name", name),
        )
    };
    if let Some((code, version)) = db::recipes::using(&mut *tx, id).await? {
        return Err(Error::conflict(
            Msg::new("config.usedByRecipe")
                .arg_msg("entity", label(e))
                .arg("code", code)
                .arg("version", version),
        ));
    }
    for r in referrers(e.key) {
        if let Some(name) = db::config::referred_by(&mut *tx, &r, id).await? {
            return Err(in_use(r.entity, name));
        }
    }
    // Lots name their material and supplier (issue 33).
    if let Some(number) = db::lots::referring(&mut *tx, e.key, id).await? {
        return Err(Error::conflict(
            Msg::new("config.inUse")
                .arg_msg("entity", label(e))
                .arg_msg("other", Msg::new("entity.lot"))
                .arg("name", number),
        ));
    }
    // Deliveries name their customer.
    if e.key == "customers"
        && let Some(number) = db::deliveries::of_customer(&mut *tx, id).await?
    {
        return Err(Error::conflict(
            Msg::new("config.inUse")
                .arg_msg("entity", label(e))
                .arg_msg("other", Msg::new("entity.delivery"))
                .arg("name", number),
        ));
    }
    // A line is refused while any record of it lives.
    if e.key == "lines" {
        for scoped in model::config::ENTITIES.iter().filter(|x| x.scoped) {
            if let Some(name) = db::config::on_line(&mut *tx, scoped, id).await? {
                return Err(in_use(scoped, name));
            }
        }
    }
    let before = db::config::soft_delete(&mut tx, e, id, actor)
        .await?
        .ok_or_else(|| not_found(e))?;
    audit(&mut *tx, actor, "delete", e, Some(&before), None).await?;
    tx.commit().await?;
    Ok(Msg::new("config.deleted").arg_msg("entity", label(e)))
}

/// What a copy of one entity between lines did.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct CopyReport {
    /// Codes copied to the target line.
    pub copied: Vec<String>,
    /// Codes the target line already had (left as they are).
    pub skipped: Vec<String>,
}

/// Copies the records of `e` from line `from` to line `to` as `actor`, skipping codes the
/// target line already has; all or none when one is invalid there.
pub async fn copy(
    app: &App,
    actor: &str,
    e: &'static Entity,
    from: Uuid,
    to: Uuid,
) -> Result<(CopyReport, Msg)> {
    if from == to {
        return Err(Error::field("toLineId", Msg::new("copy.sameLine")));
    }
    let mut tx = app.pool.begin().await?;
    let found = db::config::lines_of(&mut *tx, entity("lines"), &[from, to]).await?;
    for (id, field) in [(from, "fromLineId"), (to, "toLineId")] {
        if !found.iter().any(|(f, _)| *f == id) {
            return Err(Error::field(field, Msg::new("config.lineNotFound")));
        }
    }
    let mut report = CopyReport {
        copied: Vec::new(),
        skipped: Vec::new(),
    };
    for source in db::config::list(&mut *tx, e, Some(from), &[]).await? {
        let code = source[e.title].as_str().unwrap_or_default().to_string();
        let mut body: Map<String, Json> = e
            .fields
            .iter()
            .map(|f| (f.name.to_string(), source[f.name].clone()))
            .collect();
        body.insert("lineId".into(), Json::String(to.to_string()));
        match prepare::prepare(&mut tx, e, None, &body).await? {
            Ok(p) => {
                insert_audited(&mut tx, actor, "copy", e, p).await?;
                report.copied.push(code);
            }
            Err(p) if p.invalid.is_empty() => report.skipped.push(code),
            Err(p) => return Err(p.into_error()),
        }
    }
    tx.commit().await?;
    let msg = Msg::new("copy.done")
        .arg("copied", report.copied.len())
        .arg("skipped", report.skipped.len())
        .arg_msg("entity", label(e));
    Ok((report, msg))
}

/// Sets the materials of each bin `entries` name (`{binId, materialId, priority?, lot?}`) as
/// `actor`; all bins or none. Problems are reported as `binMaterials[i]`, the first entry of
/// the bin concerned. The bins as updated.
pub async fn set_bin_materials(
    app: &App,
    actor: &str,
    entries: &[Json],
) -> Result<(Vec<Json>, Msg)> {
    let bins = entity("bins");
    let mut per_bin: std::collections::BTreeMap<String, (usize, Vec<Json>)> =
        std::collections::BTreeMap::new();
    let mut problems = Problems::default();
    for (i, entry) in entries.iter().enumerate() {
        let Some(bin_id) = entry["binId"].as_str() else {
            problems.invalid.insert(
                format!("binMaterials[{i}].binId"),
                Msg::new("validation.required"),
            );
            continue;
        };
        let mut material = entry.as_object().cloned().unwrap_or_default();
        material.remove("binId");
        per_bin
            .entry(bin_id.to_string())
            .or_insert((i, Vec::new()))
            .1
            .push(Json::Object(material));
    }
    let mut tx = app.pool.begin().await?;
    let mut updated = Vec::new();
    for (bin_id, (first, materials)) in per_bin {
        let key = format!("binMaterials[{first}]");
        let id = Uuid::parse_str(bin_id.trim())
            .map_err(|_| Error::NotFound(Msg::new("request.notFound")))?;
        let Some(before) = db::config::get(&mut *tx, bins, id).await? else {
            problems
                .invalid
                .insert(format!("{key}.binId"), Msg::new("config.refMissing"));
            continue;
        };
        let change = Map::from_iter([("binMaterials".to_string(), Json::Array(materials))]);
        match prepare::prepare(&mut tx, bins, Some(&before), &change).await? {
            Err(p) => {
                if let Some(msg) = p.invalid.into_values().next() {
                    problems.invalid.insert(key, msg);
                }
            }
            Ok(p) if problems.is_empty() => {
                updated.extend(update_audited(&mut tx, actor, bins, &before, p).await?);
            }
            Ok(_) => {}
        }
    }
    if !problems.is_empty() {
        return Err(problems.into_error());
    }
    tx.commit().await?;
    Ok((
        updated,
        Msg::new("config.updated").arg_msg("entity", label(bins)),
    ))
}
