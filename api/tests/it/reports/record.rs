//! A batch's record against what really happened: the simulator runs a released order from
//! its control recipe through NATS and ingest, and the record's doses, mixing, process values
//! and miscellaneous values are the ones it published; the alarms of a batch and the alarm
//! list carry the configured texts.

use std::time::Duration;

use axum::http::StatusCode;
use futures::StreamExt;
use model::schedule::board::BoardEntry;
use model::schedule::control::ControlRecipe;
use model::wire::{Envelope, Weighing};
use serde_json::{Value, json};
use sqlx::PgPool;
use testkit::NatsServer;

use crate::harness::TestApp;
use crate::recipes::id;
use crate::schedules::Plan;

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn the_batch_record_is_what_the_simulator_dosed_against_its_control_recipe(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let plan = Plan::new(&app).await;
    let recipe = plan.recipe("GROW", "NONE").await;
    let order = id(&plan.add(plan.order("PO-1", &recipe, 1)).await.ok()["data"]);
    plan.status(&order, "RELEASED").await.ok();
    let o = plan.get(&order).await;
    let control: ControlRecipe = serde_json::from_value(o["controlRecipe"].clone()).unwrap();

    // The plant: NATS with the production stream, ingest into this database, the simulator
    // taking the order from the board; every weighing it publishes is heard here too.
    let nats = NatsServer::start().await;
    let client = nats.client().await;
    let js = async_nats::jetstream::new(client.clone());
    let stream = ingest::StreamSettings::small();
    bus::plant::ensure_stream(&js, &stream).await.unwrap();
    let mut heard = client
        .subscribe(format!("plant.{}.weighing", plan.line.id))
        .await
        .unwrap();
    let ingest = tokio::spawn(ingest::run(
        pool.clone(),
        js.clone(),
        ingest::Config {
            stream,
            ..Default::default()
        },
        std::future::pending(),
    ));
    // The order is on the board before the simulator starts: it must find it there.
    let entry = BoardEntry {
        order_id: order.parse().unwrap(),
        line_id: plan.line.id.clone(),
        line_code: "PL1".into(),
        kind: model::schedule::Kind::Production,
        order_number: "PO-1".into(),
        name: o["name"].as_str().unwrap_or("PO-1").into(),
        sequence: 1,
        status: model::schedule::Status::Released,
        batches: 1,
        batches_done: 0,
        control_recipe: control.clone(),
        updated_at: chrono::Utc::now(),
    };
    let board = bus::board::Board::open(&js).await.unwrap();
    board.put(&entry).await.unwrap();
    let sim = sim::Config {
        speed: 400.0,
        board: true,
        upsets: false,
        configured: vec![sim::SimLine {
            id: plan.line.id.clone(),
            code: "PL1".into(),
            bins: Vec::new(),
        }],
        ..Default::default()
    };
    let sim = tokio::spawn(sim::run(js.clone(), sim, std::future::pending()));
    testkit::wait_count(
        &pool,
        "select count(*) from production_batch where status = 'COMPLETE' and rolled_at is not null",
        |n| n >= 1,
        Duration::from_secs(120),
    )
    .await;
    sim.abort();
    let mut published: Vec<Weighing> = Vec::new();
    while published.len() < control.weighings.len() {
        let m = tokio::time::timeout(Duration::from_secs(10), heard.next())
            .await
            .expect("the simulator's weighings")
            .unwrap();
        let e: Envelope<Weighing> = serde_json::from_slice(&m.payload).unwrap();
        published.extend(e.samples);
    }
    ingest.abort();

    let batch = published[0].batch_id.clone();
    let q = format!("?batchId={batch}");
    let get = |call: &'static str| {
        let path = format!("/api/reports/batches/{call}{q}");
        let f = &plan.f;
        async move { f.get(&path).await.ok()["data"].clone() }
    };
    let details = get("getlinebatchdetails").await;
    assert_eq!(details["lineId"], plan.line.id);
    assert_eq!(details["productionScheduleId"], order);
    assert_eq!(details["orderNumber"], "PO-1");
    assert_eq!(details["releasedBy"], "super@plant.test");
    assert_eq!(details["status"], "COMPLETE");
    let sum = |f: fn(&Weighing) -> f64| published.iter().map(f).sum::<f64>();
    let close = |a: &serde_json::Value, b: f64| (a.as_f64().unwrap() - b).abs() < 1e-6;
    assert!(
        close(&details["weighedKg"], sum(|w| w.actual_kg)),
        "{details}"
    );
    assert!(
        close(&details["setpointKg"], sum(|w| w.setpoint_kg)),
        "{details}"
    );
    assert_eq!(
        details["controlRecipe"],
        serde_json::to_value(&control).unwrap()
    );

    let doses = get("getbatchweighingdetails").await;
    let rows = doses["rows"].as_array().unwrap();
    assert_eq!(rows.len(), published.len(), "{doses}");
    for (r, w) in rows.iter().zip(&published) {
        assert_eq!(r["materialId"], w.material_id);
        assert_eq!(r["scaleId"], w.scale_id);
        assert_eq!(r["binId"], json!(w.bin_id));
        assert_eq!(r["setpointKg"], w.setpoint_kg);
        assert_eq!(r["actualKg"], w.actual_kg);
        assert_eq!(r["toleranceKg"], w.tolerance_kg);
        assert_eq!(r["inTolerance"], w.in_tolerance);
        assert_eq!(
            r["flag"],
            if w.in_tolerance {
                "OK"
            } else if w.deviation_kg < 0.0 {
                "UNDER"
            } else {
                "OVER"
            }
        );
        let planned = control
            .weighings
            .iter()
            .find(|c| c.material_code == w.material_id)
            .unwrap();
        assert_eq!(r["plannedKg"], planned.setpoint_kg);
        assert_eq!(
            r["materialName"], w.material_id,
            "the fixture names materials by code"
        );
    }
    assert_eq!(
        doses["missing"],
        json!([]),
        "every planned dose was weighed"
    );

    let mixing = get("getbatchmixingdetails").await;
    assert_eq!(mixing["planned"][0]["actionCode"], "DRY_MIX");
    assert_eq!(mixing["steps"][0]["actionCode"], "DRY_MIX");
    assert_eq!(mixing["steps"][0]["actionName"], "Dry mix");
    let power = mixing["curves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["code"] == "MIXER_POWER_KW")
        .expect("a mixer power curve");
    assert!(power["points"].as_array().unwrap().len() > 20, "{power}");

    let params = get("getbatchparameterdetails").await;
    // The discharge ran through the downstream equipment.
    for code in ["CONDITIONER_TEMP_C", "STEAM_BAR", "PRESS_LOAD_A"] {
        assert!(
            params["rows"]
                .as_array()
                .unwrap()
                .iter()
                .any(|r| r["code"] == code),
            "{code} in {params}"
        );
    }
    let temp = params["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["code"] == "MIXER_TEMP_C")
        .expect("the mixer temperature");
    let (lo, hi, n): (f64, f64, i64) = sqlx::query_as(
        "select min(value), max(value), count(*) from process_sample where batch_id = $1 and parameter_code = 'MIXER_TEMP_C'",
    )
    .bind(&batch)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(
        (
            temp["min"].as_f64(),
            temp["max"].as_f64(),
            temp["samples"].as_i64()
        ),
        (Some(lo), Some(hi), Some(n))
    );

    let misc = get("getbatchmiscparameter").await;
    assert_eq!(misc["hasControlRecipe"], true);
    assert_eq!(misc["rows"][0]["code"], "COND_TEMP");
    assert_eq!(misc["rows"][0]["name"], "Conditioning temperature");
    assert_eq!(misc["rows"][0]["value"], 82);

    // The whole record as a filed document, in English and in German.
    let pdf = |lang: &'static str| {
        let f = &plan.f;
        let q = q.clone();
        async move { super::pdf_record::record_text(f, "getlinebatchdetails", &q, lang).await }
    };
    let text = pdf("en").await;
    super::pdf_record::assert_whole_record(&text, &details, &doses);
    for whole in [
        "PO-1",
        "Completed",
        "super@plant.test",
        "DRY_MIX",
        "Dry mix",
        "MIXER_TEMP_C",
        "CONDITIONER_TEMP_C",
        "COND_TEMP",
        "Conditioning temperature",
        "82",
    ] {
        assert!(text.contains(whole), "{whole:?} not in:\n{text}");
    }
    let german = pdf("de").await;
    for whole in [
        "Dosierung",
        "Mischen",
        "Prozesswerte",
        "Unterschriften",
        "Bediener",
        "Geprüft von",
        "Abgeschlossen",
    ] {
        assert!(german.contains(whole), "{whole:?} not in:\n{german}");
    }
    let target = super::pdf_record::number(details["targetKg"].as_f64().unwrap(), ".", ",");
    assert!(german.contains(&target), "{target} not in:\n{german}");
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_batchs_alarms_and_the_alarm_list_carry_the_configured_texts(pool: PgPool) {
    use model::wire::{Alarm, AlarmState, Severity};
    let app = TestApp::new(pool).await;
    let h = super::History::new(&app).await;
    let at = super::at;
    h.produce(at("2026-11-02T00:00:00Z"), at("2026-11-02T06:00:00Z"))
        .await;
    let (batch, start): (String, chrono::DateTime<chrono::Utc>) = sqlx::query_as(
        "select batch_id, started_at from production_batch where line_id = $1 order by started_at limit 1",
    )
    .bind(&h.line.id)
    .fetch_one(&app.state.pool)
    .await
    .unwrap();
    let alarm = |code: &str, state, minutes: i64| Alarm {
        id: uuid::Uuid::now_v7(),
        time: start + chrono::Duration::minutes(minutes),
        batch_id: Some(batch.clone()),
        code: code.into(),
        severity: Severity::Warning,
        message: format!("{code} as raised"),
        state,
        cleared_at: None,
    };
    let mut rows = db::ingest::Rows::default();
    for a in [
        alarm("MIXER_TEMP_HIGH", AlarmState::Raised, 1),
        alarm("MIXER_TEMP_HIGH", AlarmState::Cleared, 3),
        alarm("BIN_EMPTY", AlarmState::Raised, 2),
        alarm("BIN_EMPTY", AlarmState::Raised, 200),
    ] {
        rows.alarm.push((h.line.id.clone(), a));
    }
    db::ingest::write::write(&app.state.pool, &rows)
        .await
        .unwrap();

    // Every code raised is configurable; _SUPER gives one a German text.
    let config = h.get("/api/reports/alarms/config").await.ok()["data"].clone();
    assert_eq!(config.as_array().unwrap().len(), 2, "{config}");
    let body = json!({"code": "MIXER_TEMP_HIGH", "severity": "CRITICAL", "stopsLine": true,
                      "texts": {"en": "Mixer too hot", "de": "Mischer zu heiß"}});
    h.f.app
        .put("/api/reports/alarms/config", body.clone(), Some(&h.f.token))
        .await
        .ok();

    let q = format!(
        "/api/reports/batches/getbatchesalarms?batchId={batch}&lineId={}",
        h.line.id
    );
    let a =
        h.f.app
            .raw(
                axum::http::Method::GET,
                &q,
                None,
                Some(&h.f.token),
                Some("de"),
            )
            .await;
    let v = a.ok()["data"].clone();
    assert_eq!(v["total"], 2, "alarms raised while the batch ran: {v}");
    let hot = &v["rows"][1];
    assert_eq!(hot["code"], "MIXER_TEMP_HIGH");
    assert_eq!(hot["text"], "Mischer zu heiß");
    assert_eq!(hot["severity"], "CRITICAL");
    assert_eq!(hot["stopsLine"], true);
    assert_eq!(hot["durationS"], 120.0);
    assert_eq!(v["rows"][0]["text"], "BIN_EMPTY as raised");
    assert!(v["rows"][0]["clearedAt"].is_null());
    // The batch record prints them, in German.
    let record = super::pdf_record::record_text(
        &h.f,
        "getlinebatchdetails",
        &format!("?batchId={batch}&lineId={}", h.line.id),
        "de",
    )
    .await;
    for whole in [
        "Alarme",
        "MIXER_TEMP_HIGH",
        "Mischer zu heiß",
        "BIN_EMPTY as raised",
        "0:02:00",
        "Unterschriften",
    ] {
        assert!(record.contains(whole), "{whole:?} not in:\n{record}");
    }

    let list = h
        .data(
            "alarm/getalarms",
            "ALL",
            "2026-11-02T00:00:00Z",
            "2026-11-03T00:00:00Z",
            "&severity=WARNING",
        )
        .await;
    assert_eq!(list["total"], 2, "the configured severity counts: {list}");
    let bad = h
        .report(
            "alarm/getalarms",
            "ALL",
            "2026-11-02T00:00:00Z",
            "2026-11-03T00:00:00Z",
            "&severity=LOUD",
        )
        .await;
    assert!(!bad.failed(StatusCode::BAD_REQUEST)["errors"]["severity"].is_null());

    // Only _SUPER and ADMIN change the configuration; a bad language is a 400.
    let admin = h.f.token.clone();
    let (_, reader) = app
        .user(
            &admin,
            "reader@plant.test",
            "PRIVILEGE",
            &["REPORTS_READ", "REPORTS_UPDATE"],
        )
        .await;
    app.get("/api/reports/alarms/config", Some(&reader))
        .await
        .ok();
    app.put("/api/reports/alarms/config", body.clone(), Some(&reader))
        .await
        .failed(StatusCode::FORBIDDEN);
    let mut klingon = body;
    klingon["texts"]["tlh"] = json!("jIH");
    let a = app
        .put("/api/reports/alarms/config", klingon, Some(&admin))
        .await;
    assert!(!a.failed(StatusCode::BAD_REQUEST)["errors"]["texts.tlh"].is_null());
    let missing: Value =
        h.f.get("/api/reports/batches/getlinebatchdetails?batchId=NOPE")
            .await
            .failed(StatusCode::NOT_FOUND)
            .clone();
    assert_eq!(missing["success"], false);
    h.f.get("/api/reports/batches/getbatchweighingdetails")
        .await
        .failed(StatusCode::BAD_REQUEST);
    // A NUL in a query or a body (Postgres refuses it in text) is a 400, not a server error.
    let nul = json!({"code": "X\u{0}Y", "severity": "INFO", "texts": {}, "stopsLine": false});
    app.put("/api/reports/alarms/config", nul, Some(&admin))
        .await
        .failed(StatusCode::BAD_REQUEST);
    h.f.get("/api/reports/batches/getbatchweighingdetails?batchId=A%00B")
        .await
        .failed(StatusCode::BAD_REQUEST);
}
