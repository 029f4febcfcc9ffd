//! Alarm handling (issue 34): the plant raises and clears alarms through the bus and ingest;
//! users acknowledge, shelve, unshelve and comment; every move is audited and shown on the
//! alarm board the consoles and controllers follow.

use std::time::Duration;

use axum::http::StatusCode;
use chrono::Utc;
use model::wire::{Alarm, AlarmState, Envelope, Severity};
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use crate::harness::*;
use crate::plant::Plant;

fn event(code: &str, severity: Severity, state: AlarmState) -> Alarm {
    Alarm {
        id: Uuid::now_v7(),
        time: Utc::now(),
        batch_id: None,
        code: code.into(),
        severity,
        message: format!("{code} from the plant"),
        state,
        cleared_at: (state == AlarmState::Cleared).then(Utc::now),
    }
}

/// The plant's side: alarm events published as a controller publishes them.
struct PlantBus {
    js: async_nats::jetstream::Context,
    line: String,
}

impl PlantBus {
    async fn send(&self, code: &str, severity: Severity, state: AlarmState) {
        let e = Envelope::new(&self.line, vec![event(code, severity, state)]);
        bus::publish_once(&self.js, &e, Duration::from_secs(5))
            .await
            .unwrap();
    }

    /// The point of `code` on the alarm board, `None` when it is off it.
    async fn board(&self, code: &str) -> Option<Value> {
        let kv = self.js.get_key_value("ALARMS").await.ok()?;
        let v = kv
            .get(bus::subjects::alarm_key(&self.line, code))
            .await
            .ok()??;
        serde_json::from_slice(&v).ok()
    }
}

async fn active(app: &TestApp, line: &str, t: &str) -> Vec<Value> {
    app.get(&format!("/api/alarms/active?lineId={line}"), Some(t))
        .await
        .ok()["data"]
        .as_array()
        .unwrap()
        .clone()
}

fn of<'a>(rows: &'a [Value], code: &str) -> &'a Value {
    rows.iter()
        .find(|r| r["code"] == code)
        .unwrap_or_else(|| panic!("no {code} in {rows:?}"))
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn alarms_are_acknowledged_shelved_and_commented_and_every_move_reaches_the_board(
    pool: PgPool,
) {
    let plant_bus = Bus::with_ingest(&pool).await;
    let js = plant_bus.js.clone();
    let app = TestApp::with_nats(pool.clone(), plant_bus.client.clone()).await;
    let plant = Plant::new(&app).await;
    let t = plant.token.clone();
    let line = plant.line().await;
    let bus = PlantBus {
        js: js.clone(),
        line: line.clone(),
    };

    bus.send("TEMP_HIGH", Severity::Warning, AlarmState::Raised)
        .await;
    bus.send("MOTOR_TRIP", Severity::Critical, AlarmState::Raised)
        .await;
    wait_until(Duration::from_secs(10), || async {
        active(&app, &line, &t).await.len() == 2
    })
    .await;
    let rows = active(&app, &line, &t).await;
    // Critical first; each active and unacknowledged, named by its line.
    assert_eq!(rows[0]["code"], "MOTOR_TRIP", "{rows:?}");
    assert_eq!(rows[0]["severity"], "CRITICAL");
    assert_eq!(rows[0]["acknowledged"], false);
    assert_eq!(rows[0]["unacknowledged"], 1);
    assert_eq!(rows[0]["returnedAt"], Value::Null);
    assert_eq!(rows[0]["text"], "MOTOR_TRIP from the plant");
    assert_eq!(rows[0]["lineName"], "Line 1");
    let motor = rows[0]["id"].as_str().unwrap().to_string();
    let temp = of(&rows, "TEMP_HIGH")["id"].as_str().unwrap().to_string();
    wait_until(Duration::from_secs(5), || async {
        bus.board("MOTOR_TRIP").await.is_some()
    })
    .await;

    // What an acknowledgement needs.
    let none = app.post("/api/alarms/ack", json!({}), Some(&t)).await;
    none.failed(StatusCode::BAD_REQUEST);
    assert_eq!(
        none.error("ids"),
        "Give the alarms to acknowledge (ids) or a line (lineId)"
    );
    app.post(
        "/api/alarms/ack",
        json!({"ids": [Uuid::now_v7()]}),
        Some(&t),
    )
    .await
    .failed(StatusCode::NOT_FOUND);
    let unknown_line = app
        .post(
            "/api/alarms/ack",
            json!({"lineId": "no-such-line"}),
            Some(&t),
        )
        .await;
    unknown_line.failed(StatusCode::BAD_REQUEST);

    // Acknowledged in Batchline: by the user, on the board at once.
    let acked = app
        .post("/api/alarms/ack", json!({"ids": [motor]}), Some(&t))
        .await;
    assert_eq!(acked.message(), "Alarms acknowledged: 1");
    let p = &acked.ok()["data"]["acknowledged"][0];
    assert_eq!(p["acknowledged"], true);
    assert_eq!(p["ackedBy"], SUPER_EMAIL);
    assert_eq!(p["controllerAckedAt"], Value::Null);
    let on_board = bus.board("MOTOR_TRIP").await.unwrap();
    assert_eq!(on_board["acknowledged"], true, "{on_board}");
    assert_eq!(on_board["ackedBy"], SUPER_EMAIL);
    // Again: nothing left to acknowledge.
    let again = app
        .post("/api/alarms/ack", json!({"ids": [motor]}), Some(&t))
        .await;
    assert_eq!(again.ok()["data"]["occurrences"], 0);

    // The controller says it applied it.
    bus.send("MOTOR_TRIP", Severity::Critical, AlarmState::Acked)
        .await;
    wait_until(Duration::from_secs(10), || async {
        bus.board("MOTOR_TRIP")
            .await
            .is_some_and(|p| !p["controllerAckedAt"].is_null())
    })
    .await;

    // Every alarm of the line.
    let all = app
        .post("/api/alarms/ack", json!({"lineId": line}), Some(&t))
        .await;
    assert_eq!(all.ok()["data"]["occurrences"], 1);
    assert_eq!(all.ok()["data"]["acknowledged"][0]["code"], "TEMP_HIGH");

    // Returned and acknowledged: off the console and the board.
    bus.send("MOTOR_TRIP", Severity::Critical, AlarmState::Cleared)
        .await;
    wait_until(Duration::from_secs(10), || async {
        active(&app, &line, &t).await.len() == 1
    })
    .await;
    wait_until(Duration::from_secs(5), || async {
        bus.board("MOTOR_TRIP").await.is_none()
    })
    .await;

    // Shelving: a time within 1–720 minutes and a reason.
    let shelve =
        |minutes: i64, reason: &str| json!({"id": temp, "minutes": minutes, "reason": reason});
    let bad = app
        .post("/api/alarms/shelve", shelve(0, "sensor swapped"), Some(&t))
        .await;
    bad.failed(StatusCode::BAD_REQUEST);
    assert_eq!(bad.error("minutes"), "Shelve for 1 to 720 minutes");
    let bad = app
        .post("/api/alarms/shelve", shelve(30, "  "), Some(&t))
        .await;
    assert_eq!(bad.error("reason"), "This field is required");
    app.post(
        "/api/alarms/shelve",
        json!({"id": Uuid::now_v7(), "minutes": 30, "reason": "x"}),
        Some(&t),
    )
    .await
    .failed(StatusCode::NOT_FOUND);
    let shelved = app
        .post(
            "/api/alarms/shelve",
            shelve(30, "Sensor being replaced"),
            Some(&t),
        )
        .await;
    assert_eq!(shelved.message(), "Alarm TEMP_HIGH shelved");
    let until = shelved.ok()["data"]["shelvedUntil"]
        .as_str()
        .unwrap()
        .to_string();
    let until = chrono::DateTime::parse_from_rfc3339(&until).unwrap();
    let left = until.with_timezone(&Utc) - Utc::now();
    assert!(left > chrono::Duration::minutes(29) && left <= chrono::Duration::minutes(30));
    let rows = active(&app, &line, &t).await;
    assert_eq!(rows[0]["shelved"], true);
    assert_eq!(rows[0]["shelveReason"], "Sensor being replaced");
    assert_eq!(
        bus.board("TEMP_HIGH").await.unwrap()["shelvedBy"],
        SUPER_EMAIL
    );

    // Unshelved, once.
    let un = app
        .post("/api/alarms/unshelve", json!({"id": temp}), Some(&t))
        .await;
    assert_eq!(un.ok()["data"]["shelvedUntil"], Value::Null);
    let twice = app
        .post("/api/alarms/unshelve", json!({"id": temp}), Some(&t))
        .await;
    twice.failed(StatusCode::CONFLICT);
    assert_eq!(twice.message(), "This alarm is not shelved");

    // Comments, newest first.
    let empty = app
        .post(
            "/api/alarms/comment",
            json!({"id": temp, "text": ""}),
            Some(&t),
        )
        .await;
    assert_eq!(empty.error("text"), "This field is required");
    app.post(
        "/api/alarms/comment",
        json!({"id": temp, "text": "Maintenance called"}),
        Some(&t),
    )
    .await
    .ok();
    let c = app
        .post(
            "/api/alarms/comment",
            json!({"id": temp, "text": "Sensor cable loose"}),
            Some(&t),
        )
        .await;
    assert_eq!(c.ok()["data"]["comments"][0]["text"], "Sensor cable loose");
    assert_eq!(c.ok()["data"]["comments"][1]["text"], "Maintenance called");
    wait_until(Duration::from_secs(5), || async {
        bus.board("TEMP_HIGH")
            .await
            .is_some_and(|p| p["comments"].as_array().is_some_and(|c| c.len() == 2))
    })
    .await;

    // Every move audited, with who did it.
    let moves: Vec<(String, Option<String>)> =
        sqlx::query_as("select action, actor from audit_log where entity = 'alarm' order by id")
            .fetch_all(&pool)
            .await
            .unwrap();
    let actions: Vec<&str> = moves.iter().map(|(a, _)| a.as_str()).collect();
    assert_eq!(
        actions,
        [
            "alarmAcknowledged",
            "alarmAcknowledged",
            "alarmShelved",
            "alarmUnshelved",
            "alarmCommented",
            "alarmCommented"
        ]
    );
    assert!(
        moves
            .iter()
            .all(|(_, by)| by.as_deref() == Some(SUPER_EMAIL))
    );
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_shelf_ends_by_itself_and_a_reader_may_not_acknowledge(pool: PgPool) {
    let plant_bus = Bus::with_ingest(&pool).await;
    let js = plant_bus.js.clone();
    let app = TestApp::with_nats(pool.clone(), plant_bus.client.clone()).await;
    let plant = Plant::new(&app).await;
    let t = plant.token.clone();
    let line = plant.line().await;
    let bus = PlantBus {
        js: js.clone(),
        line: line.clone(),
    };
    bus.send("DOOR_OPEN", Severity::Info, AlarmState::Raised)
        .await;
    wait_until(Duration::from_secs(10), || async {
        active(&app, &line, &t).await.len() == 1
    })
    .await;
    let id = active(&app, &line, &t).await[0]["id"]
        .as_str()
        .unwrap()
        .to_string();

    // A user who may read alarms only.
    let (_, reader) = app
        .user(&t, "reader@example.com", "PRIVILEGE", &["ALARM_READ"])
        .await;
    assert_eq!(active(&app, &line, &reader).await.len(), 1);
    app.post("/api/alarms/ack", json!({"ids": [id]}), Some(&reader))
        .await
        .failed(StatusCode::FORBIDDEN);

    app.post(
        "/api/alarms/shelve",
        json!({"id": id, "minutes": 5, "reason": "Door held open for a delivery"}),
        Some(&t),
    )
    .await
    .ok();
    // Its time comes (brought forward here): the sweep ends it, once, and says so.
    sqlx::query("update alarm_shelf set until = now() - interval '1 second'")
        .execute(&pool)
        .await
        .unwrap();
    assert_eq!(
        app::alarms::handling::expire(&app.state.app).await.unwrap(),
        1
    );
    assert_eq!(
        app::alarms::handling::expire(&app.state.app).await.unwrap(),
        0
    );
    let row = &active(&app, &line, &t).await[0];
    assert_eq!(row["shelved"], false);
    assert_eq!(row["shelvedUntil"], Value::Null);
    let ended: i64 = sqlx::query_scalar(
        "select count(*) from audit_log where action = 'alarmShelfEnded' and actor is null",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(ended, 1);
    wait_until(Duration::from_secs(5), || async {
        bus.board("DOOR_OPEN")
            .await
            .is_some_and(|p| p["shelvedUntil"].is_null())
    })
    .await;
}

/// ISA-18.2's measures over alarms stored as the plant sends them, every figure worked out by
/// hand: a chattering point that floods ten minutes, a point standing for more than a day, one
/// more alarm an hour later.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn the_alarm_performance_report_measures_rates_floods_chattering_standing_and_ack_times(
    pool: PgPool,
) {
    let app = TestApp::new(pool.clone()).await;
    let plant = Plant::new(&app).await;
    let t = plant.token.clone();
    let line = plant.line().await;
    let from = {
        use chrono::{DurationRound, TimeDelta};
        (Utc::now() - chrono::Duration::hours(3))
            .duration_trunc(TimeDelta::minutes(10))
            .unwrap()
    };
    let at = |s: i64| from + chrono::Duration::seconds(s);
    let mut rows = db::ingest::Rows::default();
    let mut push = |code: &str, severity: Severity, state: AlarmState, time| {
        let mut e = event(code, severity, state);
        e.time = time;
        rows.alarm.push((line.clone(), e));
    };
    // CHATTER raised and cleared every 20 s from minute 10: twelve alarms within four minutes;
    // the controller acknowledges them all at minute 15.
    for k in 0..12 {
        push(
            "CHATTER",
            Severity::Warning,
            AlarmState::Raised,
            at(600 + 20 * k),
        );
        push(
            "CHATTER",
            Severity::Warning,
            AlarmState::Cleared,
            at(610 + 20 * k),
        );
    }
    push("CHATTER", Severity::Warning, AlarmState::Acked, at(900));
    // STUCK raised 30 hours before the range and never cleared.
    push(
        "STUCK",
        Severity::Critical,
        AlarmState::Raised,
        at(-30 * 3600),
    );
    // DOOR raised an hour in, not acknowledged.
    push("DOOR", Severity::Info, AlarmState::Raised, at(3600));
    db::ingest::write::write(&pool, &rows).await.unwrap();

    let q = |s: chrono::DateTime<Utc>| s.to_rfc3339().replace(':', "%3A").replace('+', "%2B");
    let query = format!(
        "?lineId={line}&fromDateTime={}&toDateTime={}",
        q(from),
        q(at(7200))
    );
    let r = app
        .get(&format!("/api/reports/alarms/performance{query}"), Some(&t))
        .await;
    let d = &r.ok()["data"];
    let m = &d["lines"][0];
    assert_eq!(m["lineName"], "Line 1");
    // 13 alarms raised in 12 periods; one period with more than one (and more than ten).
    assert_eq!(m["alarms"], 13);
    assert_eq!(m["periods"], 12);
    assert!((m["averagePerTenMinutes"].as_f64().unwrap() - 13.0 / 12.0).abs() < 1e-9);
    assert_eq!(m["peakPerTenMinutes"], 12);
    assert!((m["acceptableShare"].as_f64().unwrap() - 11.0 / 12.0).abs() < 1e-9);
    assert!((m["floodShare"].as_f64().unwrap() - 1.0 / 12.0).abs() < 1e-9);
    assert_eq!(m["floodPeriods"], 1);
    // The 3rd to 12th CHATTER came within a minute of two before them.
    assert_eq!(m["chattering"], 10);
    assert_eq!(m["standing"], 1);
    // Waits of 300, 280, … 80 s; DOOR not acknowledged.
    let a = &m["acknowledgement"];
    assert_eq!(
        (a["acknowledged"].as_i64(), a["unacknowledged"].as_i64()),
        (Some(12), Some(1))
    );
    assert!((a["medianS"].as_f64().unwrap() - 190.0).abs() < 1e-6, "{a}");
    assert!((a["p90S"].as_f64().unwrap() - 278.0).abs() < 1e-6, "{a}");
    assert!((a["maxS"].as_f64().unwrap() - 300.0).abs() < 1e-6, "{a}");

    let flood = &d["floods"][0];
    assert_eq!(d["floods"].as_array().unwrap().len(), 1);
    assert_eq!(
        (flood["alarms"].as_i64(), flood["peak"].as_i64()),
        (Some(12), Some(12))
    );
    assert_eq!(
        chrono::DateTime::parse_from_rfc3339(flood["from"].as_str().unwrap()).unwrap(),
        at(600)
    );
    assert_eq!(
        chrono::DateTime::parse_from_rfc3339(flood["to"].as_str().unwrap()).unwrap(),
        at(1200)
    );
    let top: Vec<(&str, i64)> = d["top"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["code"].as_str().unwrap(), p["alarms"].as_i64().unwrap()))
        .collect();
    assert_eq!(top, [("CHATTER", 12), ("DOOR", 1)]);
    assert!((d["top"][0]["share"].as_f64().unwrap() - 12.0 / 13.0).abs() < 1e-9);
    assert_eq!(d["chattering"][0]["code"], "CHATTER");
    assert_eq!(d["chattering"][0]["bursts"], 1);
    assert_eq!(d["standing"][0]["code"], "STUCK");
    assert!(d["standing"][0]["hours"].as_f64().unwrap() > 30.0);
    assert_eq!(d["all"]["alarms"], 13);

    // Ranges of whole UTC days read the rollups, a range with partial days both: the same
    // figures, STUCK now within them.
    let day = |t: chrono::DateTime<Utc>| t.date_naive().and_hms_opt(0, 0, 0).unwrap().and_utc();
    for (f, to) in [
        (
            day(at(-30 * 3600)),
            day(at(7200)) + chrono::Duration::days(1),
        ),
        (at(-31 * 3600), at(7200)),
    ] {
        let r = app
            .get(
                &format!(
                    "/api/reports/alarms/performance?lineId={line}&fromDateTime={}&toDateTime={}",
                    q(f),
                    q(to)
                ),
                Some(&t),
            )
            .await;
        let d = &r.ok()["data"];
        let m = &d["lines"][0];
        assert_eq!(
            (m["alarms"].as_i64(), m["chattering"].as_i64()),
            (Some(14), Some(10)),
            "{f}..{to}: {m}"
        );
        assert_eq!(
            (m["peakPerTenMinutes"].as_i64(), m["floodPeriods"].as_i64()),
            (Some(12), Some(1))
        );
        let top: Vec<(&str, i64)> = d["top"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["code"].as_str().unwrap(), p["alarms"].as_i64().unwrap()))
            .collect();
        assert_eq!(top, [("CHATTER", 12), ("DOOR", 1), ("STUCK", 1)]);
        assert_eq!(d["chattering"][0]["bursts"], 1);
        assert_eq!(d["floods"].as_array().unwrap().len(), 1);
    }
    // What ingest rolled is what the occurrences give.
    let rolled: (i64, i64, i64, i32) = sqlx::query_as(
        "select (select coalesce(sum(n), 0) from alarm_bin)::int8,
                (select coalesce(sum(chattering), 0) from alarm_point_day)::int8,
                (select coalesce(sum(over_ten), 0) from alarm_rate_day)::int8,
                (select coalesce(max(peak), 0) from alarm_rate_day)",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(rolled, (14, 10, 1, 12));

    // The PDF prints the most frequent alarms.
    let body = json!({"heading": "Alarm performance", "headers": ["Code", "Alarms"],
                      "matchKeys": ["code", "alarms"], "data": "top"});
    let (status, kind, bytes) = app
        .download_post(
            &format!("/api/reports/alarms/performance/generatePdf{query}"),
            body,
            &t,
            "en",
        )
        .await;
    assert_eq!((status, kind.as_str()), (StatusCode::OK, "application/pdf"));
    let text = text_of(&bytes);
    assert!(
        text.contains("Alarm performance") && text.contains("CHATTER"),
        "{text}"
    );
}
