//! Sign-in under a flood (decision 92): failures delay the address and, for addresses the
//! account never signed in from, the account; an attempt is reserved atomically, so a parallel
//! burst gets no more tries than a sequence; rate limits per address and over all addresses
//! answer 429 with the seconds to wait; no stranger can lock a user out.

use axum::http::StatusCode;
use futures::future::join_all;
use serde_json::json;
use sqlx::PgPool;

use crate::harness::*;

fn wrong(email: &str) -> serde_json::Value {
    json!({"email": email, "password": "wrong-password"})
}

fn right() -> serde_json::Value {
    json!({"email": SUPER_EMAIL, "password": SUPER_PASSWORD})
}

/// No rate limit in the way: these tests are about the throttle.
async fn unlimited(pool: PgPool) -> TestApp {
    TestApp::with(pool, |s| {
        s.flood.per_address_burst = 10_000;
        s.flood.global_burst = 10_000;
    })
    .await
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn five_failures_delay_the_address_without_revealing_the_email(pool: PgPool) {
    let app = unlimited(pool.clone()).await;
    for email in [SUPER_EMAIL, "nobody@plant.test"] {
        for _ in 0..5 {
            let a = app.post_from("10.0.0.1", "/auth/login", wrong(email)).await;
            a.failed(StatusCode::UNAUTHORIZED);
        }
        // The fifth failure set a delay: the next attempt waits, even with the right password.
        let body = json!({"email": email, "password": SUPER_PASSWORD});
        let a = app.post_from("10.0.0.1", "/auth/login", body).await;
        a.failed(StatusCode::TOO_MANY_REQUESTS);
        assert!(
            a.message().starts_with("Too many failed sign-in attempts."),
            "{a:?}"
        );
        assert_eq!(a.body["retryAfter"], 1, "{a:?}");
        assert_eq!(a.headers["retry-after"], "1");
    }
    // Once the delay has passed the right password works and clears the counts.
    sqlx::query("update auth_throttle set next_allowed_at = now()")
        .execute(&pool)
        .await
        .unwrap();
    let a = app.post_from("10.0.0.1", "/auth/login", right()).await;
    a.ok();
    let failures: Vec<i32> = sqlx::query_scalar(
        "select failures from auth_throttle where key like '%' || lower($1) || '%'",
    )
    .bind(SUPER_EMAIL)
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(failures, [0, 0]);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_parallel_burst_gets_no_more_tries_than_a_sequence(pool: PgPool) {
    let app = unlimited(pool).await;
    let answers =
        join_all((0..30).map(|_| app.post_from("10.0.0.2", "/auth/login", wrong(SUPER_EMAIL))))
            .await;
    let count = |s: StatusCode| answers.iter().filter(|a| a.status == s).count();
    assert_eq!(
        count(StatusCode::UNAUTHORIZED),
        5,
        "five tries, then the delay"
    );
    assert_eq!(count(StatusCode::TOO_MANY_REQUESTS), 25);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_stranger_cannot_lock_a_user_out(pool: PgPool) {
    let app = unlimited(pool).await;
    // The user signs in from their desk.
    let a = app.post_from("10.1.0.7", "/auth/login", right()).await;
    a.ok();
    // Strangers try the account, each from an address of its own (no address is delayed):
    // after twenty failures of the account, unknown addresses are.
    let mut failures = 0;
    let refused = loop {
        let a = app
            .post_from(
                &format!("192.0.2.{}", failures + 1),
                "/auth/login",
                wrong(SUPER_EMAIL),
            )
            .await;
        if a.status == StatusCode::TOO_MANY_REQUESTS {
            break failures;
        }
        a.failed(StatusCode::UNAUTHORIZED);
        failures += 1;
        assert!(
            failures < 40,
            "the account's failures never slowed a stranger"
        );
    };
    assert!(
        refused >= 20,
        "twenty failures are free: refused after {refused}"
    );
    // …the user at their desk is not.
    let a = app.post_from("10.1.0.7", "/auth/login", right()).await;
    a.ok();
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn rate_limits_answer_429_with_the_seconds_to_wait(pool: PgPool) {
    let app = TestApp::with(pool, |s| {
        s.flood.per_address_burst = 3;
        s.flood.per_address_per_minute = 3;
        s.flood.global_burst = 5;
        s.flood.global_per_second = 0.001;
    })
    .await;
    for _ in 0..3 {
        let a = app
            .post_from(
                "10.2.0.1",
                "/auth/forgotpassword",
                json!({"email": "a@plant.test"}),
            )
            .await;
        a.ok();
    }
    // The address's burst is spent: every call that hashes or mails waits, whatever it is.
    let a = app.post_from("10.2.0.1", "/auth/login", right()).await;
    a.failed(StatusCode::TOO_MANY_REQUESTS);
    assert!(
        a.message()
            .starts_with("Too many sign-in requests from this address."),
        "{a:?}"
    );
    assert_eq!(a.body["retryAfter"], 20, "one call per 20 s: {a:?}");
    assert_eq!(a.headers["retry-after"], "20");
    // Another address still gets in, until every address together has spent the global burst.
    let a = app.post_from("10.2.0.2", "/auth/login", right()).await;
    a.ok();
    let a = app.post_from("10.2.0.3", "/auth/login", right()).await;
    a.ok();
    let a = app.post_from("10.2.0.4", "/auth/login", right()).await;
    a.failed(StatusCode::TOO_MANY_REQUESTS);
    assert!(a.message().starts_with("The server is busy"), "{a:?}");
    // Calls that neither hash nor mail are not limited.
    app.get("/auth/checksuperlogin", None).await.ok();
}

/// A refused call waits its pause before its 429 (so a flooder's connection slows to one call
/// per pause), and while it waits it holds no slot of the requests answered at once: with room
/// for one request, other callers are still answered during ten paused refusals.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_refused_call_pauses_without_holding_a_slot(pool: PgPool) {
    let pause = std::time::Duration::from_millis(400);
    let app = TestApp::with(pool, |s| {
        s.flood.per_address_burst = 1;
        s.flood.per_address_per_minute = 1;
        s.flood.refusal_pause = pause;
        s.max_in_flight = 1;
    })
    .await;
    let a = app
        .post_from("10.3.0.1", "/auth/login", wrong("x@plant.test"))
        .await;
    a.failed(StatusCode::UNAUTHORIZED);
    let started = std::time::Instant::now();
    let refused =
        join_all((0..10).map(|_| app.post_from("10.3.0.1", "/auth/login", wrong("x@plant.test"))));
    let others = async {
        // Answered while the ten wait: none of them holds the one slot.
        let a = app.post_from("10.3.0.2", "/auth/login", right()).await;
        a.ok();
        app.get("/auth/checksuperlogin", None).await.ok();
    };
    // Were a paused refusal holding the slot, the other nine and these would be shed with 503.
    let (refused, ()) = tokio::join!(refused, others);
    for a in &refused {
        a.failed(StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(a.headers["retry-after"], "60");
    }
    // The sleep guarantees at least half the pause (it is spread between half and all of it).
    assert!(started.elapsed() >= pause / 2);
}
