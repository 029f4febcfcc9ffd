//! The filed recipe document: read back with `pdftotext` (Debian's poppler-utils).

use axum::http::StatusCode;
use serde_json::json;
use sqlx::PgPool;

use super::{Fixture, id};
use crate::harness::{TestApp, text_of};

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn the_recipe_pdf_holds_the_recipe_its_items_and_its_release(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let f = Fixture::new(&app).await;
    let line = f.line("PL1", &[]).await;
    // A yes/no value prints as Yes or No in the reader's language, not "true".
    let print = api::plant::create(&app.state, "super@plant.test", "miscellaneousparameters",
        json!({"lineId": line.id, "name": "Print batch report", "code": "PRINT_REPORT", "dataType": "BOOL"}))
        .await
        .unwrap()["_id"]
        .clone();
    let mut body = f.body(&line, "BRG-01");
    body["miscellaneousItems"]
        .as_array_mut()
        .unwrap()
        .push(json!({"miscellaneousParameterId": print, "value": true}));
    let v = id(&f.add(body).await);
    f.release(&v, 1).await.ok();
    let (status, kind, bytes) = app
        .download_post("/api/recipes/generatePdf", json!({"id": v}), &f.token, "en")
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(kind, "application/pdf");
    let text = text_of(&bytes);
    for expected in [
        "Recipe BRG-01 · Grower BRG-01",
        "Test feed mill",
        "PL1 · Line PL1",
        "Released",
        "Trial: super@plant.test",
        "S-MAJOR · Major",
        "CORN",
        "600",
        "SOY",
        "PREMIX",
        "Total S-MAJOR",
        "990",
        "Total",
        "DRY_MIX · Dry mix",
        "SPEED = 40",
        "COND_TEMP · Conditioning temperature",
        "82",
        "PRINT_REPORT · Print batch report",
        "Yes",
        "1,000 kg",
        "Created",
        "Generated",
        "by super@plant.test",
        "Page 1 of 1",
    ] {
        assert!(text.contains(expected), "{expected:?} not in:\n{text}");
    }
    assert!(!text.contains("true"), "{text}");
    // Created today (the fixture line's zone is within a day of UTC), not in 1970.
    let today = chrono::Utc::now().date_naive();
    let created = text
        .lines()
        .find(|l| l.contains("Created"))
        .unwrap_or_default();
    assert!(
        [today.pred_opt().unwrap(), today, today.succ_opt().unwrap()]
            .iter()
            .any(|d| created.contains(&d.format("%Y-%m-%d").to_string())),
        "{created}"
    );
    assert!(!text.contains("1970"), "{text}");
    let (status, _, bytes) = app
        .download_post("/api/recipes/generatePdf", json!({"id": v}), &f.token, "de")
        .await;
    assert_eq!(status, StatusCode::OK);
    let german = text_of(&bytes);
    assert!(german.contains("Seite 1 von 1"), "{german}");
    for expected in ["1.000 kg", "Ja", "Erstellt"] {
        assert!(german.contains(expected), "{expected:?} not in:\n{german}");
    }
    let (_, _, bytes) = app
        .download_post("/api/recipes/generatePdf", json!({"id": v}), &f.token, "fr")
        .await;
    // French groups with a narrow no-break space, which pdftotext reads as a space.
    let french = text_of(&bytes);
    for expected in ["1 000 kg", "Oui", "Page 1 sur 1"] {
        assert!(french.contains(expected), "{expected:?} not in:\n{french}");
    }
    let (status, _, _) = app
        .download_post(
            "/api/recipes/generatePdf",
            json!({"id": uuid::Uuid::now_v7()}),
            &f.token,
            "en",
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
