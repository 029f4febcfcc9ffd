//! Placing an order in its line's queue: the checks of its values (the recipe at the production
//! level on this line, a batch size the recipe runs at, …), the carry-over guard on the planned
//! queue with flushes placed on request, and the order's audit entries.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use db::DbError;
use db::schedules::{Fields, Order};
use model::recipe::check::{NAME_MAX, code_ok};
use model::schedule::Status;
use model::schedule::carry::Queued;
use model::{Lang, Msg};
use serde_json::json;
use sqlx::PgConnection;
use uuid::Uuid;

use super::guard;
use super::input::ScheduleInput;
use crate::when::instant;
use crate::{Error, Result};

/// Most batches one order may ask for.
pub const MAX_BATCHES: i64 = 1000;
const NOTES_MAX: usize = model::limits::DESCRIPTION;

pub async fn audit(
    db: &mut PgConnection,
    actor: &str,
    action: &str,
    id: Uuid,
    before: Option<&Order>,
    after: Option<&Order>,
) -> Result<()> {
    let doc = |o: &Order| {
        json!({
            "orderNumber": o.order_number, "name": o.name, "recipeGroupId": o.recipe_group_id,
            "batchSizeKg": o.batch_size_kg, "batches": o.batches, "plannedStart": o.planned_start,
            "sequence": o.sequence, "notes": o.notes, "status": o.status, "kind": o.kind,
        })
    };
    db::audit::write(
        db,
        db::audit::Entry {
            actor: Some(actor),
            action,
            entity: "productionSchedule",
            entity_id: Some(id.to_string()),
            before: before.map(doc),
            after: after.map(doc),
            detail: None,
        },
    )
    .await?;
    Ok(())
}

/// The checked values of `input` for an order of `line` (`current`: the order being edited).
pub(super) struct Checked {
    pub(super) order_number: String,
    pub(super) name: String,
    pub(super) recipe_group: Uuid,
    pub(super) class: String,
    pub(super) batch_size_kg: f64,
    pub(super) batches: i32,
    pub(super) planned_start: DateTime<Utc>,
    pub(super) sequence: Option<i32>,
    pub(super) notes: Option<String>,
}

pub(super) async fn check(
    db: &mut PgConnection,
    line: Uuid,
    input: &ScheduleInput,
    mut errors: BTreeMap<String, Msg>,
) -> Result<Checked> {
    let text = |v: &Option<String>| v.as_deref().map(str::trim).unwrap_or_default().to_string();
    let order_number = text(&input.order_number);
    if order_number.is_empty() {
        errors.insert("orderNumber".into(), Msg::new("validation.required"));
    } else if !code_ok(&order_number) {
        errors.insert("orderNumber".into(), Msg::new("validation.code"));
    }
    // The recipe: a version's or group's id, of this line, with a version at production level.
    let mut version = None;
    let raw = text(&input.recipe_id);
    let group = match Uuid::parse_str(&raw) {
        Ok(id) => db::recipes::group_of(&mut *db, id).await?,
        Err(_) => None,
    };
    match group {
        None if raw.is_empty() => {
            errors.insert("recipeId".into(), Msg::new("validation.required"));
        }
        None => {
            errors.insert("recipeId".into(), Msg::new("recipe.notFound"));
        }
        Some(g) => {
            let versions = db::recipes::versions(&mut *db, g).await?;
            let production = db::recipes::production_version(&mut *db, g).await?;
            match (versions.first(), production) {
                (Some(v), _) if v.line_id != line => {
                    errors.insert("recipeId".into(), Msg::new("schedule.recipeOtherLine"));
                }
                (Some(_), Some(p)) => version = versions.into_iter().find(|v| v.id == p),
                (None, Some(_)) => {
                    errors.insert("recipeId".into(), Msg::new("recipe.notFound"));
                }
                (first, _) => {
                    let code = first.map(|v| v.code.clone()).unwrap_or_default();
                    errors.insert(
                        "recipeId".into(),
                        Msg::new("schedule.notReleased").arg("code", code),
                    );
                }
            }
        }
    }
    let name = match text(&input.name) {
        n if n.is_empty() => version.as_ref().map(|v| v.name.clone()).unwrap_or_default(),
        n => n,
    };
    if name.chars().count() > NAME_MAX {
        errors.insert(
            "name".into(),
            Msg::new("validation.textTooLong").arg("max", NAME_MAX),
        );
    }
    let notes = Some(text(&input.notes)).filter(|n| !n.is_empty());
    if notes
        .as_ref()
        .is_some_and(|n| n.chars().count() > NOTES_MAX)
    {
        errors.insert(
            "notes".into(),
            Msg::new("validation.textTooLong").arg("max", NOTES_MAX),
        );
    }
    let batches = match input.batches {
        Some(n) if (1..=MAX_BATCHES).contains(&n) => n as i32,
        None => {
            errors.insert("batches".into(), Msg::new("validation.required"));
            0
        }
        Some(_) => {
            let msg = Msg::new("validation.numberRange")
                .arg("min", 1)
                .arg("max", MAX_BATCHES);
            errors.insert("batches".into(), msg);
            0
        }
    };
    let planned_start = match instant(input.planned_start.as_deref(), "plannedStart") {
        Ok(Some(t)) => t,
        Ok(None) => {
            errors.insert("plannedStart".into(), Msg::new("validation.required"));
            Utc::now()
        }
        Err(_) => {
            errors.insert("plannedStart".into(), Msg::new("validation.dateTime"));
            Utc::now()
        }
    };
    let sequence = match input.sequence {
        None => None,
        Some(n) if (1..=i64::from(i32::MAX / 2)).contains(&n) => Some(n as i32),
        Some(_) => {
            errors.insert(
                "sequence".into(),
                Msg::new("validation.numberRange")
                    .arg("min", 1)
                    .arg("max", i32::MAX / 2),
            );
            None
        }
    };
    let batch_size_kg = input
        .batch_size_kg
        .or(version.as_ref().map(|v| v.batch_size_kg))
        .unwrap_or(0.0);
    if !(batch_size_kg.is_finite() && batch_size_kg > 0.0) {
        errors.insert("batchSizeKg".into(), Msg::new("recipe.batchSizePositive"));
    } else if let Some(v) = &version {
        // Within the mixer and the recipe's limits: the version must run at this size.
        let plant = crate::recipes::load_plant(db, line).await?;
        let built = model::schedule::control::build(
            v.id,
            &v.code,
            v.version,
            &v.content(),
            &plant,
            batch_size_kg,
        );
        if let Err(problems) = built {
            let first = &problems[0];
            let field = if first.field == "batchSizeKg" || first.field.ends_with(".setpoint") {
                "batchSizeKg"
            } else {
                "recipeId"
            };
            errors.insert(field.into(), crate::recipes::problem_msg(first));
        }
    }
    if !errors.is_empty() {
        return Err(Error::Invalid(errors));
    }
    let version = version.expect("checked above");
    Ok(Checked {
        order_number,
        name,
        recipe_group: version.recipe_group_id,
        class: version.medication_class,
        batch_size_kg,
        batches,
        planned_start,
        sequence,
        notes,
    })
}

pub(super) fn number_taken(e: DbError) -> Error {
    match e {
        DbError::Conflict(_) => Error::conflict_on("orderNumber", Msg::new("schedule.numberTaken")),
        other => other.into(),
    }
}

impl Checked {
    pub(super) fn fields(&self, sequence: i32) -> Fields<'_> {
        Fields {
            kind: "PRODUCTION",
            order_number: &self.order_number,
            name: &self.name,
            recipe_group_id: Some(self.recipe_group),
            medication_class: &self.class,
            batch_size_kg: self.batch_size_kg,
            batches: self.batches,
            planned_start: self.planned_start,
            sequence,
            notes: self.notes.as_deref(),
        }
    }
}

/// The line's queue as it would be with `id` (class `class`) at `sequence`.
fn placed(queue: &[Order], id: Uuid, class: &str, sequence: i32) -> Vec<Queued> {
    let mut q: Vec<(i32, Queued)> = queue
        .iter()
        .filter(|o| o.id != id)
        .map(|o| {
            let seq = if o.sequence >= sequence {
                o.sequence + 1
            } else {
                o.sequence
            };
            (seq, guard::queued(o))
        })
        .collect();
    q.push((
        sequence,
        Queued {
            id,
            kind: model::schedule::Kind::Production,
            class: class.into(),
            status: Status::Planned,
        },
    ));
    q.sort_by_key(|(s, _)| *s);
    q.into_iter().map(|(_, q)| q).collect()
}

/// Inserts a planned flush at `sequence` of `line` (making room), planned to start at `start`.
pub async fn insert_flush(
    tx: &mut PgConnection,
    line: Uuid,
    sequence: i32,
    start: DateTime<Utc>,
    actor: &str,
    names: Lang,
) -> Result<Uuid> {
    let settings = db::schedules::carry_over(&mut *tx, line).await?;
    let Some((material, kg)) =
        settings.and_then(|s| Some((s.flush_material_id?, s.flush_quantity_kg?)))
    else {
        return Err(Error::conflict(Msg::new("schedule.noFlush")));
    };
    let plant = crate::recipes::load_plant(tx, line).await?;
    let code = plant
        .materials
        .get(&material)
        .map(|m| m.code.clone())
        .unwrap_or_default();
    let name = Msg::new("schedule.flushName")
        .arg("material", &code)
        .text(names);
    if model::schedule::control::flush(&plant, material, kg, &name).is_none() {
        return Err(Error::conflict(
            Msg::new("schedule.noFlushBin").arg("material", code),
        ));
    }
    db::schedules::make_room(tx, line, sequence).await?;
    let number = format!(
        "FLUSH-{}",
        &Uuid::new_v4().simple().to_string()[..8].to_uppercase()
    );
    let fields = Fields {
        kind: "FLUSH",
        order_number: &number,
        name: &name,
        recipe_group_id: None,
        medication_class: "NONE",
        batch_size_kg: kg,
        batches: 1,
        planned_start: start,
        sequence,
        notes: None,
    };
    let id = db::schedules::insert(tx, line, &fields, None, actor).await?;
    let created = db::schedules::get(&mut *tx, id).await?;
    audit(tx, actor, "created", id, None, created.as_ref()).await?;
    Ok(id)
}

/// Places the checked order `id` at `sequence`, refusing a carry-over conflict unless
/// `with_flush`, which places flushes around it instead.
#[allow(clippy::too_many_arguments)]
pub(super) async fn place(
    tx: &mut PgConnection,
    line: Uuid,
    id: Uuid,
    c: &Checked,
    sequence: i32,
    with_flush: bool,
    actor: &str,
    names: Lang,
) -> Result<i32> {
    let queue = db::schedules::queue(&mut *tx, line).await?;
    let matrix = guard::matrix(tx, line).await?;
    let q = placed(&queue, id, &c.class, sequence);
    let found = model::schedule::carry::conflicts_of(&q, &matrix, id);
    if found.is_empty() {
        return Ok(sequence);
    }
    if !with_flush {
        let mut numbers = guard::numbers(&queue);
        numbers.insert(id, c.order_number.clone());
        guard::refuse(&q, &matrix, id, &numbers)?;
    }
    let mut sequence = sequence;
    // After it first (its place does not move the ones before), then before it.
    if found.iter().any(|f| f.previous == id) {
        insert_flush(tx, line, sequence + 1, c.planned_start, actor, names).await?;
    }
    if found.iter().any(|f| f.next == id) {
        insert_flush(tx, line, sequence, c.planned_start, actor, names).await?;
        sequence += 1;
    }
    Ok(sequence)
}
