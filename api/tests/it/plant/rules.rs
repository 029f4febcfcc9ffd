//! The rules around the generic calls: access per role and privilege, deletes refused while
//! something refers to the record, bulk all-or-nothing, filters, bin assignment, category
//! scales, the default shift range, and the stop-time call shapes.

use axum::http::{Method, StatusCode};
use chrono::{DateTime, Utc};
use serde_json::{Value, json};
use sqlx::PgPool;

use super::{Plant, entity, ids};
use crate::harness::TestApp;

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn privilege_users_need_configurator_privileges(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let plant = Plant::new(&app).await;
    let line = plant.line().await;
    let scales = entity("scales");
    let (_, reports) = app
        .user(
            &plant.token,
            "reports@plant.test",
            "PRIVILEGE",
            &["REPORTS_READ"],
        )
        .await;
    let (_, reader) = app
        .user(
            &plant.token,
            "reader@plant.test",
            "PRIVILEGE",
            &["CONFIGURATOR_READ"],
        )
        .await;
    let (_, writer) = app
        .user(
            &plant.token,
            "writer@plant.test",
            "PRIVILEGE",
            &["CONFIGURATOR_CREATE"],
        )
        .await;
    let list = format!("/api/scales?lineId={line}");
    app.get(&list, None).await.failed(StatusCode::UNAUTHORIZED);
    // Report readers read the plant's equipment (their reports' filters), schedulers do not.
    app.get(&list, Some(&reports)).await.ok();
    let (_, planner) = app
        .user(
            &plant.token,
            "planner@plant.test",
            "PRIVILEGE",
            &["SCHEDULE_READ"],
        )
        .await;
    app.get(&list, Some(&planner))
        .await
        .failed(StatusCode::FORBIDDEN);
    app.get(&list, Some(&reader)).await.ok();
    let body = Value::Object(plant.sample(scales, &line).await);
    app.post("/api/scales/add", body.clone(), Some(&reader))
        .await
        .failed(StatusCode::FORBIDDEN);
    app.post("/api/scales/add", body.clone(), Some(&reports))
        .await
        .failed(StatusCode::FORBIDDEN);
    let made = app.post("/api/scales/add", body, Some(&writer)).await;
    assert_eq!(made.ok()["data"]["createdBy"], "writer@plant.test");
    let id = made.body["data"]["_id"].as_str().unwrap();
    plant
        .delete_as(scales, id, &writer)
        .await
        .failed(StatusCode::FORBIDDEN);
    // Everyone reads the lines (the dashboard names them); only _LINE_CREATE adds one.
    assert_eq!(
        ids(&app.get("/api/lines", Some(&reports)).await),
        vec![line.clone()]
    );
    let new_line = json!({"name": "Line 9", "code": "L9", "timezone": "UTC"});
    app.post("/api/lines/add", new_line.clone(), Some(&writer))
        .await
        .failed(StatusCode::FORBIDDEN);
    let admin = app
        .user(&plant.token, "admin@plant.test", "ADMIN", &[])
        .await
        .1;
    app.post("/api/lines/add", new_line, Some(&admin))
        .await
        .failed(StatusCode::FORBIDDEN);
    // iRam is for _SUPER and ADMIN only.
    app.get(&format!("/api/irams?lineId={line}"), Some(&reader))
        .await
        .failed(StatusCode::FORBIDDEN);
    app.get(&format!("/api/irams?lineId={line}"), Some(&admin))
        .await
        .ok();
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_record_still_referred_to_cannot_be_deleted(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let plant = Plant::new(&app).await;
    let line = plant.line().await;
    let bin = plant.create(entity("bins"), &line).await;
    let scale_id = bin["scaleId"].as_str().unwrap();
    let a = plant.delete(entity("scales"), scale_id).await;
    a.failed(StatusCode::CONFLICT);
    assert!(a.message().contains(bin["code"].as_str().unwrap()), "{a:?}");
    assert!(a.message().contains("Bin"), "{a:?}");
    // A material inside a bin's materials (a JSON list) is found too.
    let material = bin["binMaterials"][0]["materialId"].as_str().unwrap();
    plant
        .delete(entity("materialdirectory"), material)
        .await
        .failed(StatusCode::CONFLICT);
    // And a line with records on it.
    plant
        .delete(entity("lines"), &line)
        .await
        .failed(StatusCode::CONFLICT);
    // Once the bin is gone the scale may go.
    plant
        .delete(entity("bins"), bin["_id"].as_str().unwrap())
        .await
        .ok();
    plant
        .delete(entity("materialdirectory"), material)
        .await
        .ok();
    plant.delete(entity("scales"), scale_id).await.ok();
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_parameter_group_holds_parameters_of_its_type_and_keeps_them(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let plant = Plant::new(&app).await;
    let line = plant.line().await;
    let action = plant.create(entity("actionparameters"), &line).await;
    let mode = plant.create(entity("modeparameters"), &line).await;
    let (action_id, mode_id) = (
        action["_id"].as_str().unwrap(),
        mode["_id"].as_str().unwrap(),
    );
    let groups = entity("parametergroups");
    // The group type picks the entity: a mode parameter is no action parameter.
    let a = plant
        .add(groups, json!({"lineId": line, "groupType": "ACTION", "name": "Mixing", "parameterIds": [mode_id]}))
        .await;
    a.failed(StatusCode::BAD_REQUEST);
    assert!(!a.error("parameterIds").is_empty(), "{a:?}");
    plant
        .add(groups, json!({"lineId": line, "groupType": "ACTION", "name": "Mixing", "parameterIds": [action_id]}))
        .await
        .ok();
    // A parameter in a group cannot be deleted; one in no group can.
    let a = plant.delete(entity("actionparameters"), action_id).await;
    a.failed(StatusCode::CONFLICT);
    assert!(a.message().contains("Mixing"), "{a:?}");
    plant.delete(entity("modeparameters"), mode_id).await.ok();
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn bulk_adds_all_or_nothing(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let plant = Plant::new(&app).await;
    let line = plant.line().await;
    let params = entity("actionparameters");
    let good = |code: &str| json!({"name": "Dry mix time", "code": code, "dataType": "INT", "unit": "s", "min": 0, "max": 600});
    let a = app
        .post("/api/actionparameters/add/bulk", json!([
            {"lineId": line, "name": "Time", "code": "T1", "dataType": "INT"},
            {"lineId": line, "name": "Speed", "code": "T1", "dataType": "INT"},
            {"lineId": line, "name": "", "code": "T3", "dataType": "NUMBER", "min": 5, "max": 1},
        ]), Some(&plant.token))
        .await;
    a.failed(StatusCode::BAD_REQUEST);
    assert_eq!(a.error("2.name"), "This field is required");
    assert!(!a.error("2.dataType").is_empty());
    assert!(
        ids(&plant.list(params, &format!("lineId={line}")).await).is_empty(),
        "nothing written"
    );
    // A code repeated inside the bulk is a conflict of its second row.
    let a = app
        .post(
            "/api/actionparameters/add/bulk",
            json!([good("A1"), good("A1")].map(|mut v| {
                v["lineId"] = json!(line);
                v
            })),
            Some(&plant.token),
        )
        .await;
    a.failed(StatusCode::CONFLICT);
    assert!(!a.error("1.code").is_empty(), "{a:?}");
    // The list form of add: {actionParameters: [...], lineId}.
    let a = app
        .post(
            "/api/actionparameters/add",
            json!({"lineId": line, "actionParameters": [good("A1"), good("A2")]}),
            Some(&plant.token),
        )
        .await;
    assert_eq!(a.ok()["data"].as_array().unwrap().len(), 2);
    assert_eq!(
        ids(&plant.list(params, &format!("lineId={line}")).await).len(),
        2
    );
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn lists_filter_by_their_filter_fields(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let plant = Plant::new(&app).await;
    let line = plant.line().await;
    let reports = entity("reportparameters");
    for (code, downstream) in [("R1", true), ("R2", false)] {
        let body = json!({"lineId": line, "name": code, "code": code, "source": "DOWNSTREAM", "isDownstream": downstream});
        plant.add(reports, body).await.ok();
    }
    let a = app
        .get(
            &format!("/api/reportparameters?lineId={line}&isDownstream=true"),
            Some(&plant.token),
        )
        .await;
    let codes: Vec<_> = a.ok()["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["code"].clone())
        .collect();
    assert_eq!(codes, vec![json!("R1")]);
    // Material directory by category (POST list form) and by scale.
    let m = plant.create(entity("materialdirectory"), &line).await;
    let other = plant.create(entity("materialdirectory"), &line).await;
    let by_cat = app
        .post(
            "/api/materialdirectory",
            json!({"lineId": line, "materialCategoryId": m["materialCategoryId"]}),
            Some(&plant.token),
        )
        .await;
    assert_eq!(ids(&by_cat), vec![m["_id"].as_str().unwrap().to_string()]);
    let scale = m["scaleIds"][0].as_str().unwrap();
    let by_scale = app
        .get(
            &format!("/api/materialdirectory?lineId={line}&scaleId={scale}"),
            Some(&plant.token),
        )
        .await;
    assert_eq!(ids(&by_scale), vec![m["_id"].as_str().unwrap().to_string()]);
    assert_ne!(m["_id"], other["_id"]);
    app.get("/api/scales?lineId=not-a-uuid", Some(&plant.token))
        .await
        .failed(StatusCode::BAD_REQUEST);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn materials_are_assigned_to_bins_and_bins_come_with_their_scale(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let plant = Plant::new(&app).await;
    let line = plant.line().await;
    let bin = plant.create(entity("bins"), &line).await;
    let corn = plant.create(entity("materialdirectory"), &line).await;
    let bin_id = bin["_id"].as_str().unwrap();
    let a = app
        .post(
            "/api/bins/addmaterial",
            json!({"binMaterials": [{"binId": bin_id, "materialId": corn["_id"], "lot": "LOT-7"}]}),
            Some(&plant.token),
        )
        .await;
    assert_eq!(
        a.ok()["data"][0]["binMaterials"][0]["materialId"],
        corn["_id"]
    );
    let with_scale = app
        .get(
            &format!("/api/binswithscale?lineId={line}"),
            Some(&plant.token),
        )
        .await;
    let first = &with_scale.ok()["data"][0];
    assert_eq!(first["scale"]["_id"], bin["scaleId"]);
    assert_eq!(first["binMaterials"][0]["lot"], "LOT-7");
    // A material of another line is refused, and nothing changes.
    let other_line = plant.line().await;
    let foreign = plant.create(entity("materialdirectory"), &other_line).await;
    let a = app
        .post(
            "/api/bins/addmaterial",
            json!({"binMaterials": [{"binId": bin_id, "materialId": foreign["_id"]}]}),
            Some(&plant.token),
        )
        .await;
    a.failed(StatusCode::BAD_REQUEST);
    assert_eq!(
        a.error("binMaterials[0]"),
        "The selected record belongs to another line"
    );
    // A lot longer than the limit the web's input has (model::limits::BIN_LOT) is refused.
    let long = "L".repeat(model::limits::BIN_LOT + 1);
    let a = app
        .post(
            "/api/bins/addmaterial",
            json!({"binMaterials": [{"binId": bin_id, "materialId": corn["_id"], "lot": long}]}),
            Some(&plant.token),
        )
        .await;
    a.failed(StatusCode::BAD_REQUEST);
    assert!(
        a.error("binMaterials[0]").contains("40"),
        "{}",
        a.error("binMaterials[0]")
    );
    // The scales a category may be weighed on.
    let category = plant.create(entity("materialcategories"), &line).await;
    let allowed = category["allowedScaleIds"].clone();
    let a = app
        .post(
            &format!(
                "/api/materialCategories/{}/scales",
                category["_id"].as_str().unwrap()
            ),
            json!({"lineId": line}),
            Some(&plant.token),
        )
        .await;
    let got: Vec<Value> = a.ok()["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["_id"].clone())
        .collect();
    assert_eq!(Value::Array(got), allowed);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn the_default_range_is_the_current_shift(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let plant = Plant::new(&app).await;
    let line = plant.line().await;
    let t = Some(plant.token.as_str());
    app.get("/api/shifts/defaultfromtodate", t)
        .await
        .failed(StatusCode::BAD_REQUEST);
    // No shifts: today so far.
    let a = app
        .get(&format!("/api/shifts/defaultfromtodate?lineId={line}"), t)
        .await;
    assert!(a.ok()["data"]["shiftId"].is_null());
    // A 24-hour shift every day (it crosses midnight) holds now.
    let days = json!(["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"]);
    let s = app
        .post("/api/shifts/add", json!({"lineId": line, "name": "Round the clock", "startTime": "00:00", "endTime": "00:00", "days": days}), t)
        .await;
    let shift_id = s.ok()["data"]["_id"].clone();
    let a = app
        .get(&format!("/api/shifts/defaultfromtodate?lineId={line}"), t)
        .await;
    let data = &a.ok()["data"];
    assert_eq!(data["shiftId"], shift_id);
    let parse = |k: &str| data[k].as_str().unwrap().parse::<DateTime<Utc>>().unwrap();
    let now = Utc::now();
    assert!(parse("fromDate") <= now && now < parse("toDate"), "{data}");
    assert_eq!((parse("toDate") - parse("fromDate")).num_hours(), 24);
    // Every line: a range spanning each line's (the shift's and the other line's day so far),
    // naming no shift.
    let other = plant.line().await;
    assert_ne!(other, line);
    let a = app.get("/api/shifts/defaultfromtodate?lineId=ALL", t).await;
    let all = &a.ok()["data"];
    assert!(all["shiftId"].is_null(), "{all}");
    let of =
        |v: &serde_json::Value, k: &str| v[k].as_str().unwrap().parse::<DateTime<Utc>>().unwrap();
    assert!(of(all, "fromDate") <= parse("fromDate") && of(all, "toDate") >= parse("toDate"));
    // Shifts are listed by line and updated with PUT.
    let list = app.get(&format!("/api/shifts?lineId={line}"), t).await;
    assert_eq!(list.ok()["data"][0]["name"], "Round the clock");
    let id = shift_id.as_str().unwrap();
    let a = app
        .put(
            &format!("/api/shifts/update/{id}"),
            json!({"endTime": "25:00"}),
            t,
        )
        .await;
    a.failed(StatusCode::BAD_REQUEST);
    assert_eq!(a.error("endTime"), "Enter a time as HH:MM");
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn stop_time_calls_keep_their_shapes_and_rules(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let plant = Plant::new(&app).await;
    let line = plant.line().await;
    let (_, admin) = app
        .user(&plant.token, "admin@plant.test", "ADMIN", &[])
        .await;
    let (_, updater) = app
        .user(
            &plant.token,
            "upd@plant.test",
            "PRIVILEGE",
            &["_LINE_UPDATE"],
        )
        .await;
    let group = plant.create(entity("stoptimereasongroup"), &line).await;
    let gid = group["_id"].as_str().unwrap();
    // The group list is for _SUPER and ADMIN; view and edit need _LINE_UPDATE.
    app.get("/api/stoptimereasongroup", Some(&admin)).await.ok();
    app.get("/api/stoptimereasongroup", Some(&updater))
        .await
        .failed(StatusCode::FORBIDDEN);
    app.get(&format!("/api/stoptimereasongroup/{gid}"), Some(&updater))
        .await
        .ok();
    app.put(
        &format!("/api/stoptimereasongroup/edit/{gid}"),
        json!({"planned": true}),
        Some(&updater),
    )
    .await
    .ok();
    // Reasons: read by everyone signed in, changed by _SUPER only.
    let reason =
        json!({"lineId": line, "stopTimeGroupId": gid, "name": "Bin empty", "code": "BIN-EMPTY"});
    app.post("/api/stopreason", reason.clone(), Some(&admin))
        .await
        .failed(StatusCode::FORBIDDEN);
    let r = app
        .post("/api/stopreason", reason, Some(&plant.token))
        .await;
    let rid = r.ok()["data"]["_id"].as_str().unwrap().to_string();
    assert_eq!(
        ids(&app
            .get(&format!("/api/stopreasons?lineId={line}"), Some(&updater))
            .await),
        vec![rid.clone()]
    );
    app.post(
        &format!("/api/stopreasons/{rid}"),
        json!({"planned": true}),
        Some(&plant.token),
    )
    .await
    .ok();
    // The group is in use while the reason exists.
    let groups = entity("stoptimereasongroup");
    plant.delete(groups, gid).await.failed(StatusCode::CONFLICT);
    plant.delete(entity("stopreasons"), &rid).await.ok();
    plant.delete(groups, gid).await.ok();
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn descriptors_are_served_and_bad_input_gets_field_errors(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let plant = Plant::new(&app).await;
    let a = app.get("/api/config/entities", Some(&plant.token)).await;
    let all = a.ok()["data"].as_array().unwrap().clone();
    let keys_where = |flag: &str| -> Vec<&str> {
        all.iter()
            .filter(|e| e[flag] == true)
            .map(|e| e["key"].as_str().unwrap())
            .collect()
    };
    // Spreadsheets hold plain cells: no item lists (bin materials, mixing steps) or id lists.
    assert_eq!(
        keys_where("importable"),
        [
            "materialcategories",
            "scales",
            "dosingpoints",
            "feedingpoints",
            "actionparameters",
            "mixingactions",
            "modeparameters",
            "miscellaneousparameters",
            "engineeringparameters",
            "reportparameters",
            "materialdirectory",
            "idealrates"
        ]
    );
    // Copying line to line takes the parameter types: no references into the source line.
    assert_eq!(
        keys_where("copyable"),
        [
            "actionparameters",
            "modeparameters",
            "miscellaneousparameters",
            "engineeringparameters",
            "reportparameters"
        ]
    );
    let scales = all.iter().find(|e| e["key"] == "scales").unwrap().clone();
    assert_eq!(scales["fields"][2]["kind"]["type"], "choice");
    assert!(
        scales.get("table").is_none(),
        "table names stay on the server"
    );
    let line = plant.line().await;
    let a = app
        .raw(Method::POST, "/api/scales/add", Some(json!({"lineId": line, "name": "S", "code": "S1", "type": "MAJOR", "capacityKg": 10}).to_string()), Some(&plant.token), Some("de"))
        .await;
    a.ok();
    let a = app
        .raw(
            Method::POST,
            "/api/scales/add",
            Some(
                json!({"lineId": line, "code": "s1", "type": "MAJOR", "capacityKg": -1})
                    .to_string(),
            ),
            Some(&plant.token),
            Some("de"),
        )
        .await;
    a.failed(StatusCode::BAD_REQUEST);
    assert_eq!(a.error("name"), "Dieses Feld ist erforderlich");
    assert!(a.error("capacityKg").contains("1000000"), "{a:?}");
    let a = plant
        .add(
            entity("scales"),
            json!({"name": "S", "code": "S2", "type": "MAJOR", "capacityKg": 10}),
        )
        .await;
    assert_eq!(a.error("lineId"), "Please select a line");
    let a = plant.add(entity("scales"), json!({"lineId": uuid::Uuid::nil(), "name": "S", "code": "S2", "type": "MAJOR", "capacityKg": 10})).await;
    assert_eq!(a.error("lineId"), "Line not found");
    let a = app
        .post(
            "/api/lines/add",
            json!({"name": "X", "code": "X", "timezone": "Mars/Olympus"}),
            Some(&plant.token),
        )
        .await;
    assert_eq!(a.error("timezone"), "Unknown time zone");
    app.raw(
        Method::POST,
        "/api/scales/add",
        Some("{".into()),
        Some(&plant.token),
        None,
    )
    .await
    .failed(StatusCode::BAD_REQUEST);
    app.post("/api/scales/add", json!([1, 2]), Some(&plant.token))
        .await
        .failed(StatusCode::BAD_REQUEST);
}
