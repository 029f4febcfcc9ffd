//! Plant connections (issue 32): the configuration calls, the password that is never answered,
//! the rules a record must meet, and what the connectors hear on the bus.

use std::time::Duration;

use axum::http::StatusCode;
use bus::connections::{Change, Settings, Statuses};
use chrono::Utc;
use futures::StreamExt;
use model::connect::{ConnectionState, ConnectionStatus, TagStatus};
use serde_json::{Value, json};
use sqlx::PgPool;
use testkit::NatsServer;
use uuid::Uuid;

use crate::harness::*;
use crate::plant::Plant;

fn press(line: &str) -> Value {
    json!({
        "lineId": line,
        "name": "Press PLC",
        "protocol": "OPCUA",
        "endpoint": "opc.tcp://10.0.0.5:4840",
        "securityPolicy": "Basic256Sha256",
        "securityMode": "SignAndEncrypt",
        "username": "batchline",
        "password": "s3cret-plc",
        "tags": [
            {"kind": "PROCESS", "nodeId": "ns=2;s=Press.Current", "code": "PRESS_CURRENT_A", "deadband": 0.5},
            {"kind": "ALARM", "nodeId": "ns=2;s=Press.Overload", "code": "PRESS_OVERLOAD", "severity": "CRITICAL", "message": "Press overload"},
            {"kind": "STATE", "nodeId": "ns=2;s=Line.State", "code": "LINE_STATE",
             "valueMap": {"0": "STOPPED", "1": "RUNNING", "2": "IDLE", "3": "FAULT"}}
        ]
    })
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn connections_are_configured_and_the_password_is_never_answered(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let plant = Plant::new(&app).await;
    let token = plant.token.clone();
    let line = plant.line().await;
    let other = plant.line().await;

    let created = app
        .post("/api/connections/add", press(&line), Some(&token))
        .await;
    assert_eq!(created.message(), "Connection created");
    let c = created.ok()["data"].clone();
    let id = c["_id"].as_str().unwrap().to_string();
    assert_eq!(c["hasPassword"], true);
    assert_eq!(c["samplingMs"], 1000);
    assert_eq!(c["enabled"], true);
    assert_eq!(c["tags"][1]["severity"], "CRITICAL");
    assert_eq!(c["tags"][2]["valueMap"]["1"], "RUNNING");
    assert!(!c.to_string().contains("s3cret-plc"), "{c}");

    // Listed by line, fetched alone; never with the password.
    let mine = app
        .get(&format!("/api/connections?lineId={line}"), Some(&token))
        .await;
    assert_eq!(mine.ok()["data"].as_array().unwrap().len(), 1);
    let theirs = app
        .get(&format!("/api/connections?lineId={other}"), Some(&token))
        .await;
    assert_eq!(theirs.ok()["data"], json!([]));
    let bad = app.get("/api/connections?lineId=nope", Some(&token)).await;
    bad.failed(StatusCode::BAD_REQUEST);
    let got = app
        .get(&format!("/api/connections/{id}"), Some(&token))
        .await;
    assert_eq!(got.ok()["data"]["name"], "Press PLC");
    assert!(!got.ok().to_string().contains("s3cret-plc"));

    // An edit without a password keeps the stored one; "" removes it.
    let mut body = press(&line);
    body.as_object_mut().unwrap().remove("password");
    body["samplingMs"] = json!(250);
    let edited = app
        .post(
            &format!("/api/connections/edit/{id}"),
            body.clone(),
            Some(&token),
        )
        .await;
    assert_eq!(edited.message(), "Connection saved");
    assert_eq!(edited.ok()["data"]["samplingMs"], 250);
    let stored = db::connections::get(&pool, Uuid::parse_str(&id).unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.password.as_deref(), Some("s3cret-plc"));
    body["password"] = json!("");
    let cleared = app
        .post(&format!("/api/connections/edit/{id}"), body, Some(&token))
        .await;
    assert_eq!(cleared.ok()["data"]["hasPassword"], false);

    // A second connection of the same name on the line is refused; on another line it is not.
    let dup = app
        .post("/api/connections/add", press(&line), Some(&token))
        .await;
    dup.failed(StatusCode::CONFLICT);
    assert_eq!(
        dup.error("name"),
        "This line already has a connection of this name"
    );
    app.post("/api/connections/add", press(&other), Some(&token))
        .await
        .ok();

    // The audit keeps what changed, never the password.
    let audit: Vec<(String, Option<Value>)> = sqlx::query_as(
        "select action, after from audit_log where entity = 'connection' order by id",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    let actions: Vec<&str> = audit.iter().map(|(a, _)| a.as_str()).collect();
    assert_eq!(
        actions,
        [
            "connection_created",
            "connection_updated",
            "connection_updated",
            "connection_created"
        ]
    );
    assert!(
        audit
            .iter()
            .all(|(_, a)| !a.as_ref().unwrap().to_string().contains("s3cret"))
    );

    // Deleted: gone, and a second delete is a 404.
    let deleted = app
        .post("/api/connections/delete", json!({"id": id}), Some(&token))
        .await;
    assert_eq!(deleted.message(), "Connection deleted");
    app.get(&format!("/api/connections/{id}"), Some(&token))
        .await
        .failed(StatusCode::NOT_FOUND);
    let again = app
        .post("/api/connections/delete", json!({"id": id}), Some(&token))
        .await;
    again.failed(StatusCode::NOT_FOUND);
    assert_eq!(again.message(), "Connection not found");
    let none = app
        .post("/api/connections/delete", json!({}), Some(&token))
        .await;
    none.failed(StatusCode::BAD_REQUEST);
    assert_eq!(none.error("id"), "This field is required");
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_connection_that_breaks_the_rules_is_refused_field_by_field(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let plant = Plant::new(&app).await;
    let token = plant.token.clone();
    let line = plant.line().await;

    let mut body = press(&line);
    body["endpoint"] = json!("http://10.0.0.5");
    body["securityMode"] = json!("None");
    body["samplingMs"] = json!(5);
    body["tags"][1]["deadband"] = json!(1);
    body["tags"][2]["valueMap"] = json!({"1": "RUNNING"});
    body["tags"][0]["nodeId"] = json!("ns=2;s=Line.State");
    let a = app.post("/api/connections/add", body, Some(&token)).await;
    a.failed(StatusCode::BAD_REQUEST);
    assert_eq!(
        a.error("endpoint"),
        "Enter an OPC UA endpoint such as opc.tcp://10.0.0.5:4840"
    );
    assert_eq!(
        a.error("securityMode"),
        "Security mode None goes with policy None only, and policy None with mode None only"
    );
    assert_eq!(a.error("samplingMs"), "Enter a value from 100 to 3600000");
    assert_eq!(
        a.error("tags[1].deadband"),
        "Only PROCESS and PRESSURE tags have a deadband"
    );
    assert_eq!(
        a.error("tags[2].nodeId"),
        "This node is mapped by another tag already"
    );

    let mut state = press(&line);
    state["tags"][2].as_object_mut().unwrap().remove("valueMap");
    let a = app.post("/api/connections/add", state, Some(&token)).await;
    assert_eq!(a.error("tags[2].valueMap"), "This field is required");

    let mut mqtt = press(&line);
    mqtt["protocol"] = json!("MQTT");
    mqtt["endpoint"] = json!("Mill");
    let a = app.post("/api/connections/add", mqtt, Some(&token)).await;
    a.failed(StatusCode::BAD_REQUEST);
    assert_eq!(
        a.error("endpoint"),
        "Enter the Sparkplug group and edge node as group/edgeNode (letters, digits, - and _)"
    );
    assert_eq!(
        a.error("securityPolicy"),
        "An MQTT connection has no OPC UA security: choose None"
    );

    let mut gone = press(&line);
    gone["lineId"] = json!(Uuid::now_v7().to_string());
    let a = app.post("/api/connections/add", gone, Some(&token)).await;
    a.failed(StatusCode::BAD_REQUEST);
    assert_eq!(a.error("lineId"), "The selected record does not exist");

    let a = app
        .post("/api/connections/add", json!({}), Some(&token))
        .await;
    a.failed(StatusCode::BAD_REQUEST);
    for field in ["lineId", "name", "protocol", "endpoint"] {
        assert_eq!(a.error(field), "This field is required", "{field}");
    }
    let a = app
        .post(
            "/api/connections/add",
            json!({"protocol": "MODBUS"}),
            Some(&token),
        )
        .await;
    a.failed(StatusCode::BAD_REQUEST);
    let count: i64 = sqlx::query_scalar("select count(*) from connection")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(count, 0);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn connectors_hear_each_saved_change_and_report_their_status(pool: PgPool) {
    let nats = NatsServer::start().await;
    let client = nats.client().await;
    let js = async_nats::jetstream::new(client.clone());
    let app = TestApp::with_nats(pool.clone(), client.clone()).await;
    let plant = Plant::new(&app).await;
    let token = plant.token.clone();
    let line = plant.line().await;

    let settings = Settings::open(&js).await.unwrap();
    let heard = settings.watch().await.unwrap();
    let created = app
        .post("/api/connections/add", press(&line), Some(&token))
        .await;
    let id = Uuid::parse_str(created.ok()["data"]["_id"].as_str().unwrap()).unwrap();
    let mut heard = Box::pin(heard);
    match next(&mut heard).await {
        Change::Put(s) => {
            assert_eq!(s.connection.id, id);
            // The connector is told the password it signs in with.
            assert_eq!(s.password.as_deref(), Some("s3cret-plc"));
        }
        other => panic!("{other:?}"),
    }

    // No connector has reported: DISCONNECTED, said in the caller's words.
    let s = app
        .get(&format!("/api/connections/{id}/status"), Some(&token))
        .await;
    assert_eq!(s.ok()["data"]["state"], "DISCONNECTED");
    assert_eq!(
        s.ok()["data"]["lastError"],
        "No connector is running this connection"
    );

    // A connector's report is answered as it is, until it is older than 15 s.
    let statuses = Statuses::open(&js).await.unwrap();
    let report = ConnectionStatus {
        id,
        line_id: Uuid::parse_str(&line).unwrap(),
        name: "Press PLC".into(),
        state: ConnectionState::Connected,
        since: Some(Utc::now()),
        last_value_at: Some(Utc::now()),
        samples_published: 42,
        buffered: 0,
        refused: 1,
        last_error: None,
        untrusted_certificate: None,
        untrusted_certificate_der: None,
        tags: vec![TagStatus {
            node_id: "ns=2;s=Press.Current".into(),
            status: "Good".into(),
        }],
        reported_at: Utc::now(),
    };
    statuses.put(&report).await.unwrap();
    let s = app
        .get(&format!("/api/connections/{id}/status"), Some(&token))
        .await;
    assert_eq!(s.ok()["data"]["state"], "CONNECTED");
    assert_eq!(s.ok()["data"]["samplesPublished"], 42);
    assert_eq!(s.ok()["data"]["tags"][0]["status"], "Good");
    statuses
        .put(&ConnectionStatus {
            reported_at: Utc::now() - chrono::Duration::seconds(60),
            ..report
        })
        .await
        .unwrap();
    let s = app
        .get(&format!("/api/connections/{id}/status"), Some(&token))
        .await;
    assert_eq!(s.ok()["data"]["state"], "DISCONNECTED");

    // Switched off: the connector hears it, and the status says DISABLED.
    let mut off = press(&line);
    off["enabled"] = json!(false);
    app.post(&format!("/api/connections/edit/{id}"), off, Some(&token))
        .await
        .ok();
    match next(&mut heard).await {
        Change::Put(s) => assert!(!s.connection.enabled),
        other => panic!("{other:?}"),
    }
    let s = app
        .get(&format!("/api/connections/{id}/status"), Some(&token))
        .await;
    assert_eq!(s.ok()["data"]["state"], "DISABLED");

    // Deleted: removed from the bucket, its status with it.
    app.post("/api/connections/delete", json!({"id": id}), Some(&token))
        .await
        .ok();
    assert_eq!(next(&mut heard).await, Change::Removed(id));
    assert_eq!(statuses.get(id).await.unwrap(), None);

    // A bucket that lost an entry (a NATS server replaced) is repaired by the sweep.
    let kept = app
        .post("/api/connections/add", press(&line), Some(&token))
        .await;
    let kept = Uuid::parse_str(kept.ok()["data"]["_id"].as_str().unwrap()).unwrap();
    settings.remove(kept).await.unwrap();
    app::connections::sync(&app.state.app).await.unwrap();
    let all = db::connections::list(&pool, None).await.unwrap();
    assert_eq!(
        settings.reconcile(&all).await.unwrap(),
        0,
        "the sweep put it back"
    );
}

async fn next(heard: &mut (impl futures::Stream<Item = anyhow::Result<Change>> + Unpin)) -> Change {
    tokio::time::timeout(Duration::from_secs(5), heard.next())
        .await
        .expect("a change within 5 s")
        .unwrap()
        .unwrap()
}

/// A plant server on loopback with line L1's press, signing in `operator`.
async fn plc() -> (sim::opcua::PlantServer, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("batchline-plc-{}", Uuid::new_v4()));
    let s = sim::opcua::PlantServer::start(sim::opcua::Options {
        port: 0,
        pki_dir: dir.join("pki"),
        users: vec![("operator".into(), "plc-pass".into())],
    })
    .await
    .unwrap();
    s.add_folder("L1", "L1", None);
    s.add_variable("L1", "L1.Press.Current", "Press.Current", 10.5f64);
    s.add_variable("L1", "L1.Press.Overload", "Press.Overload", false);
    (s, dir)
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn the_node_browser_and_the_test_ask_a_real_server_and_trust_is_given_explicitly(
    pool: PgPool,
) {
    let nats = NatsServer::start().await;
    let client = nats.client().await;
    let app = TestApp::with_nats(pool.clone(), client.clone()).await;
    let plant = Plant::new(&app).await;
    let token = plant.token.clone();
    let line = plant.line().await;
    let (server, _dir) = plc().await;
    let user =
        json!({"endpoint": server.endpoint(), "username": "operator", "password": "plc-pass"});

    // The Objects folder holds the line's folder; the folder its variables, typed, with values.
    let top = app
        .post("/api/connections/browse", user.clone(), Some(&token))
        .await;
    let l1 = top.ok()["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["displayName"] == "L1")
        .cloned()
        .expect("the line's folder");
    assert_eq!(l1["nodeClass"], "Object");
    assert_eq!(l1["hasChildren"], true);
    let mut inside = user.clone();
    inside["nodeId"] = l1["nodeId"].clone();
    let vars = app
        .post("/api/connections/browse", inside, Some(&token))
        .await;
    let vars = vars.ok()["data"].as_array().unwrap().clone();
    let current = vars
        .iter()
        .find(|n| n["displayName"] == "Press.Current")
        .unwrap();
    assert_eq!(current["nodeClass"], "Variable");
    assert_eq!(current["dataType"], "Double");
    assert_eq!(current["value"], "10.5");
    assert_eq!(current["nodeId"], server.node_id("L1.Press.Current"));

    // A wrong password, a server that is not there: 502 with the reason.
    let mut wrong = user.clone();
    wrong["password"] = json!("nope");
    let a = app
        .post("/api/connections/browse", wrong, Some(&token))
        .await;
    a.failed(StatusCode::BAD_GATEWAY);
    assert!(
        a.message()
            .starts_with("The server refused the connection (Bad"),
        "{}",
        a.message()
    );
    let gone = json!({"endpoint": format!("opc.tcp://127.0.0.1:{}/", testkit::free_port())});
    let a = app
        .post("/api/connections/browse", gone, Some(&token))
        .await;
    a.failed(StatusCode::BAD_GATEWAY);
    assert!(
        a.message().starts_with("The server does not answer (Bad"),
        "{}",
        a.message()
    );
    let a = app
        .post(
            "/api/connections/browse",
            json!({"endpoint": "http://x"}),
            Some(&token),
        )
        .await;
    a.failed(StatusCode::BAD_REQUEST);

    // Test: each tag read once; a node that does not exist says so.
    let record = json!({
        "lineId": line, "name": "Press PLC", "protocol": "OPCUA", "endpoint": server.endpoint(),
        "username": "operator", "password": "plc-pass",
        "tags": [
            {"kind": "PROCESS", "nodeId": server.node_id("L1.Press.Current"), "code": "PRESS_CURRENT_A"},
            {"kind": "PROCESS", "nodeId": server.node_id("L1.Nowhere"), "code": "NOWHERE"}
        ]
    });
    let t = app
        .post("/api/connections/test", record.clone(), Some(&token))
        .await;
    let t = t.ok()["data"].clone();
    assert_eq!(t["connected"], true, "{t}");
    assert_eq!(t["tags"][0]["status"], "Good");
    assert_eq!(t["tags"][0]["value"], "10.5");
    assert_eq!(t["tags"][1]["status"], "BadNodeIdUnknown");

    // A signed connection: the server's certificate is not trusted until someone trusts it.
    let mut signed = record.clone();
    signed["securityPolicy"] = json!("Basic256Sha256");
    signed["securityMode"] = json!("Sign");
    let t = app
        .post("/api/connections/test", signed.clone(), Some(&token))
        .await;
    let t = t.ok()["data"].clone();
    assert_eq!(t["connected"], false, "{t}");
    assert_eq!(t["fault"], true, "{t}");
    let thumbprint = t["untrustedCertificate"]["thumbprint"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(thumbprint.len(), 40);
    let trusted = app
        .post(
            "/api/connections/trust",
            json!({"thumbprint": thumbprint}),
            Some(&token),
        )
        .await;
    assert!(
        trusted
            .message()
            .starts_with("Server certificate trusted: "),
        "{}",
        trusted.message()
    );
    let listed = app.get("/api/connections/trust", Some(&token)).await;
    assert_eq!(listed.ok()["data"][0]["thumbprint"], thumbprint.as_str());
    assert_eq!(listed.ok()["data"][0]["trustedBy"], SUPER_EMAIL);
    // The connectors are told.
    let js = async_nats::jetstream::new(client.clone());
    let bucket = bus::connections::Trust::open(&js).await.unwrap();
    let mut watch = Box::pin(bucket.watch().await.unwrap());
    let first = tokio::time::timeout(Duration::from_secs(5), watch.next())
        .await
        .unwrap();
    assert!(
        matches!(first, Some(Ok(bus::connections::TrustChange::Trusted(t, _))) if t == thumbprint)
    );
    let t = app
        .post("/api/connections/test", signed.clone(), Some(&token))
        .await;
    assert_eq!(t.ok()["data"]["connected"], true, "{}", t.ok());
    // An api on a fresh data folder trusts what the plant trusts (the database's list).
    std::fs::remove_dir_all(app.data_dir.join("opcua-pki").join("trusted")).unwrap();
    let t = app
        .post("/api/connections/test", signed.clone(), Some(&token))
        .await;
    assert_eq!(t.ok()["data"]["connected"], true, "{}", t.ok());

    // Unknown and malformed thumbprints; trust withdrawn.
    let a = app
        .post(
            "/api/connections/trust",
            json!({"thumbprint": "ab".repeat(20)}),
            Some(&token),
        )
        .await;
    a.failed(StatusCode::NOT_FOUND);
    let a = app
        .post(
            "/api/connections/trust",
            json!({"thumbprint": "xyz"}),
            Some(&token),
        )
        .await;
    assert_eq!(
        a.error("thumbprint"),
        "A thumbprint is 40 hexadecimal characters"
    );
    app.post(
        "/api/connections/distrust",
        json!({"thumbprint": thumbprint}),
        Some(&token),
    )
    .await
    .ok();
    assert_eq!(
        app.get("/api/connections/trust", Some(&token)).await.ok()["data"],
        json!([])
    );
    let t = app
        .post("/api/connections/test", signed, Some(&token))
        .await;
    assert_eq!(t.ok()["data"]["connected"], false, "withdrawn: {}", t.ok());
    server.stop().await;
}
