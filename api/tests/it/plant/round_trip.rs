//! One generated test per entity: add, get, list by line, edit, duplicate code → 409, a
//! reference to another line's record → 400, delete, deleted not listed. The SQL of these calls
//! is built from descriptors at run time, so this is what holds it to the schema.

use axum::http::StatusCode;
use model::config::{ENTITIES, Kind};
use serde_json::{Value, json};
use sqlx::PgPool;

use super::{Plant, entity, ids};
use crate::harness::TestApp;

async fn round_trip(pool: PgPool, key: &str) {
    let app = TestApp::new(pool).await;
    let plant = Plant::new(&app).await;
    let e = entity(key);
    let line = plant.line().await;
    let other_line = plant.line().await;

    // add, with audit fields from the token and not from the body
    let mut body = plant.sample(e, &line).await;
    body.insert("createdBy".into(), json!("intruder@plant.test"));
    let added = plant.add(e, Value::Object(body.clone())).await;
    let record = added.ok()["data"].clone();
    let id = record["_id"].as_str().unwrap().to_string();
    assert_eq!(record["createdBy"], "super@plant.test", "{key}: {record}");
    assert!(!added.message().is_empty(), "{key}: a confirmation message");

    // get and list by line
    assert_eq!(plant.get(e, &id).await.ok()["data"], record, "{key}");
    let query = if e.scoped {
        format!("lineId={line}")
    } else {
        String::new()
    };
    assert!(ids(&plant.list(e, &query).await).contains(&id), "{key}");
    if e.scoped {
        assert!(
            !ids(&plant.list(e, &format!("lineId={other_line}")).await).contains(&id),
            "{key}"
        );
    }

    // edit: the body laid over the record
    let title = e.title;
    let new_title = format!("{}X", record[title].as_str().unwrap());
    let edited = plant.edit(e, &id, json!({ title: new_title })).await;
    assert_eq!(edited.ok()["data"][title], new_title, "{key}");
    assert_eq!(edited.body["data"]["updatedBy"], "super@plant.test");

    // the same code (or name) again on the same line → 409 naming the field
    if let Some(unique) = e.fields.iter().find(|f| f.unique) {
        let mut dup = plant.sample(e, &line).await;
        dup.insert(unique.name.into(), json!(new_title.to_lowercase()));
        let a = plant.add(e, Value::Object(dup)).await;
        a.failed(StatusCode::CONFLICT);
        assert!(!a.error(unique.name).is_empty(), "{key}: {a:?}");
    }

    // a reference to a record of another line is refused
    if let Some(f) = e.fields.iter().find(|f| matches!(f.kind, Kind::Ref { .. })) {
        let Kind::Ref { entity: target } = f.kind else {
            unreachable!()
        };
        let foreign = plant.create(entity(target), &other_line).await;
        let mut wrong = plant.sample(e, &line).await;
        wrong.insert(f.name.into(), foreign["_id"].clone());
        let a = plant.add(e, Value::Object(wrong)).await;
        a.failed(StatusCode::BAD_REQUEST);
        assert_eq!(
            a.error(f.name),
            "The selected record belongs to another line",
            "{key}"
        );
    }

    // delete (soft): gone from get and list, audited
    plant.delete(e, &id).await.ok();
    plant.get(e, &id).await.failed(StatusCode::NOT_FOUND);
    assert!(!ids(&plant.list(e, &query).await).contains(&id), "{key}");
    plant.delete(e, &id).await.failed(StatusCode::NOT_FOUND);
    let (actions,): (Vec<String>,) = sqlx::query_as(
        "select array_agg(action order by id) from audit_log where entity = $1 and entity_id = $2",
    )
    .bind(e.key)
    .bind(&id)
    .fetch_one(&app.state.pool)
    .await
    .unwrap();
    assert_eq!(actions, ["create", "update", "delete"], "{key}");
}

macro_rules! round_trips {
    ($($name:ident => $key:literal),* $(,)?) => {
        $(
            #[sqlx::test(migrator = "db::MIGRATOR")]
            async fn $name(pool: PgPool) {
                round_trip(pool, $key).await;
            }
        )*

        #[test]
        fn every_entity_has_its_round_trip_test() {
            let mut tested = vec![$($key),*];
            let mut all: Vec<_> = ENTITIES.iter().map(|e| e.key).collect();
            tested.sort();
            all.sort();
            assert_eq!(tested, all);
        }
    };
}

round_trips! {
    lines_round_trip => "lines",
    shifts_round_trip => "shifts",
    material_categories_round_trip => "materialcategories",
    scales_round_trip => "scales",
    bins_round_trip => "bins",
    dosing_points_round_trip => "dosingpoints",
    feeding_points_round_trip => "feedingpoints",
    action_parameters_round_trip => "actionparameters",
    mixing_actions_round_trip => "mixingactions",
    mode_parameters_round_trip => "modeparameters",
    mixing_modes_round_trip => "mixingmodes",
    miscellaneous_parameters_round_trip => "miscellaneousparameters",
    engineering_parameters_round_trip => "engineeringparameters",
    report_parameters_round_trip => "reportparameters",
    irams_round_trip => "irams",
    material_directory_round_trip => "materialdirectory",
    parameter_groups_round_trip => "parametergroups",
    stop_time_groups_round_trip => "stoptimereasongroup",
    stop_reasons_round_trip => "stopreasons",
    ideal_rates_round_trip => "idealrates",
    suppliers_round_trip => "suppliers",
    customers_round_trip => "customers",
    signature_meanings_round_trip => "signaturemeanings",
}
