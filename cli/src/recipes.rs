//! The simulator's recipes: the recipe versions at the production level of each configured line,
//! as the line's controller would have them (material, scale and bin codes; setpoints and
//! tolerances in kg), reloaded while the simulator runs so a release reaches the plant.

use std::collections::HashMap;
use std::time::Duration;

use db::PgPool;
use model::recipe::Plant;
use sim::recipes::{Ingredient, Recipe, RecipeBook};
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

/// How often released recipes are read again.
const EVERY: Duration = Duration::from_secs(30);

/// The version `v` as the simulator doses it.
fn sim_recipe(v: &db::recipes::Version, plant: &Plant) -> Recipe {
    let c = v.content();
    let code = |id: Option<Uuid>| id.and_then(|i| plant.code_of(i)).unwrap_or("?").to_string();
    let ingredients = c
        .weighing_items
        .iter()
        .map(|w| {
            // The chosen bin, else any bin of the scale holding the material.
            let bin = w.bin_id.or_else(|| {
                plant
                    .bins
                    .iter()
                    .find(|(_, b)| {
                        b.scale_id == w.scale_id
                            && w.material_id.is_some_and(|m| b.material_ids.contains(&m))
                    })
                    .map(|(id, _)| *id)
            });
            Ingredient {
                material: code(w.material_id),
                scale: code(w.scale_id),
                bin: code(bin),
                setpoint_kg: w.setpoint_kg(c.batch_size_kg),
                tolerance_kg: w.tolerance_kg(c.batch_size_kg),
            }
        })
        .collect();
    let mix_s: f64 = c.mixing_items.iter().filter_map(|m| m.duration_s).sum();
    Recipe {
        id: v.id.to_string(),
        code: v.code.clone(),
        name: c.name.clone(),
        version: v.version,
        batch_kg: c.batch_size_kg,
        mix_s: if mix_s > 0.0 { mix_s } else { 120.0 },
        ingredients,
    }
}

/// The versions of `line` holding the installation's highest release level.
async fn production(pool: &PgPool, line: Uuid) -> anyhow::Result<Vec<Recipe>> {
    let top = db::recipes::levels(pool)
        .await?
        .iter()
        .map(|l| l.level)
        .max();
    let released = db::recipes::list(pool, Some(line), db::recipes::Listing::Released).await?;
    let groups: Vec<Uuid> = released.iter().map(|v| v.recipe_group_id).collect();
    let releases = db::recipes::releases(pool, &groups).await?;
    let mut conn = pool.acquire().await?;
    let plant = api::recipes::load_plant(&mut conn, line).await?;
    Ok(released
        .iter()
        .filter(|v| {
            releases
                .iter()
                .any(|r| r.recipe_id == v.id && r.ended_at.is_none() && Some(r.level) == top)
        })
        .map(|v| sim_recipe(v, &plant))
        .collect())
}

/// Reads the production recipes of every line in `lines` into `book`; a line that cannot be
/// read keeps what it had.
pub async fn load(pool: &PgPool, lines: &[String], book: &RecipeBook) {
    let mut found = HashMap::new();
    for line in lines {
        let Ok(id) = Uuid::parse_str(line) else {
            continue;
        };
        match production(pool, id).await {
            Ok(recipes) => {
                found.insert(line.clone(), recipes);
            }
            Err(e) => tracing::warn!(line, "cannot read the line's released recipes: {e:#}"),
        }
    }
    let counts: Vec<usize> = found.values().map(Vec::len).collect();
    if let Ok(mut b) = book.write() {
        b.extend(found);
    }
    tracing::debug!(?counts, "simulator recipes loaded");
}

/// Reloads `book` every 30 s until `token` is cancelled.
pub async fn keep_current(
    pool: PgPool,
    lines: Vec<String>,
    book: RecipeBook,
    token: CancellationToken,
) {
    loop {
        tokio::select! {
            _ = tokio::time::sleep(EVERY) => load(&pool, &lines, &book).await,
            _ = token.cancelled() => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use model::recipe::{Bin, Material, Scale};
    use sqlx::types::Json;

    #[test]
    fn a_version_becomes_codes_and_kilograms() {
        let (scale, corn, bin) = (Uuid::from_u128(1), Uuid::from_u128(2), Uuid::from_u128(3));
        let mut plant = Plant::default();
        plant.scales.insert(
            scale,
            Scale {
                code: "S-MAJOR".into(),
                ..Scale::default()
            },
        );
        plant.materials.insert(
            corn,
            Material {
                code: "CORN".into(),
                ..Material::default()
            },
        );
        plant.bins.insert(
            bin,
            Bin {
                code: "BIN-01".into(),
                scale_id: Some(scale),
                material_ids: vec![corn],
                ..Bin::default()
            },
        );
        let item: model::recipe::WeighingItem = serde_json::from_value(serde_json::json!({
            "scaleId": scale, "materialId": corn, "setpoint": 50, "setpointUnit": "PERCENT", "tolerance": 1, "toleranceUnit": "PERCENT"
        })).unwrap();
        let now = chrono::Utc::now();
        let v = db::recipes::Version {
            id: Uuid::from_u128(9),
            recipe_group_id: Uuid::from_u128(8),
            line_id: Uuid::from_u128(7),
            code: "BRG-01".into(),
            version: 3,
            latest_version: 3,
            name: "Broiler grower".into(),
            description: None,
            product: None,
            batch_size_kg: 4000.0,
            medication_class: "NONE".into(),
            mixing_mode_id: None,
            weighing_items: Json(vec![item]),
            mixing_items: Json(vec![]),
            miscellaneous_items: Json(vec![]),
            copied_from_id: None,
            saved_from_id: None,
            validated_at: None,
            locked_at: Some(now),
            created_at: now,
            created_by: None,
            updated_at: now,
            updated_by: None,
        };
        let r = sim_recipe(&v, &plant);
        assert_eq!((r.code.as_str(), r.version, r.mix_s), ("BRG-01", 3, 120.0));
        assert_eq!(
            r.ingredients,
            vec![Ingredient {
                material: "CORN".into(),
                scale: "S-MAJOR".into(),
                bin: "BIN-01".into(),
                setpoint_kg: 2000.0,
                tolerance_kg: 20.0
            }]
        );
    }

    #[sqlx::test(migrator = "db::MIGRATOR")]
    async fn the_demo_lines_dose_their_production_recipes(pool: PgPool) {
        let dir = std::env::temp_dir().join(format!("batchline-cli-{}", Uuid::new_v4()));
        let state =
            api::AppState::new(pool.clone(), api::ApiSettings::for_tests(dir.clone()), None)
                .unwrap();
        demo::seed(&state, "en").await.unwrap();
        let lines: Vec<String> = db::config::line_codes(&pool)
            .await
            .unwrap()
            .into_iter()
            .map(|(id, _)| id)
            .collect();
        let book = RecipeBook::default();
        load(&pool, &lines, &book).await;
        let book = book.read().unwrap();
        let mut codes: Vec<&str> = book[&lines[0]].iter().map(|r| r.code.as_str()).collect();
        codes.sort();
        assert_eq!(codes, ["BRG-01", "LAY-02", "MST-04", "PFN-03"]);
        assert_eq!(book[&lines[1]].len(), 3);
        let broiler = book[&lines[0]].iter().find(|r| r.code == "BRG-01").unwrap();
        assert_eq!(
            (broiler.name.as_str(), broiler.batch_kg, broiler.mix_s),
            ("Broiler grower", 4000.0, 170.0)
        );
        let corn = &broiler.ingredients[0];
        assert_eq!(
            (
                corn.material.as_str(),
                corn.scale.as_str(),
                corn.bin.as_str(),
                corn.setpoint_kg
            ),
            ("CORN", "S-MAJOR", "BIN-01", 2200.0)
        );
        // Every scale the demo doses is one the simulator knows how to feed.
        assert!(
            book.values()
                .flatten()
                .flat_map(|r| &r.ingredients)
                .all(|i| sim::recipes::SCALES.iter().any(|s| s.id == i.scale))
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}
