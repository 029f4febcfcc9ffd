//! `batchline backfill [--days N] [--lines N] [--seed N]`: production history for the reports
//! and their benchmark. Seeds the demo plant when nothing is configured and adds demo lines up
//! to N, then writes N days up to the start of this hour for each line, batch after batch
//! (`history`), through ingest's own storage code (`db::ingest::write::write`, so the rollups are
//! the ones ingest keeps), a few lines at a time, printing its progress. Runs again over the
//! same hour insert nothing twice (the rows' ids come from the seed).

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use anyhow::Context;
use chrono::{DateTime, Duration, DurationRound, Utc};
use sim::recipes::{Recipe, builtin, from_control};
use sqlx::PgPool;

use crate::settings::Settings;
use sim::history::History;

/// Lines written at the same time (the machine's cores, with Postgres on them too).
const WRITERS: usize = 3;
/// Batches per transaction.
const CHUNK: u64 = 200;

/// What to write.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub days: i64,
    pub lines: usize,
    pub seed: u64,
}

impl Plan {
    pub fn parse(args: &[String]) -> anyhow::Result<Self> {
        let mut plan = Plan {
            days: 30,
            lines: 2,
            seed: 1,
        };
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            let value = it.next().with_context(|| format!("{flag} needs a value"))?;
            let number = |max: u64| -> anyhow::Result<u64> {
                value
                    .parse::<u64>()
                    .ok()
                    .filter(|n| (1..=max).contains(n))
                    .with_context(|| {
                        format!("{flag} must be a number from 1 to {max}, not {value:?}")
                    })
            };
            match flag.as_str() {
                "--days" => plan.days = number(400)? as i64,
                "--lines" => plan.lines = number(64)? as usize,
                "--seed" => plan.seed = number(u64::MAX)?,
                other => anyhow::bail!("unknown option {other:?} (--days N, --lines N, --seed N)"),
            }
        }
        Ok(plan)
    }
}

/// A line to write: its id, code, whether it presses pellets, and the recipes it runs.
pub struct LinePlan {
    pub id: String,
    pub code: String,
    pub pellets: bool,
    pub recipes: Vec<Recipe>,
    /// Its configured bins and the level each held before the backfill's start.
    pub bins: Vec<sim::bins::BinStart>,
    /// The lots received of each material its recipes dose (weekly goods-in).
    pub lots: HashMap<String, Vec<(DateTime<Utc>, String)>>,
}

/// Weekly goods-in of every material `recipes` dose over `[from, to)`: a lot each Monday at
/// 06:00 (the week before `from` too), `CODE-YYYYWW`, of what about a week of batches takes.
fn weekly_receipts(
    recipes: &[Recipe],
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Vec<(String, DateTime<Utc>, String, f64)> {
    use chrono::Datelike;
    let mut per_batch: HashMap<String, f64> = HashMap::new();
    for r in recipes {
        for i in &r.ingredients {
            *per_batch.entry(i.material.clone()).or_default() +=
                i.setpoint_kg / recipes.len() as f64;
        }
    }
    let start = from - Duration::days(7);
    let monday = (start - Duration::days(start.weekday().num_days_from_monday() as i64))
        .date_naive()
        .and_hms_opt(6, 0, 0)
        .expect("06:00")
        .and_utc();
    let mut out = Vec::new();
    let mut week = monday;
    while week < to {
        let iso = week.iso_week();
        for (code, kg) in &per_batch {
            // About 260 batches a day; a fifth more than the week takes.
            let quantity = ((kg * 260.0 * 7.0 * 1.2) / 1000.0).ceil() * 1000.0;
            out.push((
                code.clone(),
                week,
                format!("{code}-{}{:02}", iso.year(), iso.week()),
                quantity.max(1000.0),
            ));
        }
        week += Duration::days(7);
    }
    out
}

/// The first `n` configured lines with the control recipes of their orders (the simulator's own
/// recipes for a line without any).
pub async fn lines(pool: &PgPool, n: usize, from: DateTime<Utc>) -> anyhow::Result<Vec<LinePlan>> {
    let controls = db::schedules::newest_control_recipes(pool).await?;
    let lines = db::config::line_codes(pool).await?;
    let mut bins = sim::bins::by_line(db::config::line_bins(pool, Some(from)).await?);
    anyhow::ensure!(
        lines.len() >= n,
        "{} lines are configured, {n} asked",
        lines.len()
    );
    Ok(lines
        .into_iter()
        .take(n)
        .enumerate()
        .map(|(i, (id, code))| {
            let mut recipes: Vec<Recipe> = controls
                .iter()
                .filter(|(l, _)| *l == id)
                .map(|(_, c)| from_control(c))
                .collect();
            if recipes.is_empty() {
                recipes = builtin();
            }
            LinePlan {
                bins: bins.remove(&id).unwrap_or_default(),
                id,
                code,
                pellets: i % 2 == 0,
                recipes,
                lots: HashMap::new(),
            }
        })
        .collect())
}

/// Receives each line's weekly lots (`weekly_receipts`) and notes them on its plan.
async fn receive_lots(
    pool: &PgPool,
    lines: &mut [LinePlan],
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> anyhow::Result<u64> {
    let mut received = 0;
    for line in lines.iter_mut() {
        let receipts = weekly_receipts(&line.recipes, from, to);
        if let Ok(id) = uuid::Uuid::parse_str(&line.id) {
            received += db::lots::receive_history(pool, id, &receipts).await?;
        }
        for (code, at, number, _) in receipts {
            line.lots.entry(code).or_default().push((at, number));
        }
    }
    Ok(received)
}

/// What a backfill wrote.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Written {
    pub batches: u64,
    pub rows: u64,
}

/// Writes `[from, to)` of every line of `lines`, `WRITERS` lines at a time; `progress` counts
/// the batches and rows written so far.
pub async fn write(
    pool: &PgPool,
    lines: Vec<LinePlan>,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    seed: u64,
    progress: Arc<(AtomicU64, AtomicU64)>,
) -> anyhow::Result<Written> {
    let gate = Arc::new(tokio::sync::Semaphore::new(WRITERS));
    let mut tasks = tokio::task::JoinSet::new();
    for (i, line) in lines.into_iter().enumerate() {
        let (pool, gate, progress) = (pool.clone(), gate.clone(), progress.clone());
        tasks.spawn(async move {
            let _permit = gate.acquire_owned().await?;
            let mut h = History::new(
                &line.id,
                &line.code,
                line.pellets,
                line.recipes,
                seed.wrapping_add(i as u64),
                from,
                &line.bins,
            )
            .with_lots(line.lots);
            let mut rows = sim::history::Rows::default();
            h.start(&mut rows);
            let mut written = Written::default();
            loop {
                let done = h.t >= to;
                if !done {
                    h.cycle(&mut rows);
                }
                if done || h.batches.is_multiple_of(CHUNK) {
                    let rows = written_rows(std::mem::take(&mut rows));
                    let n = rows.samples() as u64;
                    db::ingest::write::write(&pool, &rows)
                        .await
                        .with_context(|| format!("writing line {}", line.code))?;
                    let batches = h.batches - written.batches;
                    written = Written {
                        batches: h.batches,
                        rows: written.rows + n,
                    };
                    progress.0.fetch_add(batches, Ordering::Relaxed);
                    progress.1.fetch_add(n, Ordering::Relaxed);
                }
                if done {
                    return anyhow::Ok(written);
                }
            }
        });
    }
    let mut total = Written::default();
    while let Some(r) = tasks.join_next().await {
        let w = r??;
        total.batches += w.batches;
        total.rows += w.rows;
    }
    Ok(total)
}

/// The generated samples as ingest's writer takes them.
fn written_rows(s: sim::history::Rows) -> db::ingest::Rows {
    let mut rows = db::ingest::Rows::default();
    rows.weighing = s.weighing;
    rows.mixing = s.mixing;
    rows.process = s.process;
    rows.pressure = s.pressure;
    rows.alarm = s.alarm;
    rows.state = s.state;
    rows.batch = s.batch;
    rows.bin = s.bin;
    rows.calibration = s.calibration;
    rows
}

/// The audit entries the history of each line (`(id, code)`) would have left (sign-ins, alarm
/// acknowledgements, orders, recipe changes), in the line's own time zone.
pub async fn audit_history(
    pool: &PgPool,
    lines: &[(String, String)],
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> anyhow::Result<u64> {
    let mut written = 0;
    for (id, code) in lines {
        let Ok(line) = uuid::Uuid::parse_str(id) else {
            continue;
        };
        let zone = db::zones::plant_zone(pool, Some(line)).await?;
        written += db::audit::history(pool, line, code, &zone, from, to)
            .await
            .with_context(|| format!("writing the audit history of line {code}"))?;
    }
    Ok(written)
}

pub async fn run(settings: &Settings, args: &[String]) -> anyhow::Result<()> {
    let plan = Plan::parse(args)?;
    // Large transactions: ingest's statement timeout, not a request's.
    let state = app::App::new(crate::migrate(settings, crate::Pool::Ingest).await?, None);
    demo::seed(&state, &settings.seed_language)
        .await
        .context("seeding the demo plant")?;
    let added = demo::add_lines(&state, &settings.seed_language, plan.lines).await?;
    let to = Utc::now().duration_trunc(Duration::hours(1))?;
    let from = to - Duration::days(plan.days);
    let mut lines = lines(&state.pool, plan.lines, from).await?;
    let received = receive_lots(&state.pool, &mut lines, from, to).await?;
    let shipped: Vec<(String, String)> = lines
        .iter()
        .map(|l| (l.id.clone(), l.code.clone()))
        .collect();
    tracing::info!(added, lines = lines.len(), received, %from, %to, "backfilling");
    let progress = Arc::new((AtomicU64::new(0), AtomicU64::new(0)));
    // About 288 batches a line and day (a five-minute cycle, less the stops).
    let expected = (plan.days as u64 * 260 * plan.lines as u64).max(1);
    let started = Instant::now();
    let ticker = {
        let progress = progress.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(std::time::Duration::from_secs(5)).await;
                let (b, r) = (
                    progress.0.load(Ordering::Relaxed),
                    progress.1.load(Ordering::Relaxed),
                );
                let secs = started.elapsed().as_secs_f64();
                println!(
                    "backfill: about {:.0}% — {b} batches, {r} rows, {:.0} rows/s",
                    (b as f64 / expected as f64 * 100.0).min(99.0),
                    r as f64 / secs
                );
            }
        })
    };
    let result = write(&state.pool, lines, from, to, plan.seed, progress).await;
    ticker.abort();
    let written = result?;
    // What went out: each order's batches to a customer, as the weighbridge records it.
    let mut delivered = 0;
    for (id, code) in &shipped {
        delivered += db::deliveries::backfill(&state.pool, id, code, from, to).await?;
    }
    tracing::info!(delivered, "history deliveries written");
    let audited = audit_history(&state.pool, &shipped, from, to).await?;
    tracing::info!(audited, "history audit entries written");
    // Reports planned on the statistics of an empty plant would scan what the load just wrote.
    db::ingest::analyze(&state.pool)
        .await
        .context("analysing the loaded tables")?;
    let secs = started.elapsed().as_secs_f64();
    println!(
        "backfill: {} days of {} lines, {from} to {to}: {} batches, {} rows in {secs:.0} s ({:.0} rows/s)",
        plan.days,
        plan.lines,
        written.batches,
        written.rows,
        written.rows as f64 / secs
    );
    Ok(())
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod history_tests;
