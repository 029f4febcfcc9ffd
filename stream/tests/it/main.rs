//! The WebSocket live protocol end to end: a real api with `/ws` on a local port, a private
//! nats-server per test, a fresh Postgres database per test.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use api::{ApiSettings, AppState};
use chrono::Utc;
use futures::{SinkExt, StreamExt};
use model::wire::{self, Envelope, Sample};
use serde_json::{Value, json};
use sqlx::PgPool;
use stream::Stream;
use testkit::NatsServer;
use testkit::samples::{batch, state, weighing};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::{self, Message as Ws};
use uuid::Uuid;

mod alarms;
mod budgets;
mod events;
mod spc;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

struct Live {
    state: AppState,
    addr: SocketAddr,
    nats: async_nats::Client,
    stream: Stream,
    _server: NatsServer,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    dir: std::path::PathBuf,
}

impl Drop for Live {
    fn drop(&mut self) {
        self.stream.stop();
        if let Some(s) = self.shutdown.take() {
            let _ = s.send(());
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

async fn start(pool: PgPool, tweak: impl FnOnce(&mut stream::Config)) -> Live {
    let dir = std::env::temp_dir().join(format!("batchline-stream-{}", Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut config = ApiSettings::for_tests(dir.clone());
    config.superuser_email = Some("super@plant.test".into());
    config.superuser_password = Some("Granary-Silo-Auger-77".into());
    let state = AppState::new(pool.clone(), config, None).unwrap();
    api::bootstrap_super_user(&state).await.unwrap();
    let server = NatsServer::start().await;
    let nats = server.client().await;
    let mut cfg = stream::Config::default();
    tweak(&mut cfg);
    let live = Stream::start(&pool, nats.clone(), cfg).await.unwrap();
    let router = api::app_with(state.clone(), live.router(state.sessions()));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(api::serve(state.clone(), router, listener, async move {
        let _ = rx.await;
    }));
    Live {
        state,
        addr,
        nats,
        stream: live,
        _server: server,
        shutdown: Some(tx),
        dir,
    }
}

impl Live {
    async fn token(&self) -> (String, api::auth::jwt::Claims) {
        let user = db::users::super_user(&self.state.pool)
            .await
            .unwrap()
            .unwrap();
        self.state.jwt.issue(&user, user.role).unwrap()
    }

    async fn connect(&self) -> Socket {
        tokio_tungstenite::connect_async(format!("ws://{}/ws", self.addr))
            .await
            .unwrap()
            .0
    }

    /// Connects and authenticates.
    async fn client(&self) -> Socket {
        let (token, _) = self.token().await;
        let mut ws = self.connect().await;
        send(&mut ws, json!({"type": "auth", "token": token})).await;
        let hello = next_json(&mut ws).await;
        assert_eq!(hello["type"], "authenticated", "{hello}");
        ws
    }

    async fn publish<T: Sample>(&self, line: &str, samples: Vec<T>) {
        let e = Envelope::new(line, samples);
        self.nats
            .publish(e.subject(), serde_json::to_vec(&e).unwrap().into())
            .await
            .unwrap();
        self.nats.flush().await.unwrap();
    }

    /// Polls until the hub has folded in what the test published.
    async fn wait_line(&self, line: &str, ok: impl Fn(&stream::live::LineLive) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while !self.stream.hub.line(line).is_some_and(|l| ok(&l)) {
            assert!(
                Instant::now() < deadline,
                "the hub never reached the expected state of {line}"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

/// A configured line (its `_id`) with the code `code`.
async fn configured_line(pool: &PgPool, code: &str) -> String {
    let id = Uuid::new_v4();
    sqlx::query(
        "insert into line (id, name, code, timezone) values ($1, $2, $2, 'Europe/Amsterdam')",
    )
    .bind(id)
    .bind(code)
    .execute(pool)
    .await
    .unwrap();
    id.to_string()
}

async fn send(ws: &mut Socket, v: Value) {
    ws.send(Ws::Text(v.to_string().into())).await.unwrap();
}

/// The next text frame (skipping pings), within 10 s.
async fn next_json(ws: &mut Socket) -> Value {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .expect("a frame within 10 s")
            .expect("socket open")
            .unwrap();
        if let Ws::Text(t) = m {
            let v: Value = serde_json::from_str(&t).unwrap();
            if v["type"] != "ping" {
                return v;
            }
        }
    }
}

/// Reads until the server closes; returns the close code.
async fn close_code(ws: &mut Socket) -> Option<CloseCode> {
    loop {
        match tokio::time::timeout(Duration::from_secs(20), ws.next())
            .await
            .expect("closed within 20 s")
        {
            Some(Ok(Ws::Close(frame))) => return frame.map(|f| f.code),
            Some(Ok(_)) => continue,
            Some(Err(_)) | None => return None,
        }
    }
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_client_gets_a_snapshot_then_numbered_deltas(pool: PgPool) {
    // Only configured lines show on `lines` and `alarms`.
    let l1 = configured_line(&pool, "L1").await;
    let live = start(pool, |_| {}).await;
    let l1 = l1.as_str();
    live.publish(l1, vec![state(wire::LineStateKind::Running)])
        .await;
    live.publish(
        l1,
        vec![batch(wire::BatchEventKind::Started, "L1-1", 2000.0, None)],
    )
    .await;
    live.wait_line(l1, |l| l.batch.is_some()).await;

    let mut ws = live.client().await;
    send(
        &mut ws,
        json!({"type": "subscribe", "topics": ["lines", format!("line:{l1}")]}),
    )
    .await;
    let a = next_json(&mut ws).await;
    let b = next_json(&mut ws).await;
    let (lines, detail) = if a["topic"] == "lines" {
        (a, b)
    } else {
        (b, a)
    };
    assert_eq!(
        (lines["kind"].as_str(), lines["seq"].as_u64()),
        (Some("snapshot"), Some(1)),
        "{lines}"
    );
    assert_eq!(lines["data"][0]["lineId"], l1);
    assert_eq!(lines["data"][0]["state"], "RUNNING");
    assert_eq!(lines["data"][0]["batch"]["recipeName"], "Layer mash");
    assert_eq!(detail["kind"], "snapshot");
    assert_eq!(detail["data"]["batch"]["batchId"], "L1-1");

    live.publish(l1, vec![weighing("L1-1", 500.0)]).await;
    let mut seen = std::collections::HashMap::new();
    while seen.len() < 2 {
        let d = next_json(&mut ws).await;
        assert_eq!(d["kind"], "delta", "{d}");
        seen.insert(d["topic"].as_str().unwrap().to_string(), d);
    }
    assert_eq!(seen["lines"]["seq"], 2);
    assert_eq!(seen["lines"]["data"]["progress"], 0.25);
    assert_eq!(
        seen[&format!("line:{l1}")]["data"]["batch"]["dosedKg"],
        500.0
    );

    // A stopped line raises an alarm: deltas on `alarms` and the line.
    send(
        &mut ws,
        json!({"type": "subscribe", "topics": ["alarms", format!("line:{l1}:diagnostics")]}),
    )
    .await;
    let mut snaps = 0;
    while snaps < 2 {
        snaps += usize::from(next_json(&mut ws).await["kind"] == "snapshot");
    }
    let alarm = wire::Alarm {
        id: Uuid::now_v7(),
        time: Utc::now(),
        batch_id: None,
        code: "MOTOR_OVERLOAD".into(),
        severity: wire::Severity::Critical,
        message: "Mixer motor overload tripped".into(),
        state: wire::AlarmState::Raised,
        cleared_at: None,
    };
    live.publish(l1, vec![alarm]).await;
    let d = loop {
        let d = next_json(&mut ws).await;
        if d["topic"] == "alarms" {
            break d;
        }
    };
    assert_eq!(d["data"]["code"], "MOTOR_OVERLOAD");
    assert_eq!(d["data"]["state"], "RAISED");
}

/// The configured line with the code L1 and data sent under the id `L1` (a controller set up
/// with the code, not the `_id`): the tile is the configured line's, with its running order
/// from the board; `L1`'s data is listed on `unknown-lines` with its kinds and counts.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn an_unknown_line_id_is_listed_apart_and_a_tile_shows_its_order(pool: PgPool) {
    let line = configured_line(&pool, "L1").await;
    let order = Uuid::new_v4();
    sqlx::query(
        "insert into production_schedule (id, line_id, order_number, name, batch_size_kg, batches, planned_start, sequence, status, batches_done) \
         values ($1, $2::uuid, 'PO-7', 'Broiler grower', 2000, 12, now(), 1, 'RUNNING', 5)",
    )
    .bind(order)
    .bind(&line)
    .execute(&pool)
    .await
    .unwrap();
    let live = start(pool, |_| {}).await;
    let mut started = batch(wire::BatchEventKind::Started, "L1-9", 2000.0, None);
    started.production_schedule_id = Some(order.to_string());
    live.publish(&line, vec![started]).await;
    // In order: the state, folded last, says the weighings are counted.
    live.publish("L1", vec![weighing("X-1", 10.0), weighing("X-1", 20.0)])
        .await;
    live.publish("L1", vec![state(wire::LineStateKind::Running)])
        .await;
    live.wait_line("L1", |l| l.state.is_some()).await;
    live.wait_line(&line, |l| l.batch.is_some()).await;

    let mut ws = live.client().await;
    send(
        &mut ws,
        json!({"type": "subscribe", "topics": ["lines", "unknown-lines"]}),
    )
    .await;
    let mut snaps = std::collections::HashMap::new();
    while snaps.len() < 2 {
        let f = next_json(&mut ws).await;
        snaps.insert(f["topic"].as_str().unwrap().to_string(), f);
    }
    let tiles = snaps["lines"]["data"].as_array().unwrap();
    assert_eq!(tiles.len(), 1, "{tiles:?}");
    assert_eq!(tiles[0]["lineId"], line.as_str());
    assert_eq!(tiles[0]["order"]["orderNumber"], "PO-7");
    assert_eq!(tiles[0]["order"]["batchesDone"], 5);
    assert_eq!(tiles[0]["order"]["batches"], 12);
    let unknown = &snaps["unknown-lines"]["data"]["lines"];
    assert_eq!(unknown[0]["lineId"], "L1", "{unknown}");
    assert_eq!(unknown[0]["samples"]["state"], 1);
    assert_eq!(unknown[0]["samples"]["weighing"], 2);

    // The board counts another batch (as ingest writes it after its commit): the tile follows.
    let entry = model::schedule::board::BoardEntry {
        order_id: order,
        line_id: line.clone(),
        line_code: "L1".into(),
        kind: model::schedule::Kind::Production,
        order_number: "PO-7".into(),
        name: "Broiler grower".into(),
        sequence: 1,
        status: model::schedule::Status::Running,
        batches: 12,
        batches_done: 6,
        control_recipe: model::schedule::control::ControlRecipe {
            recipe_id: None,
            recipe_code: "R1".into(),
            recipe_name: "Broiler grower".into(),
            recipe_version: 1,
            medication_class: "NONE".into(),
            batch_size_kg: 2000.0,
            weighings: Vec::new(),
            mixing: Vec::new(),
            miscellaneous: Vec::new(),
        },
        updated_at: Utc::now(),
    };
    let js = async_nats::jetstream::new(live.nats.clone());
    let board = bus::board::Board::open(&js).await.unwrap();
    board.put(&entry).await.unwrap();
    let moved = loop {
        let f = next_json(&mut ws).await;
        if f["topic"] == "lines" && f["data"]["order"]["batchesDone"] == 6 {
            break f;
        }
    };
    assert_eq!(moved["data"]["lineId"], line.as_str());
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_lines_plant_connection_state_is_pushed_on_its_topic(pool: PgPool) {
    let line = configured_line(&pool, "L3").await;
    let live = start(pool, |_| {}).await;
    let mut ws = live.client().await;
    send(
        &mut ws,
        json!({"type": "subscribe", "topics": [format!("line:{line}")]}),
    )
    .await;
    let snap = next_json(&mut ws).await;
    assert_eq!(snap["data"]["connections"], json!([]), "{snap}");

    // A connector reports the press PLC connected, then lost.
    let js = async_nats::jetstream::new(live.nats.clone());
    let statuses = bus::connections::Statuses::open(&js).await.unwrap();
    let mut status = model::connect::ConnectionStatus {
        id: Uuid::now_v7(),
        line_id: Uuid::parse_str(&line).unwrap(),
        name: "Press PLC".into(),
        state: model::connect::ConnectionState::Connected,
        since: Some(Utc::now()),
        last_value_at: None,
        samples_published: 0,
        buffered: 0,
        refused: 0,
        last_error: None,
        untrusted_certificate: None,
        untrusted_certificate_der: None,
        tags: Vec::new(),
        reported_at: Utc::now(),
    };
    statuses.put(&status).await.unwrap();
    let pushed = loop {
        let f = next_json(&mut ws).await;
        if f["data"]["connections"][0]["state"] == "CONNECTED" {
            break f;
        }
    };
    assert_eq!(pushed["data"]["connections"][0]["name"], "Press PLC");
    status.state = model::connect::ConnectionState::Disconnected;
    status.last_error = Some("BadServerHalted".into());
    statuses.put(&status).await.unwrap();
    loop {
        let f = next_json(&mut ws).await;
        if f["data"]["connections"][0]["state"] == "DISCONNECTED" {
            assert_eq!(f["data"]["connections"][0]["lastError"], "BadServerHalted");
            break;
        }
    }

    // A connector that stops reporting: shown DISCONNECTED (checked every 2 s).
    status.state = model::connect::ConnectionState::Connected;
    status.last_error = None;
    status.reported_at = Utc::now() - chrono::Duration::seconds(model::connect::STALE_AFTER_S - 1);
    statuses.put(&status).await.unwrap();
    loop {
        let f = next_json(&mut ws).await;
        let c = &f["data"]["connections"][0];
        if c["state"] == "DISCONNECTED" && c["lastError"] == "connector.notReporting" {
            break;
        }
    }
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_fresh_stream_process_serves_the_state_stored_in_the_database(pool: PgPool) {
    // Only configured lines have topics (decision 95).
    let l7 = configured_line(&pool, "L7").await;
    sqlx::query(
        "insert into production_batch (line_id, batch_id, recipe_id, recipe_name, recipe_version, started_at, status, target_kg) \
         values ($1, 'L7-9', 'R1', 'Pig finisher', 1, now() - interval '2 minutes', 'RUNNING', 4000)",
    )
    .bind(&l7)
    .execute(&pool)
    .await
    .unwrap();
    sqlx::query("insert into line_state (id, time, line_id, state) values ($1, now() - interval '3 minutes', $2, 'RUNNING')")
        .bind(Uuid::now_v7())
        .bind(&l7)
        .execute(&pool)
        .await
        .unwrap();
    sqlx::query(
        "insert into weighing (id, time, line_id, batch_id, scale_id, material_id, setpoint_kg, actual_kg, deviation_kg, tolerance_kg, \
         in_tolerance, duration_s, inflight_kg) values ($1, now() - interval '1 minute', $2, 'L7-9', 'S', 'BARLEY', 1000, 1000, 0, 5, true, 30, 4)",
    )
    .bind(Uuid::now_v7())
    .bind(&l7)
    .execute(&pool)
    .await
    .unwrap();

    let live = start(pool, |_| {}).await;
    let mut ws = live.client().await;
    send(
        &mut ws,
        json!({"type": "subscribe", "topics": [format!("line:{l7}")]}),
    )
    .await;
    let snap = next_json(&mut ws).await;
    assert_eq!(snap["data"]["state"], "RUNNING", "{snap}");
    assert_eq!(snap["data"]["batch"]["batchId"], "L7-9");
    assert_eq!(snap["data"]["progress"], 0.25);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn unauthenticated_invalid_and_revoked_clients_are_closed(pool: PgPool) {
    let live = start(pool, |c| c.reauth_every = Duration::from_millis(200)).await;

    let mut ws = live.connect().await;
    send(&mut ws, json!({"type": "subscribe", "topics": ["lines"]})).await;
    assert_eq!(close_code(&mut ws).await, Some(CloseCode::Library(4401)));

    let mut ws = live.connect().await;
    send(&mut ws, json!({"type": "auth", "token": "not.a.jwt"})).await;
    assert_eq!(close_code(&mut ws).await, Some(CloseCode::Library(4401)));

    let (token, claims) = live.token().await;
    db::users::revoke_jwt(&live.state.pool, claims.jti, claims.expires_at())
        .await
        .unwrap();
    let mut ws = live.connect().await;
    send(&mut ws, json!({"type": "auth", "token": token})).await;
    assert_eq!(close_code(&mut ws).await, Some(CloseCode::Library(4401)));

    // Revoked while connected: closed at the next check.
    let (token, claims) = live.token().await;
    let mut ws = live.connect().await;
    send(&mut ws, json!({"type": "auth", "token": token})).await;
    assert_eq!(next_json(&mut ws).await["type"], "authenticated");
    db::users::revoke_jwt(&live.state.pool, claims.jti, claims.expires_at())
        .await
        .unwrap();
    assert_eq!(close_code(&mut ws).await, Some(CloseCode::Library(4401)));
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_foreign_origin_is_refused(pool: PgPool) {
    let live = start(pool, |_| {}).await;
    let mut req = format!("ws://{}/ws", live.addr)
        .into_client_request()
        .unwrap();
    req.headers_mut()
        .insert("origin", "https://evil.example".parse().unwrap());
    match tokio_tungstenite::connect_async(req).await {
        Err(tungstenite::Error::Http(res)) => assert_eq!(res.status(), 403),
        other => panic!("expected 403, got {:?}", other.map(|r| r.1.status())),
    }
    let mut req = format!("ws://{}/ws", live.addr)
        .into_client_request()
        .unwrap();
    req.headers_mut()
        .insert("origin", format!("http://{}", live.addr).parse().unwrap());
    assert!(
        tokio_tungstenite::connect_async(req).await.is_ok(),
        "the page's own origin is allowed"
    );
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_slow_client_does_not_delay_a_fast_one_and_is_dropped(pool: PgPool) {
    let l1 = configured_line(&pool, "L1").await;
    let live = start(pool, |c| {
        c.hub.slow_after = Duration::from_millis(300);
        c.hub.queue_limit = 64;
    })
    .await;
    let diagnostics = format!("line:{l1}:diagnostics");
    let topics =
        json!({"type": "subscribe", "topics": ["lines", format!("line:{l1}"), diagnostics]});
    let mut slow = live.client().await;
    send(&mut slow, topics.clone()).await;
    let mut fast = live.client().await;
    send(&mut fast, topics).await;

    // The slow client never reads. Publish ~20 MB of diagnostics.
    let total = 100_000;
    let publisher = tokio::spawn(publish_diagnostics(live.nats.clone(), l1.clone(), 0, total));
    let started = Instant::now();
    let mut last = -1.0;
    while last < (total - 1) as f64 {
        let d = next_json(&mut fast).await;
        if d["topic"] == diagnostics.as_str() && d["kind"] == "delta" {
            for s in d["data"]["samples"].as_array().unwrap() {
                let v = s["value"].as_f64().unwrap();
                assert!(v > last, "samples arrive in order");
                last = v;
            }
        }
    }
    publisher.await.unwrap();
    let took = started.elapsed();
    assert!(
        took < Duration::from_secs(30),
        "the fast client got everything in {took:?}"
    );
    // The hub let go of the slow client; its socket ends (with 4408 when the close frame still
    // fits into its full buffers, else by the connection closing). How much its socket buffers
    // hold before a write sticks depends on the kernel's tuning and on how much the hub merged,
    // so diagnostics keep coming (and the fast client keeps reading) until it is dropped.
    let drain = tokio::spawn(async move { while let Some(Ok(_)) = fast.next().await {} });
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut more = total;
    while live.stream.hub.clients() > 1 {
        assert!(
            Instant::now() < deadline,
            "the slow client was never dropped"
        );
        publish_diagnostics(live.nats.clone(), l1.clone(), more, more + 1_000).await;
        more += 1_000;
    }
    drain.abort();
    let code = close_code(&mut slow).await;
    assert!(
        matches!(code, None | Some(CloseCode::Library(4408))),
        "{code:?}"
    );
}

/// Publishes process samples with values `from..to` on `line`, 100 a message, ~200 bytes each.
async fn publish_diagnostics(nats: async_nats::Client, line: String, from: usize, to: usize) {
    for chunk in (from..to).step_by(100) {
        let samples = (chunk..(chunk + 100).min(to))
            .map(|v| wire::ProcessSample {
                id: Uuid::now_v7(),
                time: Utc::now(),
                batch_id: Some("L1-1".into()),
                parameter_code: format!("MIXER_POWER_KW_{:0>100}", 0),
                value: v as f64,
            })
            .collect();
        let e = Envelope::new(&line, samples);
        nats.publish(e.subject(), serde_json::to_vec(&e).unwrap().into())
            .await
            .unwrap();
    }
    nats.flush().await.unwrap();
}

impl Live {
    /// An active PRIVILEGE user holding `privileges`, signed in (a token for it).
    async fn privilege_user(&self, privileges: &[&str]) -> (Uuid, String) {
        let privileges: Vec<String> = privileges.iter().map(|p| p.to_string()).collect();
        self.user_with(model::Role::Privilege, &privileges).await
    }

    /// An active user of `role` holding `privileges`, and a token for it.
    async fn user_with(&self, role: model::Role, privileges: &[String]) -> (Uuid, String) {
        let user = db::users::insert(
            &self.state.pool,
            db::users::NewUser {
                email: &format!("{}@plant.test", Uuid::new_v4().simple()),
                username: None,
                password_hash: None,
                role: role.as_str(),
                privileges,
                status: model::access::UserStatus::Active,
                created_by: Some("test"),
            },
        )
        .await
        .unwrap();
        let (token, _) = self.state.jwt.issue(&user, role).unwrap();
        (user.id, token)
    }

    async fn client_with(&self, token: &str) -> Socket {
        let mut ws = self.connect().await;
        send(&mut ws, json!({"type": "auth", "token": token})).await;
        assert_eq!(next_json(&mut ws).await["type"], "authenticated");
        ws
    }
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn diagnostics_are_refused_without_a_reports_privilege(pool: PgPool) {
    let live = start(pool, |_| {}).await;
    let (_, token) = live.privilege_user(&["CONFIGURATOR_READ"]).await;
    let mut ws = live.client_with(&token).await;
    send(
        &mut ws,
        json!({"type": "subscribe", "topics": ["line:L1:diagnostics", "lines"]}),
    )
    .await;
    // The refusal and the allowed topic's snapshot arrive; the diagnostics snapshot never does.
    let mut frames = vec![next_json(&mut ws).await, next_json(&mut ws).await];
    frames.sort_by_key(|f| f["type"].is_null());
    assert_eq!(frames[0]["code"], "forbiddenTopic", "{frames:?}");
    assert_eq!(frames[0]["topics"], json!(["line:L1:diagnostics"]));
    assert_eq!(frames[1]["topic"], "lines", "{frames:?}");
    assert_eq!(live.stream.hub.subscribers("line:L1:diagnostics"), 0);
    assert_eq!(live.stream.hub.subscribers("lines"), 1);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn diagnostics_stop_when_the_reports_privilege_is_taken_away(pool: PgPool) {
    let l1 = configured_line(&pool, "L1").await;
    let diagnostics = format!("line:{l1}:diagnostics");
    let live = start(pool, |c| c.reauth_every = Duration::from_millis(200)).await;
    let (id, token) = live.privilege_user(&["REPORTS_READ"]).await;
    let mut ws = live.client_with(&token).await;
    send(
        &mut ws,
        json!({"type": "subscribe", "topics": [&diagnostics]}),
    )
    .await;
    let snapshot = next_json(&mut ws).await;
    assert_eq!(
        (&snapshot["topic"], &snapshot["kind"]),
        (&json!(diagnostics), &json!("snapshot"))
    );

    db::users::update_access(&live.state.pool, id, "PRIVILEGE", &[], None, None, "test")
        .await
        .unwrap();
    let refused = next_json(&mut ws).await;
    assert_eq!(refused["code"], "forbiddenTopic", "{refused}");
    assert_eq!(refused["topics"], json!([&diagnostics]));
    // And a new subscription is refused with today's rights, not the token's.
    send(
        &mut ws,
        json!({"type": "subscribe", "topics": [&diagnostics]}),
    )
    .await;
    assert_eq!(next_json(&mut ws).await["code"], "forbiddenTopic");
}

/// The live half of the access matrix: every topic × every kind of caller. Callers without a
/// valid session are closed with 4401; each user gets a snapshot of exactly the topics its
/// rule allows (`Topic::rule`, judged by the server's one evaluator) and `forbiddenTopic`
/// naming the rest.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn every_topic_answers_every_caller_as_its_rule_says(pool: PgPool) {
    use model::live::{TOPIC_EXAMPLES, Topic};
    // The examples name line L1: here a configured line (only those have topics).
    let l1 = configured_line(&pool, "L1").await;
    let examples: Vec<String> = TOPIC_EXAMPLES
        .iter()
        .map(|t| t.replace("L1", &l1))
        .collect();
    let live = start(pool, |_| {}).await;

    // Without a valid session: closed before any topic.
    let (token, claims) = live.token().await;
    db::users::revoke_jwt(&live.state.pool, claims.jti, claims.expires_at())
        .await
        .unwrap();
    let user = db::users::super_user(&live.state.pool)
        .await
        .unwrap()
        .unwrap();
    let (expired, _) = live
        .state
        .jwt
        .issue_at(
            &user,
            model::Role::Super,
            Utc::now() - chrono::Duration::hours(13),
            Duration::from_secs(12 * 3600),
        )
        .unwrap();
    for (name, first) in [
        (
            "anonymous",
            json!({"type": "subscribe", "topics": examples}),
        ),
        ("revoked", json!({"type": "auth", "token": token})),
        ("expired", json!({"type": "auth", "token": expired})),
    ] {
        let mut ws = live.connect().await;
        send(&mut ws, first).await;
        assert_eq!(
            close_code(&mut ws).await,
            Some(CloseCode::Library(4401)),
            "{name}"
        );
    }

    let mut callers: Vec<(model::Role, Vec<String>)> = vec![
        (model::Role::Super, vec![]),
        (model::Role::Admin, vec![]),
        (model::Role::Privilege, vec![]),
    ];
    callers.extend(
        model::access::all_privileges()
            .into_iter()
            .map(|p| (model::Role::Privilege, vec![p])),
    );
    let mut cases = 0;
    for (role, privileges) in callers {
        let token = if role == model::Role::Super {
            live.token().await.0
        } else {
            live.user_with(role, &privileges).await.1
        };
        let mut ws = live.client_with(&token).await;
        send(&mut ws, json!({"type": "subscribe", "topics": examples})).await;
        let allowed: Vec<&str> = examples
            .iter()
            .map(String::as_str)
            .filter(|t| Topic::parse(t).unwrap().rule().allows(role, &privileges))
            .collect();
        let forbidden: Vec<&str> = examples
            .iter()
            .map(String::as_str)
            .filter(|t| !allowed.contains(t))
            .collect();
        let frames = allowed.len() + usize::from(!forbidden.is_empty());
        let (mut snapshots, mut refused): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
        for _ in 0..frames {
            let f = next_json(&mut ws).await;
            if f["kind"] == "snapshot" {
                snapshots.push(f["topic"].as_str().unwrap().to_string());
            } else {
                assert_eq!(f["code"], "forbiddenTopic", "{role:?} {privileges:?}: {f}");
                refused = serde_json::from_value(f["topics"].clone()).unwrap();
            }
        }
        snapshots.sort();
        let mut want: Vec<String> = allowed.iter().map(|t| t.to_string()).collect();
        want.sort();
        assert_eq!(snapshots, want, "{role:?} {privileges:?}");
        assert_eq!(refused, forbidden, "{role:?} {privileges:?}");
        cases += TOPIC_EXAMPLES.len();
    }
    assert_eq!(
        cases,
        TOPIC_EXAMPLES.len() * (3 + model::access::all_privileges().len())
    );
}
