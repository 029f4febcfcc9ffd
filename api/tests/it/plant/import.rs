//! Import from spreadsheets and copy between lines: a good file, a file with bad rows (each
//! reported, nothing written), files that are not spreadsheets or are empty, and copy that
//! skips codes the target line has.

use axum::http::StatusCode;
use serde_json::json;
use sqlx::PgPool;

use super::{Plant, entity, ids};
use crate::harness::TestApp;

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn the_sample_workbook_downloads_and_validates_as_it_is(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let plant = Plant::new(&app).await;
    let line = plant.line().await;
    let (status, kind, bytes) = app
        .download("/api/getsamplefile?type=actionparameters", &plant.token)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(kind.contains("spreadsheetml"), "{kind}");
    assert!(bytes.starts_with(b"PK"), "an XLSX (zip) file");
    let a = app
        .upload(
            &format!("/api/importparameter/validate?type=actionparameters&lineId={line}"),
            bytes,
            &plant.token,
        )
        .await;
    assert_eq!(a.ok()["data"]["valid"], true, "{a:?}");
    assert_eq!(a.body["data"]["rows"], 1);
    assert!(
        ids(&plant
            .list(entity("actionparameters"), &format!("lineId={line}"))
            .await)
        .is_empty(),
        "validate writes nothing"
    );
    app.download("/api/getsamplefile?type=bins", &plant.token)
        .await;
    app.get("/api/getsamplefile?type=nothing", Some(&plant.token))
        .await
        .failed(StatusCode::BAD_REQUEST);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn bad_rows_are_each_reported_and_nothing_is_written_until_the_file_is_fixed(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let plant = Plant::new(&app).await;
    let line = plant.line().await;
    let category = plant.create(entity("materialcategories"), &line).await;
    let scale = plant.create(entity("scales"), &line).await;
    let (cat, sc) = (
        category["code"].as_str().unwrap(),
        scale["code"].as_str().unwrap(),
    );
    let bad = format!(
        "code;name;materialCategoryId;scaleIds;densityKgM3;medicated\n\
         CORN;Maize;{cat};{sc};720;no\n\
         SOY;Soybean meal;NO-SUCH-CAT;{sc};650;no\n\
         corn;Maize again;{cat};;-5;maybe\n"
    );
    let validate = format!("/api/importparameter/validate?type=materialdirectory&lineId={line}");
    let a = app
        .upload(&validate, bad.clone().into_bytes(), &plant.token)
        .await;
    let report = &a.ok()["data"];
    assert_eq!(report["valid"], false);
    let errors: Vec<(u64, String)> = report["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["row"].as_u64().unwrap(),
                e["column"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert!(
        errors.contains(&(3, "materialCategoryId".into())),
        "{errors:?}"
    );
    assert!(errors.contains(&(4, "densityKgM3".into())), "{errors:?}");
    assert!(errors.contains(&(4, "medicated".into())), "{errors:?}");
    assert!(
        !errors.iter().any(|(row, _)| *row == 2),
        "row 2 is good: {errors:?}"
    );
    let message = &report["errors"][0]["message"];
    assert!(
        message.as_str().unwrap().contains("NO-SUCH-CAT"),
        "{message}"
    );
    let import = format!("/api/importparameter?type=materialdirectory&lineId={line}");
    let a = app.upload(&import, bad.into_bytes(), &plant.token).await;
    a.failed(StatusCode::BAD_REQUEST);
    assert!(!a.error("3.materialCategoryId").is_empty(), "{a:?}");
    let materials = entity("materialdirectory");
    let query = format!("lineId={line}");
    assert!(
        ids(&plant.list(materials, &query).await).is_empty(),
        "nothing written"
    );
    // Fixed file: both rows go in, references resolved from their codes.
    let good = format!(
        "code,name,materialCategoryId,scaleIds,densityKgM3,medicated\nCORN,Maize,{cat},{sc},720,no\nSOY,Soybean meal,{cat},{sc},650,yes\n"
    );
    let a = app
        .upload(&import, good.clone().into_bytes(), &plant.token)
        .await;
    assert_eq!(a.ok()["data"]["created"], 2, "{a:?}");
    let rows = plant.list(materials, &query).await;
    let soy = rows.ok()["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["code"] == "SOY")
        .unwrap()
        .clone();
    assert_eq!(soy["materialCategoryId"], category["_id"]);
    assert_eq!(soy["scaleIds"], json!([scale["_id"]]));
    assert_eq!(soy["medicated"], true);
    // The same file again: every code is taken now.
    let a = app.upload(&validate, good.into_bytes(), &plant.token).await;
    assert_eq!(a.ok()["data"]["errors"].as_array().unwrap().len(), 2);
}

/// A header in a person's words (German labels, a unit in brackets) is read like the fields'
/// own names, and every problem of the file comes in one pass: an unknown column, an unknown
/// code and a bad number in the same row, a missing column once.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn labels_are_read_and_every_problem_comes_in_one_pass(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let plant = Plant::new(&app).await;
    let line = plant.line().await;
    let category = plant.create(entity("materialcategories"), &line).await;
    let scale = plant.create(entity("scales"), &line).await;
    let (cat, sc) = (
        category["code"].as_str().unwrap(),
        scale["code"].as_str().unwrap(),
    );
    let validate = format!("/api/importparameter/validate?type=materialdirectory&lineId={line}");
    let good = format!(
        "Code;Name;Materialkategorie;Waagen;Schüttdichte (kg/m³);Arzneimittelhaltig\n\
         CORN;Mais;{cat};{sc};720;nein\n"
    );
    let a = app.upload(&validate, good.into_bytes(), &plant.token).await;
    assert_eq!(a.ok()["data"]["valid"], true, "{a:?}");
    let bad = format!(
        "Code;Farbe;Materialkategorie;Schüttdichte\n\
         CORN;gelb;NO-SUCH-CAT;-5\n\
         SOY;grün;{cat};650\n"
    );
    let a = app.upload(&validate, bad.into_bytes(), &plant.token).await;
    let errors: Vec<(u64, String)> = a.ok()["data"]["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["row"].as_u64().unwrap(),
                e["column"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert!(errors.contains(&(1, "Farbe".into())), "{errors:?}");
    assert!(
        errors.contains(&(1, "name".into())),
        "a required column missing: {errors:?}"
    );
    assert!(
        errors.contains(&(2, "materialCategoryId".into())),
        "{errors:?}"
    );
    assert!(
        errors.contains(&(2, "densityKgM3".into())),
        "the same row's other field: {errors:?}"
    );
    assert!(
        !errors.iter().any(|(row, c)| *row > 1 && c == "name"),
        "the missing column is not reported again on every row: {errors:?}"
    );
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn files_that_are_empty_or_not_spreadsheets_get_a_clear_error(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let plant = Plant::new(&app).await;
    let line = plant.line().await;
    let path = format!("/api/importparameter/validate?type=reportparameters&lineId={line}");
    let a = app.upload(&path, vec![], &plant.token).await;
    a.failed(StatusCode::BAD_REQUEST);
    assert_eq!(a.error("file"), "The file is empty");
    let png = vec![
        0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0xff, 0xfe,
    ];
    let a = app.upload(&path, png, &plant.token).await;
    assert!(
        a.error("file").starts_with("This is not a spreadsheet"),
        "{a:?}"
    );
    let a = app
        .upload(&path, b"code,name\n".to_vec(), &plant.token)
        .await;
    assert_eq!(a.error("file"), "The file has a header but no rows");
    let a = app
        .upload(&path, b"code,colour\nR1,red\n".to_vec(), &plant.token)
        .await;
    let columns: Vec<_> = a.ok()["data"]["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["column"].clone())
        .collect();
    assert!(
        columns.contains(&json!("colour")) && columns.contains(&json!("name")),
        "{columns:?}"
    );
    let a = app
        .upload(
            "/api/importparameter/validate?type=reportparameters",
            b"code\nR1\n".to_vec(),
            &plant.token,
        )
        .await;
    assert_eq!(a.error("lineId"), "Please select a line");
    let (_, writer) = app
        .user(
            &plant.token,
            "w@plant.test",
            "PRIVILEGE",
            &["CONFIGURATOR_CREATE"],
        )
        .await;
    app.upload(&path, b"code\nR1\n".to_vec(), &writer)
        .await
        .failed(StatusCode::FORBIDDEN);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn copy_takes_a_type_of_parameters_to_another_line_skipping_codes_it_has(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let plant = Plant::new(&app).await;
    let (a_line, b_line) = (plant.line().await, plant.line().await);
    let reports = entity("reportparameters");
    for (line, code, unit) in [
        (&a_line, "R1", "°C"),
        (&a_line, "R2", "bar"),
        (&b_line, "R2", "kPa"),
    ] {
        plant.add(reports, json!({"lineId": line, "name": code, "code": code, "unit": unit, "source": "MIXER"})).await.ok();
    }
    let t = Some(plant.token.as_str());
    let a = app
        .post(
            "/api/copyparameter",
            json!({"type": "reportparameters", "fromLineId": a_line, "toLineId": b_line}),
            t,
        )
        .await;
    assert_eq!(a.ok()["data"], json!({"copied": ["R1"], "skipped": ["R2"]}));
    let b = plant.list(reports, &format!("lineId={b_line}")).await;
    let units: Vec<_> = b.ok()["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["code"].clone(), r["unit"].clone()))
        .collect();
    assert_eq!(
        units,
        vec![(json!("R1"), json!("°C")), (json!("R2"), json!("kPa"))],
        "R2 left as it was"
    );
    let a = app
        .post(
            "/api/copyparameter",
            json!({"type": "reportparameters", "fromLineId": a_line, "toLineId": a_line}),
            t,
        )
        .await;
    assert_eq!(a.error("toLineId"), "Choose two different lines");
    let a = app
        .post(
            "/api/copyparameter",
            json!({"type": "bins", "fromLineId": a_line, "toLineId": b_line}),
            t,
        )
        .await;
    a.failed(StatusCode::BAD_REQUEST);
    let a = app.post("/api/copyparameter", json!({"type": "reportparameters", "fromLineId": a_line, "toLineId": uuid::Uuid::nil()}), t).await;
    assert_eq!(a.error("toLineId"), "Line not found");
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_hostile_workbook_is_refused_with_the_limit_it_passes(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let plant = Plant::new(&app).await;
    let line = plant.line().await;
    // A few kilobytes whose cells reach A1 and XFD1048576 (17 billion cells as a range).
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    sheet.write_string(0, 0, "code").unwrap();
    sheet.write_string(1_048_575, 16_383, "far").unwrap();
    let far = book.save_to_buffer().unwrap();
    for path in ["/api/importparameter/validate", "/api/importparameter"] {
        let a = app
            .upload(
                &format!("{path}?type=actionparameters&lineId={line}"),
                far.clone(),
                &plant.token,
            )
            .await;
        a.failed(StatusCode::BAD_REQUEST);
        assert_eq!(a.error("file"), "At most 5000 rows per file", "{a:?}");
    }
    // The server is still there.
    app.get("/api/getsamplefile?type=bins", Some(&plant.token))
        .await;
}
