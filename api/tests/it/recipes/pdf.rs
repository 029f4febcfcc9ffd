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
    let v = id(&f.add(f.body(&line, "BRG-01")).await);
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
        "Generated",
        "by super@plant.test",
        "Page 1 of 1",
    ] {
        assert!(text.contains(expected), "{expected:?} not in:\n{text}");
    }
    let (status, _, bytes) = app
        .download_post("/api/recipes/generatePdf", json!({"id": v}), &f.token, "de")
        .await;
    assert_eq!(status, StatusCode::OK);
    let german = text_of(&bytes);
    assert!(german.contains("Seite 1 von 1"), "{german}");
    assert!(german.contains("1000 kg"), "{german}");
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
