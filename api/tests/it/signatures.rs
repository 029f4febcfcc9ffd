//! Electronic signatures on releases (issue 35, item 2): a release to production is signed by
//! the password again and a meaning, or refused with 403; a wrong password is refused and
//! audited; with the line's two-person rule on, the last editor cannot approve and the approver
//! needs RECIPE_APPROVE; the manifest (full name, meaning, time in the line's zone) is kept with
//! the version, shown in the reader's language and printed on its PDF; a plant's own meaning;
//! a medicated order's release is signed, a plain one is not.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::harness::{STRONG, SUPER_PASSWORD, TestApp, text_of};
use crate::recipes::{Fixture, id};
use crate::schedules::Plan;

fn release(v: &str, level: i32, signature: Option<(&str, &str)>) -> Value {
    let mut body = json!({"id": v, "level": level});
    if let Some((password, meaning)) = signature {
        body["signature"] = json!({"password": password, "meaning": meaning});
    }
    body
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_production_release_is_signed_and_the_two_person_rule_wants_a_second_approver(
    pool: sqlx::PgPool,
) {
    let app = TestApp::new(pool.clone()).await;
    let f = Fixture::new(&app).await;
    let line = f.line("SG1", &[]).await;
    let admin = app.super_token().await;
    let (_, anna) = app
        .user(
            &admin,
            "anna@plant.test",
            "PRIVILEGE",
            &["RECIPE_CREATE", "RECIPE_UPDATE"],
        )
        .await;
    let (ben_id, ben) = app
        .user(
            &admin,
            "ben@plant.test",
            "PRIVILEGE",
            &["RECIPE_UPDATE", "RECIPE_APPROVE"],
        )
        .await;
    let (_, cleo) = app
        .user(&admin, "cleo@plant.test", "PRIVILEGE", &["RECIPE_UPDATE"])
        .await;
    let named = app
        .post(
            "/api/edituser",
            json!({"_id": ben_id, "fullName": " Ben Brandt ", "role": "PRIVILEGE",
                   "privileges": ["RECIPE_UPDATE", "RECIPE_APPROVE"]}),
            Some(&admin),
        )
        .await;
    assert_eq!(named.ok()["data"]["fullName"], "Ben Brandt");

    // Anna writes a recipe and releases it to trial: no signature needed.
    let v = app
        .post("/api/recipes/add", f.body(&line, "SIG-01"), Some(&anna))
        .await;
    let v = id(&v.ok()["data"]);
    app.post(
        "/api/recipes/releaselevel",
        release(&v, 1, None),
        Some(&anna),
    )
    .await
    .ok();
    // Production without a signature: 403, saying what to do.
    let unsigned = app
        .post(
            "/api/recipes/releaselevel",
            release(&v, 2, None),
            Some(&anna),
        )
        .await;
    assert_eq!(
        unsigned.failed(StatusCode::FORBIDDEN)["message"],
        "Releasing to Production needs your electronic signature: enter your password again and choose what your signature means."
    );
    // A wrong password: 403, audited, nothing released.
    let wrong = app
        .post(
            "/api/recipes/releaselevel",
            release(&v, 2, Some(("not-my-password", "APPROVED"))),
            Some(&anna),
        )
        .await;
    assert_eq!(
        wrong.failed(StatusCode::FORBIDDEN)["message"],
        "The password is not right: nothing was signed or released."
    );
    let failed: i64 = sqlx::query_scalar(
        "select count(*) from audit_log where action = 'signature_failed' and actor = 'anna@plant.test' and entity_id = $1",
    )
    .bind(&v)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(failed, 1);
    let empty = app
        .post(
            "/api/recipes/releaselevel",
            release(&v, 2, Some(("", "APPROVED"))),
            Some(&anna),
        )
        .await;
    assert_eq!(
        empty.failed(StatusCode::BAD_REQUEST)["errors"]["signature.password"],
        "This field is required"
    );

    // The line's two-person rule on: Anna, the last editor, may not approve her own recipe;
    // Cleo may not approve at all.
    let mut record = app
        .get(&format!("/api/lines/{}", line.id), Some(&admin))
        .await
        .ok()["data"]
        .clone();
    record["twoPersonRule"] = json!(true);
    app.post(
        &format!("/api/lines/edit/{}", line.id),
        record,
        Some(&admin),
    )
    .await
    .ok();
    let own = app
        .post(
            "/api/recipes/releaselevel",
            release(&v, 2, Some((STRONG, "APPROVED"))),
            Some(&anna),
        )
        .await;
    assert_eq!(
        own.failed(StatusCode::FORBIDDEN)["message"],
        "The two-person rule of this line is on: anna@plant.test made the last change, so someone else must sign the release."
    );
    let cleo_signs = app
        .post(
            "/api/recipes/releaselevel",
            release(&v, 2, Some((STRONG, "APPROVED"))),
            Some(&cleo),
        )
        .await;
    assert!(
        cleo_signs.failed(StatusCode::FORBIDDEN)["message"]
            .as_str()
            .unwrap()
            .contains("RECIPE_APPROVE")
    );
    let odd = app
        .post(
            "/api/recipes/releaselevel",
            release(&v, 2, Some((STRONG, "WITNESSED"))),
            Some(&ben),
        )
        .await;
    assert_eq!(
        odd.failed(StatusCode::BAD_REQUEST)["errors"]["signature.meaning"],
        "“WITNESSED” is not a meaning of signatures in this plant."
    );
    let held: i64 = sqlx::query_scalar(
        "select count(*) from recipe_release where recipe_id = $1::uuid and level = 2",
    )
    .bind(&v)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(held, 0, "nothing released by the refused signatures");

    // Ben approves: released, the manifest kept with the version.
    let signed = app
        .post(
            "/api/recipes/releaselevel",
            release(&v, 2, Some((STRONG, "approved"))),
            Some(&ben),
        )
        .await;
    let data = signed.ok()["data"].clone();
    assert_eq!(data["releaseLevel"], 2);
    let s = &data["signatures"][0];
    assert_eq!(data["signatures"].as_array().unwrap().len(), 1);
    assert_eq!(
        (
            s["purpose"].clone(),
            s["level"].clone(),
            s["signer"].clone(),
            s["signerName"].clone()
        ),
        (
            json!("RECIPE_RELEASE"),
            json!(2),
            json!("ben@plant.test"),
            json!("Ben Brandt")
        )
    );
    assert_eq!(
        (s["meaning"].clone(), s["meaningName"].clone()),
        (json!("APPROVED"), json!("Approved"))
    );
    assert_eq!(
        (s["zone"].clone(), s["twoPerson"].clone()),
        (json!("Europe/Berlin"), json!(true))
    );
    let local: String = sqlx::query_scalar(
        "select to_char(signed_at at time zone 'Europe/Berlin', 'YYYY-MM-DD HH24:MI:SS') from e_signature where entity_id = $1::uuid",
    )
    .bind(&v)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(s["signedLocal"], local.as_str());
    // Read in German; printed on the PDF.
    let german = app
        .raw(
            Method::GET,
            &format!("/api/recipes/{v}"),
            None,
            Some(&admin),
            Some("de"),
        )
        .await;
    assert_eq!(
        german.ok()["data"]["signatures"][0]["meaningName"],
        "Genehmigt"
    );
    let (status, _, pdf) = app
        .download_post("/api/recipes/generatePdf", json!({"id": v}), &admin, "en")
        .await;
    assert_eq!(status, StatusCode::OK);
    let text = text_of(&pdf);
    assert!(text.contains("Electronic signatures"), "{text}");
    assert!(text.contains("Ben Brandt (ben@plant.test)"), "{text}");
    assert!(text.contains(&local), "{text}");
    // Audited; never changed.
    let (actor, detail): (String, Value) = sqlx::query_as(
        "select actor, detail from audit_log where action = 'signed' and entity_id = $1",
    )
    .bind(&v)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(actor, "ben@plant.test");
    assert_eq!(detail["meaning"], "APPROVED");
    assert!(
        sqlx::query("update e_signature set meaning = 'REVIEWED'")
            .execute(&pool)
            .await
            .is_err()
    );

    // A plant's own meaning.
    app.post(
        "/api/signaturemeanings/add",
        json!({"code": "QA_RELEASE", "name": "QA release"}),
        Some(&admin),
    )
    .await
    .ok();
    let w = app
        .post("/api/recipes/add", f.body(&line, "SIG-02"), Some(&anna))
        .await;
    let w = id(&w.ok()["data"]);
    app.post(
        "/api/recipes/releaselevel",
        release(&w, 1, None),
        Some(&anna),
    )
    .await
    .ok();
    let qa = app
        .post(
            "/api/recipes/releaselevel",
            release(&w, 2, Some((STRONG, "qa_release"))),
            Some(&ben),
        )
        .await;
    let s = &qa.ok()["data"]["signatures"][0];
    assert_eq!(
        (s["meaning"].clone(), s["meaningName"].clone()),
        (json!("QA_RELEASE"), json!("QA release"))
    );
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_medicated_order_is_released_with_a_signature_a_plain_one_without(pool: sqlx::PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let p = Plan::new(&app).await;
    let medicated = p.recipe("MED-01", "MEDICATED").await;
    let plain = p.recipe("PLAIN-01", "NONE").await;
    // A plain order needs no signature (released first: a plain order may not follow a
    // medicated one without a flush).
    let o = p.add(p.order("PO-P1", &plain, 2)).await;
    let o = id(&o.ok()["data"]);
    p.f.post(
        &format!("/api/productionschedules/status/{o}"),
        json!({"status": "RELEASED"}),
    )
    .await
    .ok();
    assert_eq!(p.get(&o).await["signatures"], json!([]));
    let m = p.add(p.order("PO-M1", &medicated, 2)).await;
    let m = id(&m.ok()["data"]);
    let refused =
        p.f.post(
            &format!("/api/productionschedules/status/{m}"),
            json!({"status": "RELEASED"}),
        )
        .await;
    assert_eq!(
        refused.failed(StatusCode::FORBIDDEN)["message"],
        "Order PO-M1 is medicated (MEDICATED): releasing it needs your electronic signature. Enter your password again and choose what your signature means."
    );
    assert_eq!(p.get(&m).await["status"], "PLANNED");
    let signed = p
        .f
        .post(
            &format!("/api/productionschedules/status/{m}"),
            json!({"status": "RELEASED", "signature": {"password": SUPER_PASSWORD, "meaning": "REVIEWED"}}),
        )
        .await;
    signed.ok();
    let order = p.get(&m).await;
    assert_eq!(order["status"], "RELEASED");
    let s = &order["signatures"][0];
    assert_eq!(
        (
            s["purpose"].clone(),
            s["meaning"].clone(),
            s["meaningName"].clone(),
            s["level"].clone()
        ),
        (
            json!("ORDER_RELEASE"),
            json!("REVIEWED"),
            json!("Reviewed"),
            Value::Null
        )
    );
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn wrong_signature_passwords_are_throttled_like_sign_ins(pool: sqlx::PgPool) {
    let app = TestApp::new(pool).await;
    let admin = app.super_token().await;
    let (_, dora) = app
        .user(&admin, "dora@plant.test", "PRIVILEGE", &["RECIPE_UPDATE"])
        .await;
    let version = uuid::Uuid::now_v7().to_string();
    let mut statuses = Vec::new();
    for _ in 0..8 {
        let a = app
            .post(
                "/api/recipes/releaselevel",
                release(&version, 2, Some(("guess-guess-guess", "APPROVED"))),
                Some(&dora),
            )
            .await;
        statuses.push(a.status.as_u16());
        if a.status == StatusCode::TOO_MANY_REQUESTS {
            assert!(a.headers.contains_key("retry-after"), "{a:?}");
            break;
        }
    }
    assert_eq!(statuses[..5], [403; 5], "{statuses:?}");
    assert_eq!(statuses.last(), Some(&429), "{statuses:?}");
    // The same count as signing in: the right password waits too.
    let login = app
        .post(
            "/auth/login",
            json!({"email": "dora@plant.test", "password": STRONG}),
            None,
        )
        .await;
    assert_eq!(login.status, StatusCode::TOO_MANY_REQUESTS);
}
