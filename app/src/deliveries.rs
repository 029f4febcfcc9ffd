//! Deliveries (issue 33, item 4): what a weighbridge or an ERP records when feed leaves the
//! mill, with the batches it carried. A batch is delivered at most up to what it made; an
//! order's kilograms are spread over its completed batches in proportion to what is left of
//! each (so a recall names every batch the load may hold).

use chrono::Utc;
use model::Msg;
use model::trace::{self, CheckedDelivery, Deliverables, Delivery, DeliveryInput, Load};
use uuid::Uuid;

use crate::{App, Error, Result};

pub use db::deliveries::Filter;

/// The most deliveries one list answers whole.
pub const MAX_DELIVERIES: usize = 5_000;
/// A batch may be delivered up to what it made and this much more (scale differences).
const OVER_KG: f64 = 0.5;

/// The most batches (and orders) `deliverables` answers.
pub const MAX_DELIVERABLE: i64 = 500;
/// How far back `deliverables` looks by default, and at most, in days.
pub const DELIVERABLE_DAYS: (u32, u32) = (14, 90);

fn not_found() -> Error {
    Error::NotFound(Msg::new("delivery.notFound"))
}

pub async fn list(app: &App, f: &Filter) -> Result<Vec<Delivery>> {
    let mut conn = app.pool.acquire().await?;
    Ok(db::deliveries::list(&mut conn, f).await?)
}

pub async fn count(app: &App, f: &Filter) -> Result<i64> {
    Ok(db::deliveries::count(&app.pool, f).await?)
}

/// What line `line` completed in the last `days` days and has not delivered yet: its batches
/// (numbers containing `number`, when given) and its orders, newest first.
pub async fn deliverables(
    app: &App,
    line: Uuid,
    days: u32,
    number: Option<&str>,
) -> Result<Deliverables> {
    let since = Utc::now() - chrono::Duration::days(i64::from(days));
    let line = line.to_string();
    let number = number.map(str::trim).filter(|n| !n.is_empty());
    Ok(Deliverables {
        batches: db::deliveries::deliverable_batches(
            &app.pool,
            &line,
            since,
            number,
            MAX_DELIVERABLE,
        )
        .await?,
        orders: db::deliveries::deliverable_orders(&app.pool, &line, since, MAX_DELIVERABLE)
            .await?,
    })
}

pub async fn get(app: &App, raw_id: &str) -> Result<Delivery> {
    let id = Uuid::parse_str(raw_id.trim()).map_err(|_| not_found())?;
    let mut conn = app.pool.acquire().await?;
    db::deliveries::get(&mut conn, id)
        .await?
        .ok_or_else(not_found)
}

/// The batches `(line, batch, kg)` of a checked delivery: the ones named, each within what it
/// made less what other deliveries took, or the order's spread over its batches.
async fn loaded(
    app: &App,
    c: &CheckedDelivery,
    except: Option<Uuid>,
) -> Result<Vec<(String, String, f64)>> {
    match &c.load {
        Load::Batches(batches) => {
            let named: Vec<(String, String)> = batches
                .iter()
                .map(|(l, b, _)| (l.to_string(), b.clone()))
                .collect();
            let stock = db::deliveries::batch_stock(&app.pool, &named, except).await?;
            let mut errors = std::collections::BTreeMap::new();
            for (i, ((_, batch, kg), (_, _, made, delivered))) in
                batches.iter().zip(stock.iter()).enumerate()
            {
                match made {
                    None => {
                        errors.insert(
                            format!("batches[{i}].batchId"),
                            Msg::new("delivery.batchUnknown").arg("batch", batch),
                        );
                    }
                    Some(made) if delivered + kg > made + OVER_KG => {
                        errors.insert(
                            format!("batches[{i}].kg"),
                            Msg::new("delivery.batchOverdrawn")
                                .arg("batch", batch)
                                .arg("left", format!("{:.0}", (made - delivered).max(0.0))),
                        );
                    }
                    Some(_) => {}
                }
            }
            if !errors.is_empty() {
                return Err(Error::Invalid(errors));
            }
            Ok(batches
                .iter()
                .map(|(l, b, kg)| (l.to_string(), b.clone(), *kg))
                .collect())
        }
        Load::Order(order, kg) => {
            let made = db::deliveries::order_batches(&app.pool, *order).await?;
            if made.is_empty() {
                return Err(Error::field(
                    "orderId",
                    Msg::new("delivery.orderNothingMade"),
                ));
            }
            let named: Vec<(String, String)> = made
                .iter()
                .map(|(l, b, _)| (l.clone(), b.clone()))
                .collect();
            let stock = db::deliveries::batch_stock(&app.pool, &named, except).await?;
            let left: Vec<f64> = made
                .iter()
                .zip(stock.iter())
                .map(|((_, _, made), (_, _, _, delivered))| (made - delivered).max(0.0))
                .collect();
            let total: f64 = left.iter().sum();
            if *kg > total + OVER_KG {
                return Err(Error::field(
                    "kg",
                    Msg::new("delivery.orderOverdrawn").arg("left", format!("{total:.0}")),
                ));
            }
            Ok(made
                .into_iter()
                .zip(left)
                .filter(|(_, left)| *left > 0.0)
                .map(|((line, batch, _), left)| (line, batch, kg * left / total))
                .collect())
        }
    }
}

async fn checked(
    app: &App,
    input: &DeliveryInput,
    except: Option<Uuid>,
) -> Result<(CheckedDelivery, Vec<(String, String, f64)>)> {
    let c = trace::check_delivery(input, Utc::now()).map_err(Error::Invalid)?;
    if !db::deliveries::customer_is_live(&app.pool, c.customer_id).await? {
        return Err(Error::field("customerId", Msg::new("config.refMissing")));
    }
    let batches = loaded(app, &c, except).await?;
    Ok((c, batches))
}

fn taken(e: db::DbError) -> Error {
    match e {
        db::DbError::Conflict(_) => Error::Conflict {
            field: Some("deliveryNumber"),
            msg: Msg::new("delivery.numberTaken"),
        },
        other => other.into(),
    }
}

async fn audit(
    db: impl sqlx::PgExecutor<'_>,
    actor: &str,
    action: &str,
    before: Option<&Delivery>,
    after: Option<&Delivery>,
) -> Result<()> {
    let json = |d: &Delivery| serde_json::to_value(d).ok();
    db::audit::write(
        db,
        db::audit::Entry {
            actor: Some(actor),
            action,
            entity: "delivery",
            entity_id: after.or(before).map(|d| d.id.to_string()),
            before: before.and_then(json),
            after: after.and_then(json),
            detail: None,
        },
    )
    .await?;
    Ok(())
}

pub async fn create(app: &App, actor: &str, input: &DeliveryInput) -> Result<Delivery> {
    let (c, batches) = checked(app, input, None).await?;
    let mut tx = app.pool.begin().await?;
    let id = db::deliveries::insert(
        &mut tx,
        &c.delivery_number,
        c.customer_id,
        c.vehicle.as_deref(),
        c.delivered_at,
        &batches,
        actor,
    )
    .await
    .map_err(taken)?;
    let d = db::deliveries::get(&mut tx, id)
        .await?
        .ok_or_else(not_found)?;
    audit(&mut *tx, actor, "delivery_created", None, Some(&d)).await?;
    tx.commit().await?;
    Ok(d)
}

pub async fn edit(app: &App, actor: &str, raw_id: &str, input: &DeliveryInput) -> Result<Delivery> {
    let before = get(app, raw_id).await?;
    let (c, batches) = checked(app, input, Some(before.id)).await?;
    let mut tx = app.pool.begin().await?;
    let changed = db::deliveries::update(
        &mut tx,
        before.id,
        &c.delivery_number,
        c.customer_id,
        c.vehicle.as_deref(),
        c.delivered_at,
        &batches,
        actor,
    )
    .await
    .map_err(taken)?;
    if !changed {
        return Err(not_found());
    }
    let after = db::deliveries::get(&mut tx, before.id)
        .await?
        .ok_or_else(not_found)?;
    audit(
        &mut *tx,
        actor,
        "delivery_updated",
        Some(&before),
        Some(&after),
    )
    .await?;
    tx.commit().await?;
    Ok(after)
}

pub async fn delete(app: &App, actor: &str, raw_id: &str) -> Result<Delivery> {
    let before = get(app, raw_id).await?;
    let mut tx = app.pool.begin().await?;
    if !db::deliveries::soft_delete(&mut *tx, before.id, actor).await? {
        return Err(not_found());
    }
    audit(&mut *tx, actor, "delivery_deleted", Some(&before), None).await?;
    tx.commit().await?;
    Ok(before)
}
