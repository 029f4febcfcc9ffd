//! Saving, changing and deleting a subscription: checked, its owner's (or an administrator's),
//! audited.

use model::subscription::{Subscription, SubscriptionInput};
use model::{Msg, Role};
use serde_json::json;
use uuid::Uuid;

use super::check::{check, values};
use super::{not_found, parse, record};
use crate::stale::{Saved, refuse_stale, started_from};
use crate::{App, Error, Result};

/// Audits a change of subscription `id` with it before and after.
async fn audit(
    db: impl sqlx::PgExecutor<'_>,
    actor: &str,
    action: &str,
    id: Uuid,
    before: Option<&Subscription>,
    after: Option<&Subscription>,
) -> Result<()> {
    db::audit::write(
        db,
        db::audit::Entry {
            actor: Some(actor),
            action,
            entity: "reportSubscription",
            entity_id: Some(id.to_string()),
            before: before.map(|s| json!(s)),
            after: after.map(|s| json!(s)),
            detail: None,
        },
    )
    .await?;
    Ok(())
}

/// Saves a new subscription owned by `actor` (the report is read with their access).
pub async fn create(app: &App, actor: &str, input: &SubscriptionInput) -> Result<Subscription> {
    let c = check(app, input).await?;
    let mut tx = app.pool.begin().await?;
    let row = db::subscriptions::insert(&mut *tx, &values(&c), actor).await?;
    let id = row.id;
    let saved = record(app, row).await?;
    audit(&mut *tx, actor, "created", id, None, Some(&saved)).await?;
    tx.commit().await?;
    Ok(saved)
}

/// Refuses a change by someone other than the owner, unless an administrator.
fn may_change(actor: &str, role: Role, owner: &str) -> Result<()> {
    if role == Role::Privilege && !owner.eq_ignore_ascii_case(actor) {
        return Err(Error::Forbidden(
            Msg::new("subscription.notYours").arg("owner", owner),
        ));
    }
    Ok(())
}

pub async fn edit(
    app: &App,
    actor: &str,
    role: Role,
    raw: &str,
    input: &SubscriptionInput,
) -> Result<Subscription> {
    let id = parse(raw)?;
    let started = started_from(input.updated_at.as_deref())?;
    let c = check(app, input).await?;
    let mut tx = app.pool.begin().await?;
    let before = db::subscriptions::get(&mut *tx, id)
        .await?
        .ok_or_else(not_found)?;
    may_change(actor, role, &before.owner)?;
    let saved = Saved {
        at: before.updated_at,
        by: before.updated_by.as_deref(),
        line: None,
    };
    refuse_stale(&mut tx, started, saved).await?;
    let before = record(app, before).await?;
    let row = db::subscriptions::update(&mut *tx, id, &values(&c), actor)
        .await?
        .ok_or_else(not_found)?;
    let after = record(app, row).await?;
    audit(&mut *tx, actor, "updated", id, Some(&before), Some(&after)).await?;
    tx.commit().await?;
    Ok(after)
}

pub async fn delete(app: &App, actor: &str, role: Role, raw: &str) -> Result<Subscription> {
    let id = parse(raw)?;
    let mut tx = app.pool.begin().await?;
    let before = db::subscriptions::get(&mut *tx, id)
        .await?
        .ok_or_else(not_found)?;
    may_change(actor, role, &before.owner)?;
    let before = record(app, before).await?;
    if !db::subscriptions::delete(&mut *tx, id, actor).await? {
        return Err(not_found());
    }
    audit(&mut *tx, actor, "deleted", id, Some(&before), None).await?;
    tx.commit().await?;
    Ok(before)
}
