//! The demo plant of `batchline seed`: two lines with at least one record of every entity on
//! each (checked over `ENTITIES`, so a new entity fails here until the seed makes one), names
//! in the seed language, and a second seed that changes nothing.

use std::collections::BTreeMap;

use api::plant::entity;
use api::{ApiSettings, AppState};
use model::config::ENTITIES;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

const SUPER_EMAIL: &str = "super@plant.test";

/// The api's state on a fresh database, with the super user the seed acts as.
struct TestApp {
    state: AppState,
    dir: std::path::PathBuf,
}

impl TestApp {
    async fn new(pool: PgPool) -> TestApp {
        let dir = std::env::temp_dir().join(format!("batchline-demo-{}", Uuid::new_v4()));
        let mut settings = ApiSettings::for_tests(dir.clone());
        settings.superuser_email = Some(SUPER_EMAIL.into());
        settings.superuser_password = Some("Granary-Silo-Auger-77".into());
        let state = AppState::new(pool, settings, None).unwrap();
        api::bootstrap_super_user(&state).await.unwrap();
        TestApp { state, dir }
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The pages of the PDF at `path`, and how much of the last page's content height its text
/// uses (footer left out), from `pdftotext -bbox` (Debian poppler-utils).
fn last_page_use(path: &std::path::Path) -> (usize, f64) {
    let out = std::process::Command::new("pdftotext")
        .args(["-bbox", path.to_str().unwrap(), "-"])
        .output()
        .expect("pdftotext is needed (Debian poppler-utils)");
    let html = String::from_utf8(out.stdout).unwrap();
    let pages: Vec<&str> = html.split("<page ").skip(1).collect();
    let last = pages.last().expect("a page");
    let attr = |tag: &str, name: &str| -> f64 {
        let start = tag.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        tag[start..].split('"').next().unwrap().parse().unwrap()
    };
    let height = attr(last, "height");
    // A4 with 15 mm margins and a 22 pt footer band (the pdf crate's page geometry).
    let (top, bottom) = (42.52, height - 42.52 - 22.0);
    let lowest = last
        .split("<word ")
        .skip(1)
        .map(|w| attr(w, "yMax"))
        .filter(|y| *y <= bottom + 1.0)
        .fold(top, f64::max);
    (pages.len(), (lowest - top) / (bottom - top))
}

/// The live lines, by code.
async fn lines(app: &TestApp) -> BTreeMap<String, Value> {
    db::config::list(&app.state.pool, entity("lines"), None, &[])
        .await
        .unwrap()
        .into_iter()
        .map(|l| (l["code"].as_str().unwrap().to_string(), l))
        .collect()
}

fn uuid(v: &Value) -> Uuid {
    Uuid::parse_str(v.as_str().unwrap()).unwrap()
}

/// The live records of every entity: per line for line-scoped ones (`line code/key`), else in
/// the installation (`key`).
async fn counts(app: &TestApp) -> BTreeMap<String, usize> {
    let pool = &app.state.pool;
    let mut out = BTreeMap::new();
    for e in ENTITIES {
        if e.scoped {
            for (code, line) in lines(app).await {
                let n = db::config::list(pool, e, Some(uuid(&line["_id"])), &[])
                    .await
                    .unwrap()
                    .len();
                out.insert(format!("{code}/{}", e.key), n);
            }
        } else {
            let n = db::config::list(pool, e, None, &[]).await.unwrap().len();
            out.insert(e.key.to_string(), n);
        }
    }
    out
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn the_demo_plant_has_every_entity_on_both_lines_and_seeds_once(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let summary = demo::seed(&app.state.app, "en").await.unwrap();
    assert!(!summary.skipped);

    let lines = lines(&app).await;
    assert_eq!(lines.keys().collect::<Vec<_>>(), ["L1", "L2"]);
    assert_eq!(lines["L1"]["name"], "Line 1 – Pellet mill");
    assert_eq!(lines["L1"]["createdBy"], SUPER_EMAIL);
    // The simulator runs these lines, in code order.
    assert_eq!(
        db::config::line_codes(&app.state.pool).await.unwrap(),
        ["L1", "L2"].map(|code| (
            lines[code]["_id"].as_str().unwrap().to_string(),
            code.to_string()
        ))
    );

    let before = counts(&app).await;
    for e in ENTITIES {
        if e.scoped {
            for code in ["L1", "L2"] {
                assert!(
                    before[&format!("{code}/{}", e.key)] >= 1,
                    "the demo plant has no {} on {code}: {before:?}",
                    e.key
                );
            }
        } else {
            assert!(before[e.key] >= 1, "the demo plant has no {}", e.key);
        }
        let made: usize = before
            .iter()
            .filter(|(k, _)| *k == e.key || k.ends_with(&format!("/{}", e.key)))
            .map(|(_, n)| n)
            .sum();
        assert_eq!(summary.created.get(e.key), Some(&made), "{}", e.key);
    }

    let pool = &app.state.pool;
    for line in lines.values() {
        let id = uuid(&line["_id"]);
        let shifts = db::config::list(pool, entity("shifts"), Some(id), &[])
            .await
            .unwrap();
        assert_eq!(shifts.len(), 3);
        assert!(
            shifts
                .iter()
                .any(|s| s["endTime"].as_str() < s["startTime"].as_str()),
            "a night shift crosses midnight: {shifts:?}"
        );
        // Every bin holds a material of its own line, weighed on its scale.
        let bins = db::config::list(pool, entity("bins"), Some(id), &[])
            .await
            .unwrap();
        for bin in &bins {
            let material_id = &bin["binMaterials"][0]["materialId"];
            let material = db::config::get(pool, entity("materialdirectory"), uuid(material_id))
                .await
                .unwrap()
                .unwrap_or_else(|| panic!("bin {} holds no live material", bin["code"]));
            assert_eq!(material["lineId"], line["_id"]);
            assert!(
                material["scaleIds"]
                    .as_array()
                    .unwrap()
                    .contains(&bin["scaleId"]),
                "{material} on the scale of {bin}"
            );
        }
    }

    // A second seed finds the plant and creates nothing.
    let again = demo::seed(&app.state.app, "en").await.unwrap();
    assert!(again.skipped);
    assert!(again.created.is_empty());
    assert_eq!(counts(&app).await, before);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn the_demo_plant_speaks_the_seed_language(pool: PgPool) {
    let app = TestApp::new(pool).await;
    demo::seed(&app.state.app, "de").await.unwrap();
    let lines = lines(&app).await;
    assert_eq!(lines["L1"]["name"], "Linie 1 – Pelletierung");
    let shifts = db::config::list(
        &app.state.pool,
        entity("shifts"),
        Some(uuid(&lines["L2"]["_id"])),
        &[],
    )
    .await
    .unwrap();
    assert!(
        shifts.iter().any(|s| s["name"] == "Frühschicht"),
        "{shifts:?}"
    );
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_configured_plant_is_left_alone(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let err = demo::seed(&app.state.app, "xx").await.unwrap_err();
    assert!(err.to_string().contains("xx"), "{err}");
    assert!(lines(&app).await.is_empty());

    api::plant::create(
        &app.state,
        SUPER_EMAIL,
        "lines",
        json!({"name": "Line 7", "code": "L7", "timezone": "Europe/Berlin"}),
    )
    .await
    .unwrap();
    let before = counts(&app).await;
    let summary = demo::seed(&app.state.app, "en").await.unwrap();
    assert!(summary.skipped);
    assert_eq!(counts(&app).await, before);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn the_demo_recipes_pass_every_check_and_hold_production(pool: PgPool) {
    let app = TestApp::new(pool).await;
    demo::seed(&app.state.app, "en").await.unwrap();
    let lines = lines(&app).await;
    for (code, expected) in [
        ("L1", vec!["BRG-01", "LAY-02", "MST-04", "PFN-03"]),
        ("L2", vec!["BRG-01", "LAY-02", "PFN-03"]),
    ] {
        let line = uuid(&lines[code]["_id"]);
        let released =
            db::recipes::list(&app.state.pool, Some(line), db::recipes::Listing::Released)
                .await
                .unwrap();
        let codes: Vec<&str> = released.iter().map(|v| v.code.as_str()).collect();
        assert_eq!(codes, expected, "{code}");
        let mut conn = app.state.pool.acquire().await.unwrap();
        let plant = api::recipes::load_plant(&mut conn, line).await.unwrap();
        for v in &released {
            let problems =
                model::recipe::check::check(&v.content(), &plant, model::recipe::check::Scope::All);
            assert!(problems.is_empty(), "{code} {}: {problems:?}", v.code);
            assert!(v.locked_at.is_some());
        }
        let releases = db::recipes::releases(
            &app.state.pool,
            &released
                .iter()
                .map(|v| v.recipe_group_id)
                .collect::<Vec<_>>(),
        )
        .await
        .unwrap();
        assert!(released.iter().all(|v| {
            releases
                .iter()
                .any(|r| r.recipe_id == v.id && r.level == 2 && r.ended_at.is_none())
        }));
    }
    // Each demo recipe files without a near-empty last page, in every language.
    let lang = |l| api::i18n_layer::RequestLang(l);
    std::fs::create_dir_all(&app.dir).unwrap();
    for v in db::recipes::list(&app.state.pool, None, db::recipes::Listing::Released)
        .await
        .unwrap()
    {
        for l in model::Lang::ALL {
            let (bytes, _) = api::recipes::recipe_pdf(&app.state, SUPER_EMAIL, lang(l), v.id)
                .await
                .unwrap();
            let path = app.dir.join(format!("{}-{}.pdf", v.code, l.code()));
            std::fs::write(&path, &bytes).unwrap();
            let (pages, used) = last_page_use(&path);
            assert!(
                pages == 1 || used >= 0.2,
                "{} in {}: page {pages} used {used:.2}",
                v.code,
                l.code()
            );
        }
    }
    let medicated = db::recipes::list(&app.state.pool, None, db::recipes::Listing::Latest)
        .await
        .unwrap();
    assert!(
        medicated
            .iter()
            .any(|v| v.code == "MST-04" && v.medication_class == "COCCIDIOSTAT")
    );
}
