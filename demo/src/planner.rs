//! The demo plant's production planner: a day of orders per line — every recipe the line has at
//! the production level, plain feed first and medicated feed last, so a day needs no flush and
//! the next day starts with one — released at once. `make demo` seeds today's; with
//! `DEMO_PLANNER=1` [`run`] plans the next day whenever a line's queue runs dry, so the demo
//! never stops producing. Orders go through `app::orders::plan` and `transition`, the
//! checks of the calls.

use std::time::Duration;

use anyhow::Context;
use app::App;
use chrono::{DateTime, Days, NaiveTime, Utc};
use model::recipe::MEDICATION_CLASSES;
use model::schedule::Status;
use model::schedule::carry::Matrix;
use uuid::Uuid;

/// Batches per order; with about seven minutes a batch a day's four orders fill about a day.
const BATCHES: i64 = 36;
/// Roughly how long a batch takes on the simulated line.
const BATCH_MINUTES: i64 = 7;
/// The flush: 300 kg of maize.
const FLUSH: (&str, f64) = ("CORN", 300.0);

async fn actor(state: &App) -> anyhow::Result<String> {
    Ok(db::users::super_user(&state.pool)
        .await?
        .map_or_else(|| "planner".to_string(), |u| u.email))
}

/// The default matrix, saved, and the maize flush for `line`.
pub async fn carry_over(state: &App, line: Uuid, actor: &str) -> anyhow::Result<()> {
    let corn = db::lines::material_id(&state.pool, line, FLUSH.0).await?;
    let flush = corn.map(|m| (m, FLUSH.1));
    db::schedules::set_carry_over(&state.pool, line, &Matrix::default().rules, flush, actor)
        .await?;
    Ok(())
}

/// The production versions of `line`: (version id, code, class), plain feed first.
async fn recipes(state: &App, line: Uuid) -> anyhow::Result<Vec<(Uuid, String, String)>> {
    let mut found = db::recipes::production_versions(&state.pool, line).await?;
    let rank = |c: &str| MEDICATION_CLASSES.iter().position(|m| *m == c);
    found.sort_by(|a, b| (rank(&a.2), &a.1).cmp(&(rank(&b.2), &b.1)));
    Ok(found)
}

/// Plans and releases a day of orders on `line` starting at `start`; the number of orders.
pub async fn plan_day(
    state: &App,
    actor: &str,
    line: (Uuid, &str),
    start: DateTime<Utc>,
) -> anyhow::Result<usize> {
    let recipes = recipes(state, line.0).await?;
    let mut at = start;
    for (i, (recipe, code, _)) in recipes.iter().enumerate() {
        let number = format!("{}-{}-{:02}", line.1, start.format("%y%m%d"), i + 1);
        let input: app::orders::ScheduleInput = serde_json::from_value(serde_json::json!({
            "lineId": line.0, "orderNumber": number, "recipeId": recipe, "batches": BATCHES,
            "plannedStart": at.to_rfc3339(), "withFlush": true,
            "notes": format!("Demo plan for {}", start.format("%Y-%m-%d")),
        }))?;
        let order = app::orders::plan(state, actor, input, model::Lang::En)
            .await
            .map_err(|e| anyhow::anyhow!("planning {code} on {}: {e:?}", line.1))?;
        let signer = app::signatures::Signer::tool(actor);
        app::orders::transition(state, actor, order.id, Status::Released, Some(&signer))
            .await
            .map_err(|e| anyhow::anyhow!("releasing {number}: {e:?}"))?;
        at += chrono::Duration::minutes(BATCHES * BATCH_MINUTES);
    }
    Ok(recipes.len())
}

/// Today's plan for every line (the demo seed): the carry-over settings and a day of orders
/// from 06:00 UTC.
pub async fn seed(state: &App) -> anyhow::Result<usize> {
    let actor = actor(state).await?;
    let today = Utc::now()
        .date_naive()
        .and_time(NaiveTime::from_hms_opt(6, 0, 0).unwrap_or_default())
        .and_utc();
    let mut n = 0;
    for (id, code) in db::config::line_codes(&state.pool).await? {
        let line = Uuid::parse_str(&id)?;
        carry_over(state, line, &actor).await?;
        n += plan_day(state, &actor, (line, &code), today).await?;
    }
    Ok(n)
}

/// Plans the next day of every line whose queue ran dry (nothing planned, released, running or
/// held), the day after its last planned start.
pub async fn top_up(state: &App) -> anyhow::Result<usize> {
    let actor = actor(state).await?;
    let mut n = 0;
    for (id, code) in db::config::line_codes(&state.pool).await? {
        let line = Uuid::parse_str(&id)?;
        let (open, last) = db::schedules::open_and_last_start(&state.pool, line).await?;
        if open > 0 {
            continue;
        }
        let day = last
            .map(|t| {
                t.date_naive()
                    .checked_add_days(Days::new(1))
                    .unwrap_or(t.date_naive())
            })
            .unwrap_or_else(|| Utc::now().date_naive());
        let start = day
            .and_time(NaiveTime::from_hms_opt(6, 0, 0).unwrap_or_default())
            .and_utc();
        let planned = plan_day(state, &actor, (line, &code), start)
            .await
            .with_context(|| format!("planning the next day of {code}"))?;
        tracing::info!(line = code, orders = planned, day = %day, "demo planner: next day planned");
        n += planned;
    }
    Ok(n)
}

/// Ships what the lines made: the completed batches of the last day not delivered yet go out,
/// an order's batches on one delivery, as the mill's weighbridge records it (issue 33). The
/// number of batches delivered.
pub async fn dispatch(state: &App) -> anyhow::Result<u64> {
    let now = Utc::now();
    let mut n = 0;
    for (id, code) in db::config::line_codes(&state.pool).await? {
        n += db::deliveries::backfill(
            &state.pool,
            &id,
            &code,
            now - chrono::Duration::days(1),
            now,
        )
        .await?;
    }
    if n > 0 {
        tracing::info!(batches = n, "demo planner: deliveries recorded");
    }
    Ok(n)
}

/// Tops every line's queue up every 30 s, and records the deliveries of what was made, until
/// `shutdown` resolves.
pub async fn run(state: App, shutdown: impl std::future::Future<Output = ()> + Send) {
    let mut shutdown = std::pin::pin!(shutdown);
    let mut rounds = 0u64;
    loop {
        if let Err(e) = top_up(&state).await {
            tracing::warn!("demo planner: {e:#}");
        }
        // Every ten minutes a truck leaves with what was made since.
        if rounds.is_multiple_of(20)
            && let Err(e) = dispatch(&state).await
        {
            tracing::warn!("demo planner: deliveries: {e:#}");
        }
        rounds += 1;
        tokio::select! {
            _ = tokio::time::sleep(Duration::from_secs(30)) => {},
            _ = &mut shutdown => return,
        }
    }
}
