//! §7 Auth: sign-in, super-user sign-in, tokens, sign-up, forgot/reset, on-premise reset,
//! throttling, with the §5 and §8 messages the server sends.

use std::time::Duration;

use axum::http::{Method, StatusCode};
use serde_json::json;
use sqlx::PgPool;

use crate::harness::*;

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn login_issues_a_jwt_with_the_profile_claims(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let a = app
        .post(
            "/auth/login",
            json!({"email": SUPER_EMAIL, "password": SUPER_PASSWORD}),
            None,
        )
        .await;
    let body = a.ok();
    assert_eq!(body["userStatus"], "active");
    assert_eq!(a.message(), "Signed in");
    let token = body["token"].as_str().unwrap();
    let claims = app.state.jwt.verify(token).expect("valid token");
    assert_eq!(claims.user_email, SUPER_EMAIL);
    assert_eq!(claims.role.as_str(), "_SUPER");
    assert!(claims.exp > claims.iat && claims.exp - claims.iat == 12 * 3600);
    // The payload the web decodes: userEmail, role, privileges, exp in seconds.
    let payload = token.split('.').nth(1).unwrap();
    let json = String::from_utf8(base64_url(payload)).unwrap();
    for key in [
        "\"userEmail\"",
        "\"role\"",
        "\"privileges\"",
        "\"exp\"",
        "\"jti\"",
    ] {
        assert!(json.contains(key), "{key} missing in {json}");
    }
}

/// Minimal base64url decoding for the token payload.
fn base64_url(s: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = Vec::new();
    let (mut acc, mut bits) = (0u32, 0);
    for c in s.bytes() {
        let v = ALPHABET.iter().position(|&a| a == c).unwrap() as u32;
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn login_validation_messages_follow_section_5(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let a = app.post("/auth/login", json!({}), None).await;
    a.failed(StatusCode::BAD_REQUEST);
    assert_eq!(a.error("email"), "Please provide an email address");
    assert_eq!(a.error("password"), "Please Enter your password");
    let a = app
        .post(
            "/auth/login",
            json!({"email": "not-an-email", "password": "x"}),
            None,
        )
        .await;
    a.failed(StatusCode::BAD_REQUEST);
    assert_eq!(a.error("email"), "Invalid Email address");
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn wrong_password_and_unknown_email_answer_the_same(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let wrong = app
        .post(
            "/auth/login",
            json!({"email": SUPER_EMAIL, "password": "wrong-password"}),
            None,
        )
        .await;
    let unknown = app
        .post(
            "/auth/login",
            json!({"email": "nobody@plant.test", "password": "wrong-password"}),
            None,
        )
        .await;
    wrong.failed(StatusCode::UNAUTHORIZED);
    unknown.failed(StatusCode::UNAUTHORIZED);
    assert_eq!(wrong.body, unknown.body);
    assert_eq!(wrong.message(), "Invalid email or password");
    assert!(wrong.body.get("token").is_none());
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn messages_follow_accept_language(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let de = app
        .post_lang("/auth/login", json!({}), "de-DE,de;q=0.9")
        .await;
    let en = app.post_lang("/auth/login", json!({}), "en").await;
    let fr = app
        .post_lang(
            "/auth/login",
            json!({"email": SUPER_EMAIL, "password": "nope-nope"}),
            "fr",
        )
        .await;
    assert_eq!(de.status, StatusCode::BAD_REQUEST);
    assert_ne!(de.error("email"), en.error("email"));
    assert!(!de.error("email").is_empty());
    assert_ne!(fr.message(), "Invalid email or password");
    // An unsupported language falls back to English.
    let xx = app.post_lang("/auth/login", json!({}), "ja").await;
    assert_eq!(xx.error("email"), "Please provide an email address");
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn super_user_login_accepts_only_the_super_account(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let super_token = app.super_token().await;
    let (_, _) = app
        .user(&super_token, "admin@plant.test", "ADMIN", &[])
        .await;
    let a = app
        .post(
            "/auth/superuserlogin",
            json!({"email": "admin@plant.test", "password": STRONG}),
            None,
        )
        .await;
    a.failed(StatusCode::UNAUTHORIZED);
    assert_eq!(a.message(), "This sign-in is for the super user only");
    let a = app
        .post(
            "/auth/superuserlogin",
            json!({"email": SUPER_EMAIL, "password": "bad-password"}),
            None,
        )
        .await;
    a.failed(StatusCode::UNAUTHORIZED);
    assert_eq!(a.message(), "Invalid email or password");
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn check_super_login_is_true_until_an_active_admin_exists(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let a = app.get("/auth/checksuperlogin", None).await;
    assert_eq!(a.ok()["superUserLogin"], true);
    let token = app.super_token().await;
    // An invited admin who has not signed up yet does not count.
    app.post(
        "/api/createuser",
        json!({"email": "pending@plant.test", "role": "ADMIN"}),
        Some(&token),
    )
    .await
    .ok();
    assert_eq!(
        app.get("/auth/checksuperlogin", None).await.body["superUserLogin"],
        true
    );
    app.user(&token, "admin@plant.test", "ADMIN", &[]).await;
    assert_eq!(
        app.get("/auth/checksuperlogin", None).await.body["superUserLogin"],
        false
    );
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn logout_revokes_the_token_on_the_server(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let token = app.super_token().await;
    let other = app.super_token().await;
    app.get("/api/getuserprivileges", Some(&token)).await.ok();
    app.get("/auth/logout", Some(&token)).await.ok();
    let a = app.get("/api/getuserprivileges", Some(&token)).await;
    a.failed(StatusCode::UNAUTHORIZED);
    // Another session of the same user stays valid.
    app.get("/api/getuserprivileges", Some(&other)).await.ok();
    app.get("/auth/logout", Some(&token))
        .await
        .failed(StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn expired_forged_and_missing_tokens_get_401(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let user = db::users::super_user(&pool).await.unwrap().unwrap();
    let past = chrono::Utc::now() - chrono::Duration::hours(2);
    let (expired, _) = app
        .state
        .jwt
        .issue_at(&user, model::Role::Super, past, Duration::from_secs(3600))
        .unwrap();
    let a = app.get("/api/getuserprivileges", Some(&expired)).await;
    a.failed(StatusCode::UNAUTHORIZED);
    assert!(!a.message().is_empty());
    // Signed with another secret.
    let foreign = api::auth::jwt::JwtKeys::new(
        b"another-secret-another-secret-xx",
        Duration::from_secs(3600),
    );
    let (forged, _) = foreign.issue(&user, model::Role::Super).unwrap();
    app.get("/api/getuserprivileges", Some(&forged))
        .await
        .failed(StatusCode::UNAUTHORIZED);
    // alg=none with the same claims.
    let good = app.super_token().await;
    let payload = good.split('.').nth(1).unwrap();
    let none = format!("eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.{payload}.");
    app.get("/api/getuserprivileges", Some(&none))
        .await
        .failed(StatusCode::UNAUTHORIZED);
    let a = app.get("/api/getuserprivileges", None).await;
    a.failed(StatusCode::UNAUTHORIZED);
    assert_eq!(a.message(), "Please sign in");
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn sign_up_by_invitation_then_sign_in(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let admin = app.super_token().await;
    app.post("/api/createuser", json!({"email": "Operator@Plant.test", "role": "PRIVILEGE", "privileges": ["REPORTS_READ"]}), Some(&admin)).await.ok();
    let link = app
        .mailed_link("Operator@Plant.test", "/validatesignup/")
        .await;
    assert!(
        link.starts_with("http://batchline.test/validatesignup/"),
        "{link}"
    );
    let token = link.rsplit('/').next().unwrap();
    assert!(token.len() >= 32, "at least 128 bits: {token}");
    let v = app
        .get(&format!("/auth/validatesignup/{token}"), None)
        .await;
    assert_eq!(v.ok()["email"], "Operator@Plant.test");
    // A pending user cannot sign in yet.
    app.post(
        "/auth/login",
        json!({"email": "operator@plant.test", "password": STRONG}),
        None,
    )
    .await
    .failed(StatusCode::UNAUTHORIZED);

    let a = app
        .post(
            "/auth/signup",
            json!({"username": "op_1", "password": "short", "token": token, "email": "x"}),
            None,
        )
        .await;
    a.failed(StatusCode::BAD_REQUEST);
    assert_eq!(
        a.error("username"),
        "Username can only contain A-Z a-z and 0-9"
    );
    assert_eq!(a.error("email"), "Not a valid email");
    assert_eq!(a.error("password"), "Password must be atleast of 8 letters");
    let a = app
        .post(
            "/auth/signup",
            json!({"password": "password", "token": token, "email": "operator@plant.test"}),
            None,
        )
        .await;
    assert_eq!(a.error("username"), "Please Enter your username");
    assert_eq!(a.error("password"), "Password Weak");
    let a = app
        .post(
            "/auth/signup",
            json!({"username": "op1", "token": token, "email": "operator@plant.test"}),
            None,
        )
        .await;
    assert_eq!(a.error("password"), "Please Enter your password");
    let a = app.post("/auth/signup", json!({"username": "op1", "password": STRONG, "token": token, "email": "someone@else.test"}), None).await;
    a.failed(StatusCode::BAD_REQUEST);

    let a = app.post("/auth/signup", json!({"username": "op1", "password": STRONG, "token": token, "email": "operator@plant.test"}), None).await;
    a.ok();
    assert_eq!(a.message(), "Your account is ready. Please sign in.");
    let t = app.login("operator@plant.test", STRONG).await;
    let p = app.get("/api/getuserprivileges", Some(&t)).await;
    assert_eq!(p.ok()["data"]["role"], "PRIVILEGE");
    assert_eq!(p.body["data"]["privileges"], json!(["REPORTS_READ"]));

    // Single use.
    let again = app
        .get(&format!("/auth/validatesignup/{token}"), None)
        .await;
    again.failed(StatusCode::BAD_REQUEST);
    assert_eq!(again.message(), "Invalid Token");
    app.post("/auth/signup", json!({"username": "op2", "password": STRONG, "token": token, "email": "operator@plant.test"}), None)
        .await
        .failed(StatusCode::BAD_REQUEST);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn sign_up_tokens_expire_after_72_hours_and_unknown_ones_are_refused(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let admin = app.super_token().await;
    app.post(
        "/api/createuser",
        json!({"email": "late@plant.test", "role": "ADMIN"}),
        Some(&admin),
    )
    .await
    .ok();
    let token = app
        .mailed_token("late@plant.test", "/validatesignup/")
        .await;
    app.get(&format!("/auth/validatesignup/{token}"), None)
        .await
        .ok();
    let hours: f64 = sqlx::query_scalar(
        "select extract(epoch from expires_at - created_at)::float8 / 3600 from auth_token",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!((hours - 72.0).abs() < 0.01, "{hours}");
    sqlx::query("update auth_token set expires_at = now() - interval '1 second'")
        .execute(&pool)
        .await
        .unwrap();
    app.get(&format!("/auth/validatesignup/{token}"), None)
        .await
        .failed(StatusCode::BAD_REQUEST);
    let a = app.get("/auth/validatesignup/not-a-token", None).await;
    a.failed(StatusCode::BAD_REQUEST);
    assert_eq!(a.message(), "Invalid Token");
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn forgot_and_reset_password(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let admin = app.super_token().await;
    let (_, old_token) = app.user(&admin, "mixer@plant.test", "ADMIN", &[]).await;

    let known = app
        .post(
            "/auth/forgotpassword",
            json!({"email": "mixer@plant.test"}),
            None,
        )
        .await;
    let unknown = app
        .post(
            "/auth/forgotpassword",
            json!({"email": "ghost@plant.test"}),
            None,
        )
        .await;
    known.ok();
    assert_eq!(
        known.body, unknown.body,
        "same answer whether or not the email exists"
    );
    let a = app
        .post("/auth/forgotpassword", json!({"email": ""}), None)
        .await;
    assert_eq!(a.error("email"), "Please provide an email address");
    let a = app
        .post("/auth/forgotpassword", json!({"email": "mixer"}), None)
        .await;
    assert_eq!(a.error("email"), "Invalid Email address");

    let link = app.mailed_link("mixer@plant.test", "/resetpassword/").await;
    let token = link.rsplit('/').next().unwrap().to_string();
    app.get(&format!("/auth/resetpassword/{token}"), None)
        .await
        .ok();
    let minutes: f64 = sqlx::query_scalar("select extract(epoch from expires_at - created_at)::float8 / 60 from auth_token where purpose = 'reset'")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!((minutes - 30.0).abs() < 0.01, "{minutes}");

    let a = app
        .post(
            "/auth/resetpassword",
            json!({"resetPasswordToken": token}),
            None,
        )
        .await;
    a.failed(StatusCode::BAD_REQUEST);
    assert_eq!(a.error("password"), "Please Enter your password");
    assert_eq!(
        a.error("confirmPassword"),
        "Please Enter your password again"
    );
    let a = app
        .post(
            "/auth/resetpassword",
            json!({"resetPasswordToken": token, "password": "abc", "confirmPassword": "abc"}),
            None,
        )
        .await;
    assert_eq!(a.error("password"), "Password must be atleast of 8 letters");
    let a = app.post("/auth/resetpassword", json!({"resetPasswordToken": token, "password": "password1", "confirmPassword": "password1"}), None).await;
    assert_eq!(a.error("password"), "Password Weak");
    let new = "Hammer-Mill-Screen-4410";
    let a = app
        .post(
            "/auth/resetpassword",
            json!({"resetPasswordToken": token, "password": new, "confirmPassword": "different"}),
            None,
        )
        .await;
    assert_eq!(a.error("confirmPassword"), "Passwords do not match");

    let a = app
        .post(
            "/auth/resetpassword",
            json!({"resetPasswordToken": token, "password": new, "confirmPassword": new}),
            None,
        )
        .await;
    a.ok();
    assert_eq!(
        a.message(),
        "Your password has been changed. Please sign in."
    );
    // Older sessions are revoked, the old password no longer works, the new one does.
    app.get("/api/user/users", Some(&old_token))
        .await
        .failed(StatusCode::UNAUTHORIZED);
    app.post(
        "/auth/login",
        json!({"email": "mixer@plant.test", "password": STRONG}),
        None,
    )
    .await
    .failed(StatusCode::UNAUTHORIZED);
    app.login("mixer@plant.test", new).await;
    // Single use.
    app.get(&format!("/auth/resetpassword/{token}"), None)
        .await
        .failed(StatusCode::BAD_REQUEST);
    app.post(
        "/auth/resetpassword",
        json!({"resetPasswordToken": token, "password": STRONG, "confirmPassword": STRONG}),
        None,
    )
    .await
    .failed(StatusCode::BAD_REQUEST);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn reset_tokens_expire_after_30_minutes(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    app.post("/auth/forgotpassword", json!({"email": SUPER_EMAIL}), None)
        .await
        .ok();
    let token = app.mailed_token(SUPER_EMAIL, "/resetpassword/").await;
    sqlx::query("update auth_token set expires_at = now() - interval '1 second'")
        .execute(&pool)
        .await
        .unwrap();
    let a = app.get(&format!("/auth/resetpassword/{token}"), None).await;
    a.failed(StatusCode::BAD_REQUEST);
    assert_eq!(a.message(), "Invalid Token");
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn on_premise_first_login_forces_a_password_change(pool: PgPool) {
    let app = TestApp::on_premise(pool).await;
    assert_eq!(
        app.get("/api/site", None).await.ok()["data"]["site"]["systemType"],
        "ON_PREMISE"
    );
    let admin = app.super_token().await;
    let created = app
        .post("/api/user/onpremise/createuser", json!({"email": "shift@plant.test", "username": "shift1", "role": "PRIVILEGE", "privileges": ["SCHEDULE_READ"]}), Some(&admin))
        .await;
    let temporary = created.ok()["data"]["temporaryPassword"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(created.body["data"]["user"]["status"], "inactive");
    assert!(temporary.len() >= 12);
    // Cloud-only invitation is refused here.
    app.post(
        "/api/createuser",
        json!({"email": "x@plant.test", "role": "ADMIN"}),
        Some(&admin),
    )
    .await
    .failed(StatusCode::BAD_REQUEST);

    let a = app
        .post(
            "/auth/login",
            json!({"email": "shift@plant.test", "password": temporary}),
            None,
        )
        .await;
    assert_eq!(a.ok()["userStatus"], "inactive");
    assert!(a.body.get("token").is_none(), "no usable session: {a:?}");
    assert_eq!(a.message(), "Please set a new password to continue");

    let reset = |old: &str, new: &str, confirm: &str| json!({"email": "shift@plant.test", "oldPassword": old, "newPassword": new, "confirmPassword": confirm});
    let a = app
        .post(
            "/auth/onpremise/resetpassword",
            json!({"email": "shift@plant.test"}),
            None,
        )
        .await;
    a.failed(StatusCode::BAD_REQUEST);
    assert_eq!(
        a.error("confirmPassword"),
        "Please Enter your password again"
    );
    let a = app
        .post(
            "/auth/onpremise/resetpassword",
            reset(&temporary, STRONG, "other-thing"),
            None,
        )
        .await;
    assert_eq!(a.error("confirmPassword"), "Passwords do not match");
    let a = app
        .post(
            "/auth/onpremise/resetpassword",
            reset("wrong-old-pass", STRONG, STRONG),
            None,
        )
        .await;
    a.failed(StatusCode::UNAUTHORIZED);
    assert_eq!(a.message(), "The old password is not correct");
    app.post(
        "/auth/onpremise/resetpassword",
        reset(&temporary, STRONG, STRONG),
        None,
    )
    .await
    .ok();
    let token = app.login("shift@plant.test", STRONG).await;
    app.get("/api/getuserprivileges", Some(&token)).await.ok();
    // The temporary password is gone.
    app.post(
        "/auth/login",
        json!({"email": "shift@plant.test", "password": temporary}),
        None,
    )
    .await
    .failed(StatusCode::UNAUTHORIZED);

    // A regenerated password makes the user inactive again and revokes the session.
    let id = created.body["data"]["user"]["_id"].as_str().unwrap();
    let g = app
        .put(
            "/api/user/onpremise/generatepassword",
            json!({"_id": id}),
            Some(&admin),
        )
        .await;
    let again = g.ok()["data"]["temporaryPassword"]
        .as_str()
        .unwrap()
        .to_string();
    app.get("/api/getuserprivileges", Some(&token))
        .await
        .failed(StatusCode::UNAUTHORIZED);
    let a = app
        .post(
            "/auth/login",
            json!({"email": "shift@plant.test", "password": again}),
            None,
        )
        .await;
    assert_eq!(a.ok()["userStatus"], "inactive");
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn client_locale_serves_every_language_with_the_same_keys(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let a = app.get("/auth/translation/getclientlocale", None).await;
    let langs = a.ok()["data"].as_array().unwrap().clone();
    let codes: Vec<_> = langs
        .iter()
        .map(|l| l["languageCode"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(codes, ["en", "de", "nl", "fr", "es"]);
    let keys = |i: usize| {
        let mut k: Vec<String> = langs[i]["translations"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect();
        k.sort();
        k
    };
    assert!(keys(0).len() > 40);
    for (i, code) in codes.iter().enumerate().skip(1) {
        assert_eq!(keys(0), keys(i), "{code} has other keys than en");
    }
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn audit_log_records_sign_ins_and_failures(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    app.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    app.post(
        "/auth/login",
        json!({"email": SUPER_EMAIL, "password": "wrong-password"}),
        None,
    )
    .await;
    let actions: Vec<String> = sqlx::query_scalar("select action from audit_log order by id")
        .fetch_all(&pool)
        .await
        .unwrap();
    assert!(actions.contains(&"login".to_string()), "{actions:?}");
    assert!(actions.contains(&"login_failed".to_string()), "{actions:?}");
    // Append-only.
    let err = sqlx::query("delete from audit_log").execute(&pool).await;
    assert!(err.is_err());
    let err = sqlx::query("update audit_log set action = 'x'")
        .execute(&pool)
        .await;
    assert!(err.is_err());
    let err = sqlx::query("truncate audit_log").execute(&pool).await;
    assert!(
        err.unwrap_err().to_string().contains("append-only"),
        "TRUNCATE is refused too"
    );
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn malformed_json_gets_the_envelope(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let a = app
        .raw(
            Method::POST,
            "/auth/login",
            Some("{\"email\": ".into()),
            None,
            None,
        )
        .await;
    a.failed(StatusCode::BAD_REQUEST);
    assert_eq!(a.message(), "The request body is not valid JSON");
    let a = app
        .raw(
            Method::POST,
            "/auth/login",
            Some("[1,2]".into()),
            None,
            None,
        )
        .await;
    a.failed(StatusCode::BAD_REQUEST);
    let a = app
        .raw(
            Method::POST,
            "/auth/login",
            Some("{\"email\": 5}".into()),
            None,
            None,
        )
        .await;
    a.failed(StatusCode::BAD_REQUEST);
    assert_eq!(a.message(), "The request body is not in the expected form");
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_restart_with_new_superuser_settings_signs_in_with_what_was_set(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let old_token = app.super_token().await;

    // The operator sets another email and password and starts again on the same database.
    let again = TestApp::with(pool, |s| {
        s.superuser_email = Some("plant.manager@plant.test".into());
        s.superuser_password = Some(STRONG.into());
    })
    .await;
    let a = again
        .post(
            "/auth/superuserlogin",
            json!({"email": "plant.manager@plant.test", "password": STRONG}),
            None,
        )
        .await;
    assert!(a.ok()["token"].is_string());
    let old = again
        .post(
            "/auth/superuserlogin",
            json!({"email": SUPER_EMAIL, "password": SUPER_PASSWORD}),
            None,
        )
        .await;
    old.failed(StatusCode::UNAUTHORIZED);
    // Tokens carry the email: the ones issued before the change stop working.
    again
        .get("/api/getuserprivileges", Some(&old_token))
        .await
        .failed(StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn superuser_email_of_another_user_leaves_the_super_user_alone(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let token = app.super_token().await;
    app.user(&token, "admin@plant.test", "ADMIN", &[]).await;
    let again = TestApp::with(pool, |s| {
        s.superuser_email = Some("admin@plant.test".into())
    })
    .await;
    let a = again
        .post(
            "/auth/superuserlogin",
            json!({"email": SUPER_EMAIL, "password": SUPER_PASSWORD}),
            None,
        )
        .await;
    assert!(a.ok()["token"].is_string());
}

/// Issue 36: several api processes start at once on a new database (`make cluster`): each finds
/// no super user and creates it; the one refused by the unique email takes the other's.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn api_processes_starting_together_make_one_super_user(pool: PgPool) {
    let (a, b, c) = tokio::join!(
        TestApp::new(pool.clone()),
        TestApp::new(pool.clone()),
        TestApp::new(pool.clone())
    );
    let supers: i64 = sqlx::query_scalar("select count(*) from app_user where role = '_SUPER'")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(supers, 1);
    for app in [a, b, c] {
        app.super_token().await;
    }
}
