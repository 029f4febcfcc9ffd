//! Lots and goods-in (issue 33): the commands behind `/api/lots` and `/api/bins/fill`. A lot is
//! checked ([`model::trace::check_lot`]), written and audited in one transaction. A fill is
//! published on the bus as the bin's FILL movement carrying the lot (as a plant that records its
//! intake does), so ingest puts the portion into the bin in order with the doses around it, and
//! the line's controller (the simulator) sees its bin rise.

use std::time::Duration;

use chrono::Utc;
use model::Msg;
use model::schedule::control::ControlRecipe;
use model::trace::{
    self, BinContent, BinFill, BinFilled, Lot, LotInput, LotStatus, LotStatusChange,
};
use model::wire::{BinMovement, BinMovementKind, Envelope};
use uuid::Uuid;

use crate::{App, Error, Result};

pub use db::lots::Filter;

/// The most lots one list answers whole.
pub const MAX_LOTS: usize = 5_000;

fn not_found() -> Error {
    Error::NotFound(Msg::new("lot.notFound"))
}

fn ref_missing(field: &str) -> Error {
    Error::field(field, Msg::new("config.refMissing"))
}

pub async fn list(app: &App, f: &Filter) -> Result<Vec<Lot>> {
    Ok(db::lots::list(&app.pool, f).await?)
}

pub async fn count(app: &App, f: &Filter) -> Result<i64> {
    Ok(db::lots::count(&app.pool, f).await?)
}

pub async fn get(app: &App, raw_id: &str) -> Result<Lot> {
    let id = Uuid::parse_str(raw_id.trim()).map_err(|_| not_found())?;
    db::lots::get(&app.pool, id).await?.ok_or_else(not_found)
}

async fn audit(
    db: impl sqlx::PgExecutor<'_>,
    actor: &str,
    action: &str,
    entity_id: String,
    before: Option<serde_json::Value>,
    after: Option<serde_json::Value>,
    detail: Option<serde_json::Value>,
) -> Result<()> {
    db::audit::write(
        db,
        db::audit::Entry {
            actor: Some(actor),
            action,
            entity: "lot",
            entity_id: Some(entity_id),
            before,
            after,
            detail,
        },
    )
    .await?;
    Ok(())
}

fn json(l: &Lot) -> Option<serde_json::Value> {
    serde_json::to_value(l).ok()
}

/// The checked lot and its material's line; refuses unknown materials and suppliers and a
/// supplier whose approval is suspended.
async fn checked(app: &App, input: &LotInput) -> Result<(Uuid, trace::CheckedLot)> {
    let c = trace::check_lot(input, Utc::now()).map_err(Error::Invalid)?;
    let line = db::lots::material_line(&app.pool, c.material_id)
        .await?
        .ok_or_else(|| ref_missing("materialId"))?;
    match db::lots::supplier_approval(&app.pool, c.supplier_id).await? {
        None => return Err(ref_missing("supplierId")),
        Some(a) if a == "SUSPENDED" => {
            return Err(Error::Conflict {
                field: Some("supplierId"),
                msg: Msg::new("lot.supplierSuspended"),
            });
        }
        Some(_) => {}
    }
    Ok((line, c))
}

fn taken(e: db::DbError) -> Error {
    match e {
        db::DbError::Conflict(_) => Error::Conflict {
            field: Some("lotNumber"),
            msg: Msg::new("lot.numberTaken"),
        },
        other => other.into(),
    }
}

/// Goods-in: records a lot (in QUARANTINE unless the input says otherwise).
pub async fn create(app: &App, actor: &str, input: &LotInput) -> Result<Lot> {
    let (line, c) = checked(app, input).await?;
    let mut tx = app.pool.begin().await?;
    let id = db::lots::insert(&mut *tx, line, &c, actor)
        .await
        .map_err(taken)?;
    let lot = db::lots::get(&mut *tx, id).await?.ok_or_else(not_found)?;
    audit(
        &mut *tx,
        actor,
        "lot_created",
        id.to_string(),
        None,
        json(&lot),
        None,
    )
    .await?;
    tx.commit().await?;
    Ok(lot)
}

/// Changes a lot's recorded values; its material stays once anything of it was filled or
/// dosed (its portions and doses name that material).
pub async fn edit(app: &App, actor: &str, raw_id: &str, input: &LotInput) -> Result<Lot> {
    let before = get(app, raw_id).await?;
    let (line, c) = checked(app, input).await?;
    let mut tx = app.pool.begin().await?;
    if c.material_id != before.material_id && db::lots::used(&mut *tx, before.id).await? {
        return Err(Error::Conflict {
            field: Some("materialId"),
            msg: Msg::new("lot.usedMaterial"),
        });
    }
    if !db::lots::update(&mut *tx, before.id, line, &c, actor)
        .await
        .map_err(taken)?
    {
        return Err(not_found());
    }
    let after = db::lots::get(&mut *tx, before.id)
        .await?
        .ok_or_else(not_found)?;
    audit(
        &mut *tx,
        actor,
        "lot_updated",
        before.id.to_string(),
        json(&before),
        json(&after),
        None,
    )
    .await?;
    tx.commit().await?;
    Ok(after)
}

/// Deletes a lot nothing was filled or dosed of (409 otherwise: its trace must stay).
pub async fn delete(app: &App, actor: &str, raw_id: &str) -> Result<Lot> {
    let before = get(app, raw_id).await?;
    let mut tx = app.pool.begin().await?;
    if db::lots::used(&mut *tx, before.id).await? {
        return Err(Error::conflict(
            Msg::new("lot.inUse").arg("lot", &before.lot_number),
        ));
    }
    if !db::lots::soft_delete(&mut *tx, before.id, actor).await? {
        return Err(not_found());
    }
    audit(
        &mut *tx,
        actor,
        "lot_deleted",
        before.id.to_string(),
        json(&before),
        None,
        None,
    )
    .await?;
    tx.commit().await?;
    Ok(before)
}

/// Moves a lot between QUARANTINE, RELEASED and BLOCKED, with the reason, audited.
pub async fn set_status(
    app: &App,
    actor: &str,
    raw_id: &str,
    change: &LotStatusChange,
) -> Result<Lot> {
    let before = get(app, raw_id).await?;
    let (status, reason) = trace::check_status(change).map_err(Error::Invalid)?;
    let mut tx = app.pool.begin().await?;
    if !db::lots::set_status(&mut *tx, before.id, status, &reason, actor).await? {
        return Err(not_found());
    }
    let after = db::lots::get(&mut *tx, before.id)
        .await?
        .ok_or_else(not_found)?;
    audit(
        &mut *tx,
        actor,
        "lot_status",
        before.id.to_string(),
        json(&before),
        json(&after),
        Some(serde_json::json!({
            "from": before.status, "to": status, "reason": reason,
        })),
    )
    .await?;
    tx.commit().await?;
    // The board marks doses from bins holding a lot not released: show the lines again.
    for line in db::lots::lines_holding(&app.pool, after.id).await? {
        if let Ok(line) = Uuid::parse_str(&line) {
            crate::board::publish_line(app, line, &[]).await;
        }
    }
    Ok(after)
}

/// The message of a lot's status (`in quarantine`, `released`, `blocked`).
pub fn status_msg(s: LotStatus) -> Msg {
    Msg::new(match s {
        LotStatus::Quarantine => "lot.status.QUARANTINE",
        LotStatus::Released => "lot.status.RELEASED",
        LotStatus::Blocked => "lot.status.BLOCKED",
    })
}

/// 409 when a dose of `c` is from a bin of `line` holding a lot that is not released (an order
/// needing such a bin is not released; issue 33, item 3).
pub(crate) async fn refuse_held(
    db: &mut sqlx::PgConnection,
    line: Uuid,
    c: &ControlRecipe,
) -> Result<()> {
    let held = db::lots::held_unreleased(&mut *db, &[line.to_string()]).await?;
    for bin in c.weighings.iter().filter_map(|w| w.bin_code.as_deref()) {
        if let Some((_, code, lot, status)) =
            held.iter().find(|(_, b, _, _)| b.eq_ignore_ascii_case(bin))
        {
            return Err(Error::Conflict {
                field: Some("status"),
                msg: Msg::new("lot.binHeld")
                    .arg("bin", code)
                    .arg("lot", lot)
                    .arg_msg("status", status_msg(*status)),
            });
        }
    }
    Ok(())
}

/// How long a fill waits for the stream to take its movement.
const PUBLISH_WAIT: Duration = Duration::from_secs(5);

/// Puts `quantityKg` of a lot into a bin: checks the bin holds that material (400 naming both
/// otherwise), that the lot may be used and was received by then, and that the bin has room;
/// then publishes the FILL movement and waits until the stream has it.
pub async fn fill(app: &App, actor: &str, fill: &BinFill) -> Result<BinFilled> {
    let now = Utc::now();
    let f = trace::check_fill(fill, now).map_err(Error::Invalid)?;
    let bin = db::lots::fill_bin(&app.pool, f.bin_id)
        .await?
        .ok_or_else(|| ref_missing("binId"))?;
    let lot = db::lots::get(&app.pool, f.lot_id)
        .await?
        .ok_or_else(|| ref_missing("lotId"))?;
    let holds = bin.material_ids.contains(&lot.material_id)
        || bin
            .material_codes
            .iter()
            .any(|c| c.eq_ignore_ascii_case(&lot.material_code));
    if !holds {
        let materials = if bin.material_codes.is_empty() {
            "—".to_string()
        } else {
            bin.material_codes.join(", ")
        };
        return Err(Error::field(
            "lotId",
            Msg::new("lot.wrongMaterial")
                .arg("lot", &lot.lot_number)
                .arg("material", &lot.material_code)
                .arg("bin", &bin.code)
                .arg("materials", materials),
        ));
    }
    if lot.status == LotStatus::Blocked {
        return Err(Error::Conflict {
            field: Some("lotId"),
            msg: Msg::new("lot.blockedFill").arg("lot", &lot.lot_number),
        });
    }
    if f.at < lot.received_at {
        return Err(Error::field("at", Msg::new("lot.fillBeforeReceipt")));
    }
    let level = bin.level_kg.unwrap_or(0.0).max(0.0);
    let free = (bin.capacity_kg - level).max(0.0);
    if f.quantity_kg > free + 1e-6 {
        return Err(Error::field(
            "quantityKg",
            Msg::new("lot.overCapacity")
                .arg("bin", &bin.code)
                .arg("free", format!("{free:.0}")),
        ));
    }
    let Some(nats) = app.nats.clone() else {
        return Err(Error::Unavailable("the bus is not connected".into()));
    };
    let line = bin.line_id.to_string();
    let movement = BinMovement {
        id: Uuid::now_v7(),
        time: f.at,
        bin_id: bin.code.clone(),
        material_id: lot.material_code.clone(),
        lot: Some(lot.lot_number.clone()),
        delta_kg: f.quantity_kg,
        level_kg: level + f.quantity_kg,
        kind: BinMovementKind::Fill,
    };
    let filled = BinFilled {
        movement_id: movement.id,
        line_id: bin.line_id,
        bin_id: bin.id,
        bin_code: bin.code.clone(),
        lot_id: lot.id,
        lot_number: lot.lot_number.clone(),
        material_code: lot.material_code.clone(),
        quantity_kg: f.quantity_kg,
        level_kg: movement.level_kg,
        at: f.at,
    };
    let js = async_nats::jetstream::new(nats);
    bus::publish_once(&js, &Envelope::new(&line, vec![movement]), PUBLISH_WAIT)
        .await
        .map_err(|e| Error::Unavailable(format!("the bus did not take the fill: {e:#}")))?;
    audit(
        &app.pool,
        actor,
        "bin_filled",
        lot.id.to_string(),
        None,
        serde_json::to_value(&filled).ok(),
        None,
    )
    .await?;
    Ok(filled)
}

/// What a bin holds now, lot by lot, with its mass balance.
pub async fn content(app: &App, raw_bin: &str) -> Result<BinContent> {
    let id = Uuid::parse_str(raw_bin.trim())
        .map_err(|_| Error::NotFound(Msg::new("lot.binNotFound")))?;
    let bin = db::lots::fill_bin(&app.pool, id)
        .await?
        .ok_or_else(|| Error::NotFound(Msg::new("lot.binNotFound")))?;
    Ok(db::lots::content(&app.pool, &bin).await?)
}
