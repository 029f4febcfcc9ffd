//! One step list of a recipe document changed on its own (§7 Recipe steps).

use std::collections::BTreeMap;

use model::Msg;
use model::recipe::Content;
use model::recipe::check::Scope;
use serde_json::{Value, json};
use uuid::Uuid;

use super::{audit, not_found, refuse_blocking, refuse_locked};
use crate::{App, Result};

/// One step list of a recipe document (§7 Recipe steps).
#[derive(Debug, Clone, Copy)]
pub enum Step {
    Weighing,
    Mixing,
    Miscellaneous,
}

impl Step {
    /// The checks that judge this list alone.
    pub fn scope(self) -> Scope {
        match self {
            Step::Weighing => Scope::Weighing,
            Step::Mixing => Scope::Mixing,
            Step::Miscellaneous => Scope::Miscellaneous,
        }
    }

    /// The list's field in the document.
    pub fn name(self) -> &'static str {
        match self {
            Step::Weighing => "weighingItems",
            Step::Mixing => "mixingItems",
            Step::Miscellaneous => "miscellaneousItems",
        }
    }

    fn items(self, c: &Content) -> Value {
        match self {
            Step::Weighing => json!(c.weighing_items),
            Step::Mixing => json!(c.mixing_items),
            Step::Miscellaneous => json!(c.miscellaneous_items),
        }
    }
}

/// Applies `change` to the step list `step` of the unlocked version `id` as `actor`: checked
/// (only this step's blocking problems refuse it), stored, audited. The document as changed.
pub async fn change_step(
    app: &App,
    actor: &str,
    id: Uuid,
    step: Step,
    change: impl FnOnce(&mut Content) -> Result<()>,
) -> Result<(Content, Msg)> {
    let mut tx = app.pool.begin().await?;
    let v = db::recipes::version(&mut *tx, id)
        .await?
        .ok_or_else(not_found)?;
    refuse_locked(&v)?;
    let before = v.content();
    let mut content = before.clone();
    change(&mut content)?;
    content.normalise();
    // Only this step's problems: a material deleted since must not block the mixing steps.
    refuse_blocking(&mut tx, v.line_id, &content, step.scope(), BTreeMap::new()).await?;
    db::recipes::update_version(&mut *tx, id, &content, actor).await?;
    let detail = json!({"step": step.name(), "before": step.items(&before)});
    audit(
        &mut tx,
        actor,
        "updated",
        id,
        Some(&before),
        Some(&content),
        Some(detail),
    )
    .await?;
    tx.commit().await?;
    let msg = Msg::new("recipe.updated")
        .arg("code", &v.code)
        .arg("version", v.version);
    Ok((content, msg))
}
