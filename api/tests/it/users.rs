//! §7 Users and the §6 role rule on the user endpoints.

use axum::http::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::harness::*;

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn admins_create_list_get_edit_and_delete_users(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let admin = app.super_token().await;
    let created = app
        .post("/api/createuser", json!({"email": "qa@plant.test", "role": "PRIVILEGE", "privileges": ["RECIPE_READ", "RECIPE_UPDATE", "RECIPE_READ"]}), Some(&admin))
        .await;
    let user = created.ok()["data"].clone();
    assert_eq!(
        created.message(),
        "User created. A sign-up link has been sent to qa@plant.test."
    );
    assert_eq!(user["status"], "pending");
    assert_eq!(user["privileges"], json!(["RECIPE_READ", "RECIPE_UPDATE"]));
    assert_eq!(user["createdBy"], SUPER_EMAIL);
    assert!(user.get("passwordHash").is_none() && user.get("password_hash").is_none());
    let id = user["_id"].as_str().unwrap();
    assert_eq!(app.outbox_count(), 1);

    let dup = app
        .post(
            "/api/createuser",
            json!({"email": "QA@plant.test", "role": "ADMIN"}),
            Some(&admin),
        )
        .await;
    dup.failed(StatusCode::CONFLICT);
    assert_eq!(dup.error("email"), "A user with this email already exists");

    let got = app.get(&format!("/api/getuser/{id}"), Some(&admin)).await;
    assert_eq!(got.ok()["data"]["email"], "qa@plant.test");
    app.get(
        "/api/getuser/7f3c1a8e-0000-4000-8000-000000000000",
        Some(&admin),
    )
    .await
    .failed(StatusCode::NOT_FOUND);
    let bad = app.get("/api/getuser/not-an-id", Some(&admin)).await;
    bad.failed(StatusCode::NOT_FOUND);
    assert_eq!(bad.message(), "User not found");

    for i in 0..4 {
        app.post(
            "/api/createuser",
            json!({"email": format!("line{i}@plant.test"), "role": "ADMIN"}),
            Some(&admin),
        )
        .await
        .ok();
    }
    let page = app
        .get("/api/user/users?search=line&page=2&limit=3", Some(&admin))
        .await;
    let data = page.ok()["data"].clone();
    assert_eq!(data["total"], 4);
    assert_eq!(data["page"], 2);
    assert_eq!(data["users"].as_array().unwrap().len(), 1);
    let all = app.get("/api/user/users", Some(&admin)).await;
    assert_eq!(all.ok()["data"]["total"], 6);

    let edited = app
        .post(
            "/api/edituser",
            json!({"_id": id, "role": "ADMIN", "privileges": ["RECIPE_READ"], "username": "qa1"}),
            Some(&admin),
        )
        .await;
    assert_eq!(edited.ok()["data"]["role"], "ADMIN");
    assert_eq!(
        edited.body["data"]["privileges"],
        json!([]),
        "only PRIVILEGE users keep privileges"
    );
    assert_eq!(edited.body["data"]["username"], "qa1");
    assert_eq!(edited.body["data"]["updatedBy"], SUPER_EMAIL);
    let bad = app
        .post(
            "/api/edituser",
            json!({"_id": id, "role": "KING"}),
            Some(&admin),
        )
        .await;
    bad.failed(StatusCode::BAD_REQUEST);
    assert_eq!(bad.error("role"), "Unknown role");
    let bad = app
        .post(
            "/api/edituser",
            json!({"_id": id, "role": "PRIVILEGE", "privileges": ["RECIPE_FLY"]}),
            Some(&admin),
        )
        .await;
    assert_eq!(bad.error("privileges"), "Unknown privilege: RECIPE_FLY");

    let del = app
        .put("/api/user/deleteuser", json!({"_id": id}), Some(&admin))
        .await;
    del.ok();
    assert_eq!(del.message(), "User deleted");
    app.get(&format!("/api/getuser/{id}"), Some(&admin))
        .await
        .failed(StatusCode::NOT_FOUND);
    assert_eq!(
        app.get("/api/user/users", Some(&admin)).await.body["data"]["total"],
        5
    );
    // Soft: the row is still there; the email can be invited again.
    let deleted_at: Option<chrono::DateTime<chrono::Utc>> =
        sqlx::query_scalar("select deleted_at from app_user where email = 'qa@plant.test'")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert!(deleted_at.is_some());
    app.post(
        "/api/createuser",
        json!({"email": "qa@plant.test", "role": "ADMIN"}),
        Some(&admin),
    )
    .await
    .ok();

    let actions: Vec<String> =
        sqlx::query_scalar("select action from audit_log where entity = 'user' order by id")
            .fetch_all(&pool)
            .await
            .unwrap();
    for a in ["user_created", "user_updated", "user_deleted"] {
        assert!(
            actions.iter().any(|x| x == a),
            "{a} not audited: {actions:?}"
        );
    }
    let (before, after): (Option<Value>, Option<Value>) =
        sqlx::query_as("select before, after from audit_log where action = 'user_updated'")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(before.unwrap()["role"], "PRIVILEGE");
    assert_eq!(after.unwrap()["role"], "ADMIN");
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn create_user_validates_its_body(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let admin = app.super_token().await;
    let a = app
        .post("/api/createuser", json!({"role": "ADMIN"}), Some(&admin))
        .await;
    a.failed(StatusCode::BAD_REQUEST);
    assert_eq!(a.error("email"), "Please provide an email address");
    let a = app
        .post(
            "/api/createuser",
            json!({"email": "nope", "role": "ADMIN"}),
            Some(&admin),
        )
        .await;
    assert_eq!(a.error("email"), "Invalid Email address");
    let a = app
        .post(
            "/api/createuser",
            json!({"email": "r@plant.test"}),
            Some(&admin),
        )
        .await;
    assert_eq!(a.error("role"), "This field is required");
    let a = app
        .post(
            "/api/createuser",
            json!({"email": "r@plant.test", "role": "_SUPER"}),
            Some(&admin),
        )
        .await;
    a.failed(StatusCode::BAD_REQUEST);
    assert_eq!(
        a.error("role"),
        "The super user role cannot be given to another account"
    );
    assert_eq!(app.outbox_count(), 0, "nothing mailed for refused requests");
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn only_super_and_admin_reach_the_user_endpoints(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let sup = app.super_token().await;
    let (_, admin) = app.user(&sup, "admin@plant.test", "ADMIN", &[]).await;
    let all_groups = [
        "_LINE_CREATE",
        "_LINE_UPDATE",
        "CONFIGURATOR_READ",
        "RECIPE_CREATE",
        "SCHEDULE_UPDATE",
        "REPORTS_DELETE",
    ];
    let (priv_id, privileged) = app
        .user(&sup, "priv@plant.test", "PRIVILEGE", &all_groups)
        .await;
    let id = priv_id.as_str();

    let calls: Vec<(&str, &str, Value)> = vec![
        ("GET", "/api/user/users", Value::Null),
        ("GET", "/api/getuser/ID", Value::Null),
        (
            "POST",
            "/api/createuser",
            json!({"email": "n@plant.test", "role": "ADMIN"}),
        ),
        (
            "POST",
            "/api/user/onpremise/createuser",
            json!({"email": "n@plant.test", "username": "n", "role": "ADMIN"}),
        ),
        (
            "POST",
            "/api/edituser",
            json!({"_id": "ID", "role": "PRIVILEGE", "privileges": []}),
        ),
        (
            "PUT",
            "/api/user/onpremise/generatepassword",
            json!({"_id": "ID"}),
        ),
        ("PUT", "/api/user/deleteuser", json!({"_id": "ID"})),
    ];
    for (method, path, body) in &calls {
        let path = path.replace("ID", id);
        let body = serde_json::to_string(body).unwrap().replace("ID", id);
        let send = |token: Option<String>| {
            let body = (method != &"GET").then(|| body.clone());
            let path = path.clone();
            let app = &app;
            async move {
                app.raw(method.parse().unwrap(), &path, body, token.as_deref(), None)
                    .await
            }
        };
        let a = send(Some(privileged.clone())).await;
        a.failed(StatusCode::FORBIDDEN);
        assert_eq!(
            a.message(),
            "You do not have permission for this action",
            "{method} {path}"
        );
        send(None).await.failed(StatusCode::UNAUTHORIZED);
        // ADMIN passes the rule (the handler may still refuse for other reasons, never 401/403).
        let a = send(Some(admin.clone())).await;
        assert!(
            !matches!(a.status, StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN),
            "{method} {path}: {a:?}"
        );
    }
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn nobody_raises_their_own_role_and_admins_never_manage_the_super_user(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let sup = app.super_token().await;
    let (admin_id, admin) = app.user(&sup, "admin@plant.test", "ADMIN", &[]).await;
    let super_id = db::users::super_user(&pool)
        .await
        .unwrap()
        .unwrap()
        .id
        .to_string();

    let a = app
        .post(
            "/api/edituser",
            json!({"_id": super_id, "role": "ADMIN"}),
            Some(&admin),
        )
        .await;
    a.failed(StatusCode::FORBIDDEN);
    assert_eq!(
        a.message(),
        "Only the super user can manage a super user account"
    );
    app.put(
        "/api/user/deleteuser",
        json!({"_id": super_id}),
        Some(&admin),
    )
    .await
    .failed(StatusCode::FORBIDDEN);
    // An admin cannot change their own role, nor delete themselves.
    let a = app
        .post(
            "/api/edituser",
            json!({"_id": admin_id, "role": "PRIVILEGE"}),
            Some(&admin),
        )
        .await;
    a.failed(StatusCode::FORBIDDEN);
    assert_eq!(a.message(), "You cannot change your own role");
    let a = app
        .put(
            "/api/user/deleteuser",
            json!({"_id": admin_id}),
            Some(&admin),
        )
        .await;
    assert_eq!(a.message(), "You cannot delete your own account");
    // The super user cannot hand out _SUPER either.
    let a = app
        .post(
            "/api/edituser",
            json!({"_id": admin_id, "role": "_SUPER"}),
            Some(&sup),
        )
        .await;
    a.failed(StatusCode::BAD_REQUEST);
    // The super user changes the admin's role; the admin's token then carries no stale rights:
    // the role is read from the database on every request.
    app.post(
        "/api/edituser",
        json!({"_id": admin_id, "role": "PRIVILEGE", "privileges": ["REPORTS_READ"]}),
        Some(&sup),
    )
    .await
    .ok();
    app.get("/api/user/users", Some(&admin))
        .await
        .failed(StatusCode::FORBIDDEN);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn deleting_a_user_revokes_their_sessions(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let sup = app.super_token().await;
    let (id, token) = app.user(&sup, "gone@plant.test", "ADMIN", &[]).await;
    app.get("/api/getuserprivileges", Some(&token)).await.ok();
    app.put("/api/user/deleteuser", json!({"_id": id}), Some(&sup))
        .await
        .ok();
    app.get("/api/getuserprivileges", Some(&token))
        .await
        .failed(StatusCode::UNAUTHORIZED);
    app.post(
        "/auth/login",
        json!({"email": "gone@plant.test", "password": STRONG}),
        None,
    )
    .await
    .failed(StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn on_premise_calls_are_refused_on_cloud_installations(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let sup = app.super_token().await;
    let a = app
        .post(
            "/api/user/onpremise/createuser",
            json!({"email": "n@plant.test", "username": "n", "role": "ADMIN"}),
            Some(&sup),
        )
        .await;
    a.failed(StatusCode::BAD_REQUEST);
    assert_eq!(
        a.message(),
        "This is available on on-premise installations only"
    );
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn on_premise_create_validates_username(pool: PgPool) {
    let app = TestApp::on_premise(pool).await;
    let sup = app.super_token().await;
    let a = app
        .post(
            "/api/user/onpremise/createuser",
            json!({"email": "n@plant.test", "username": "bad name", "role": "ADMIN"}),
            Some(&sup),
        )
        .await;
    a.failed(StatusCode::BAD_REQUEST);
    assert_eq!(
        a.error("username"),
        "Username can only contain A-Z a-z and 0-9"
    );
    let a = app
        .post(
            "/api/user/onpremise/createuser",
            json!({"email": "n@plant.test", "role": "ADMIN"}),
            Some(&sup),
        )
        .await;
    assert_eq!(a.error("username"), "Please Enter your username");
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn nobody_generates_a_temporary_password_for_themselves(pool: PgPool) {
    let app = TestApp::on_premise(pool).await;
    let sup = app.super_token().await;
    let me = db::users::super_user(&app.state.pool)
        .await
        .unwrap()
        .unwrap();
    let a = app
        .put(
            "/api/user/onpremise/generatepassword",
            json!({"_id": me.id}),
            Some(&sup),
        )
        .await;
    a.failed(StatusCode::FORBIDDEN);
    assert_eq!(
        a.message(),
        "Use Reset Password to change your own password"
    );
    // Still signed in, still active.
    app.get("/api/getuserprivileges", Some(&sup)).await.ok();
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_page_far_past_the_end_is_empty_not_an_error(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let sup = app.super_token().await;
    // Found by schemathesis: page × limit overflowed and the handler panicked (500).
    let a = app
        .get(
            "/api/user/users?page=1942052189897078016&limit=2147483648",
            Some(&sup),
        )
        .await;
    let page = &a.ok()["data"];
    assert_eq!(page["users"], json!([]));
    assert_eq!(page["total"], 1);
}

/// Decision 96: an actor grants only privileges their own role may exercise; §6 gives line
/// creation and deletion to `_SUPER` alone, so an ADMIN cannot hand them out, but keeps them on
/// a user the super user gave them to.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn an_admin_cannot_grant_what_only_the_super_user_may_do(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let sup = app.super_token().await;
    let (_, admin) = app.user(&sup, "admin@plant.test", "ADMIN", &[]).await;
    for privilege in ["_LINE_CREATE", "_LINE_DELETE"] {
        let a = app
            .post(
                "/api/createuser",
                json!({"email": "p@plant.test", "role": "PRIVILEGE", "privileges": ["CONFIGURATOR_READ", privilege]}),
                Some(&admin),
            )
            .await;
        a.failed(StatusCode::BAD_REQUEST);
        assert_eq!(
            a.error("privileges"),
            format!(
                "You cannot grant {privilege}: your own role does not have it (only the super user may)"
            )
        );
    }
    let made = app
        .post(
            "/api/createuser",
            json!({"email": "p@plant.test", "role": "PRIVILEGE", "privileges": ["CONFIGURATOR_READ", "_LINE_UPDATE"]}),
            Some(&admin),
        )
        .await;
    made.ok();
    // The super user grants line creation; the ADMIN may still edit that user, keeping it.
    let (id, _) = app
        .user(&sup, "lines@plant.test", "PRIVILEGE", &["_LINE_CREATE"])
        .await;
    let kept = app
        .post(
            "/api/edituser",
            json!({"_id": id, "role": "PRIVILEGE", "privileges": ["_LINE_CREATE", "REPORTS_READ"]}),
            Some(&admin),
        )
        .await;
    assert_eq!(
        kept.ok()["data"]["privileges"],
        json!(["REPORTS_READ", "_LINE_CREATE"])
    );
    let added = app
        .post(
            "/api/edituser",
            json!({"_id": id, "role": "PRIVILEGE", "privileges": ["_LINE_CREATE", "_LINE_DELETE"]}),
            Some(&admin),
        )
        .await;
    added.failed(StatusCode::BAD_REQUEST);
}
