//! The access matrix, generated from the declarations: every operation of the OpenAPI document
//! (whose `x-access-*` extensions are written by the same `guarded` call that installs the
//! guard) × every kind of caller — anonymous, expired token, revoked token, `_SUPER`, ADMIN,
//! PRIVILEGE with each single privilege, PRIVILEGE with none — against the running router.
//! The expected answer comes from the server's one evaluator (`AccessRule::allows`):
//! 401 without a valid session, 403 when the rule refuses, otherwise neither (and never a
//! 5xx), whatever the handler then makes of the request.

use std::time::Duration;

use axum::http::{Method, StatusCode};
use chrono::Utc;
use model::access::all_privileges;
use model::{AccessRule, Role};
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

use crate::harness::TestApp;

/// A caller: how it authenticates.
enum Caller {
    Anonymous,
    Expired,
    Revoked,
    User(Role, Vec<String>),
}

fn callers() -> Vec<(String, Caller)> {
    let mut out = vec![
        ("anonymous".into(), Caller::Anonymous),
        ("expired token".into(), Caller::Expired),
        ("revoked token".into(), Caller::Revoked),
        ("_SUPER".into(), Caller::User(Role::Super, vec![])),
        ("ADMIN".into(), Caller::User(Role::Admin, vec![])),
        ("PRIVILEGE".into(), Caller::User(Role::Privilege, vec![])),
    ];
    for p in all_privileges() {
        out.push((
            format!("PRIVILEGE:{p}"),
            Caller::User(Role::Privilege, vec![p]),
        ));
    }
    out
}

/// The rule an operation declares, `None` for a public one.
fn declared_rule(op: &Value) -> Option<AccessRule> {
    let roles = op["x-access-roles"].as_array()?;
    let roles: Vec<Role> = roles
        .iter()
        .map(|r| Role::parse(r.as_str().unwrap()).expect("a role"))
        .collect();
    let privileges: Vec<&'static str> = op["x-access-privileges"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| &*String::leak(p.as_str().unwrap().to_string()))
        .collect();
    Some(AccessRule::privileges(roles.leak(), privileges.leak()))
}

/// A user of `role` with `privileges`, active, and a fresh token for it.
async fn user(app: &TestApp, role: Role, privileges: &[String]) -> db::users::User {
    if role == Role::Super {
        return db::users::super_user(&app.state.pool)
            .await
            .unwrap()
            .unwrap();
    }
    db::users::insert(
        &app.state.pool,
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
    .unwrap()
}

/// A token for each caller (none for the anonymous one).
async fn tokens(app: &TestApp) -> Vec<(String, Caller, Option<String>)> {
    let jwt = &app.state.jwt;
    let mut out = Vec::new();
    for (name, caller) in callers() {
        let token = match &caller {
            Caller::Anonymous => None,
            Caller::Expired => {
                let u = user(app, Role::Admin, &[]).await;
                let issued = Utc::now() - chrono::Duration::hours(13);
                let ttl = Duration::from_secs(12 * 3600);
                Some(jwt.issue_at(&u, Role::Admin, issued, ttl).unwrap().0)
            }
            Caller::Revoked => {
                let u = user(app, Role::Admin, &[]).await;
                let (t, claims) = jwt.issue(&u, Role::Admin).unwrap();
                db::users::revoke_jwt(&app.state.pool, claims.jti, claims.expires_at())
                    .await
                    .unwrap();
                Some(t)
            }
            Caller::User(role, privileges) => {
                let u = user(app, *role, privileges).await;
                Some(jwt.issue(&u, *role).unwrap().0)
            }
        };
        out.push((name, caller, token));
    }
    out
}

/// What a caller must get from an operation with `rule` (`None`: public).
fn expected(rule: Option<AccessRule>, caller: &Caller) -> &'static str {
    match (rule, caller) {
        (None, _) => "neither 401 nor 403",
        (Some(_), Caller::Anonymous | Caller::Expired | Caller::Revoked) => "401",
        (Some(rule), Caller::User(role, privileges)) if rule.allows(*role, privileges) => {
            "neither 401 nor 403"
        }
        (Some(_), Caller::User(..)) => "403",
    }
}

fn meets(status: StatusCode, expected: &str) -> bool {
    match expected {
        "401" => status == StatusCode::UNAUTHORIZED,
        "403" => status == StatusCode::FORBIDDEN,
        _ => {
            status != StatusCode::UNAUTHORIZED
                && status != StatusCode::FORBIDDEN
                && !status.is_server_error()
        }
    }
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn every_operation_answers_every_caller_as_its_rule_says(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let callers = tokens(&app).await;
    let doc = api::openapi();
    let (mut checked, mut operations) = (0, 0);
    let mut wrong = Vec::new();
    let mut logout = None;
    let mut tally = std::collections::BTreeMap::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let Ok(method) = method.to_uppercase().parse::<Method>() else {
                continue;
            };
            let rule = declared_rule(op);
            // Ending the session is judged last, so it ends nothing the others need.
            if path == "/auth/logout" {
                logout = Some(rule);
                continue;
            }
            operations += 1;
            let concrete = path
                .replace("{token}", "t0k3n")
                .replace("{id}", &Uuid::new_v4().to_string());
            for (name, caller, token) in &callers {
                let body = (method != Method::GET).then(|| "{}".to_string());
                let a = app
                    .raw(method.clone(), &concrete, body, token.as_deref(), None)
                    .await;
                checked += 1;
                let want = expected(rule, caller);
                *tally.entry(want).or_insert(0) += 1;
                // The harness runs without NATS: readiness is honestly 503.
                let unready = path == "/readyz" && a.status == StatusCode::SERVICE_UNAVAILABLE;
                if !meets(a.status, want) && !unready {
                    wrong.push(format!(
                        "{method} {path} as {name}: {} (expected {want})",
                        a.status
                    ));
                }
            }
        }
    }
    let rule = logout.expect("GET /auth/logout is documented");
    for (name, caller, token) in &callers {
        let a = app
            .raw(Method::GET, "/auth/logout", None, token.as_deref(), None)
            .await;
        checked += 1;
        let want = expected(rule, caller);
        if !meets(a.status, want) {
            wrong.push(format!(
                "GET /auth/logout as {name}: {} (expected {want})",
                a.status
            ));
        }
    }
    println!(
        "access matrix: {} operations × {} callers = {checked} cases, expected {tally:?}",
        operations + 1,
        callers.len()
    );
    assert!(operations > 140, "{operations} operations");
    assert!(tally["401"] > 300 && tally["403"] > 1000, "{tally:?}");
    assert!(
        wrong.is_empty(),
        "{} of {checked}:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
