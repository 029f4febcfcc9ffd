//! Live SPC: each completed batch is judged once against the live saved sets of its line (the
//! batch SPC graph's `BATCH` sets with `live`), the run rules it breaks kept in `spc_violation`
//! and, once committed, published on the core NATS subject `spc.<line>` for the stream service
//! to push on `line:<id>:spc`.
//!
//! A batch waits until its row has been still for [`SETTLE`] (its last doses may commit in the
//! other writer just after its end), so a violation is pushed well within 2 s of the batch's
//! end. `spc_checked_at` marks a judged batch: after a restart the pending ones are judged
//! then, in end order. A batch stored more than [`NEWS`] after it ended (a backlog replayed
//! after a long outage) is marked without judging: it is history for the report's chart, not
//! news for the wall.

use std::collections::HashMap;
use std::time::Duration;

use chrono::{DateTime, Utc};
use db::spc::{Pending, Point, Set, Subject};
use model::spc::{ChartKind, KeptViolation, Limits, Rule};
use sqlx::PgPool;
use uuid::Uuid;

/// How long a completed batch's row must be unchanged before it is judged.
pub const SETTLE: Duration = Duration::from_millis(200);
/// How often pending batches are looked for.
pub const TICK: Duration = Duration::from_millis(250);
/// A batch that ended longer ago than this when judged is marked, not judged.
pub const NEWS: chrono::Duration = chrono::Duration::hours(24);
/// Points of history a new point is judged with (the longest rule, Nelson 7, needs 15).
const HISTORY: usize = 20;

/// Judges pending batches every [`TICK`] until dropped; errors are logged and retried.
pub async fn judge_loop(pool: PgPool, nats: async_nats::Client) {
    let mut judge = Judge::default();
    let mut every = tokio::time::interval(TICK);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let js = async_nats::jetstream::new(nats.clone());
    let mut events: Option<bus::events::EventLog> = None;
    loop {
        every.tick().await;
        if events.is_none() {
            events = bus::events::EventLog::open(&js).await.ok();
        }
        match judge.pending(&pool).await {
            Ok(found) => {
                for v in &found {
                    metrics::counter!("ingest_spc_violations_total").increment(1);
                    bus::spc::announce(&nats, v).await;
                }
                // Into the plant's event log too (a violation is judged once: one published,
                // or none when the log is unreachable, which the SPC report does not need).
                let logged: Vec<_> = found
                    .iter()
                    .map(|v| model::live::LiveEvent::Spc {
                        violation: v.clone(),
                    })
                    .collect();
                if let (Some(log), false) = (&events, logged.is_empty())
                    && let Err(e) = log.publish(&logged).await
                {
                    tracing::warn!("logging SPC violations as events failed: {e:#}");
                }
            }
            Err(e) => tracing::warn!("judging completed batches for SPC failed: {e:#}"),
        }
    }
}

/// A live set with what judging needs: its limits from the baseline and its recipe versions.
struct Ready {
    set: Set,
    subject: Subject,
    kind: ChartKind,
    rules: Vec<Rule>,
    /// `None` when the baseline holds too few points for limits (nothing is judged).
    limits: Option<Limits>,
}

/// The judge, keeping each set's limits until the set changes.
#[derive(Default)]
pub struct Judge {
    ready: HashMap<Uuid, (DateTime<Utc>, std::sync::Arc<Ready>)>,
}

impl Judge {
    /// Judges the pending batches (up to 200 a call) and returns the violations newly kept.
    pub async fn pending(&mut self, pool: &PgPool) -> anyhow::Result<Vec<KeptViolation>> {
        let mut tx = pool.begin().await?;
        let batches = db::spc::pending(&mut tx, SETTLE, 200).await?;
        if batches.is_empty() {
            return Ok(Vec::new());
        }
        let sets = self.sets(pool).await?;
        let now = Utc::now();
        let mut found = Vec::new();
        for b in batches.iter().filter(|b| now - b.ended_at <= NEWS) {
            for r in sets
                .iter()
                .filter(|r| r.set.line_id.to_string() == b.line_id)
            {
                for v in judge(pool, r, b, now).await? {
                    let row = db::spc::Violation {
                        id: Uuid::new_v4(),
                        set_id: r.set.id,
                        set_name: r.set.name.clone(),
                        subject: r.set.subject.clone(),
                        code: v.code.clone(),
                        line_id: v.line_id.clone(),
                        batch_id: v.batch_id.clone(),
                        point_at: v.point_at,
                        point_seq: v.point_seq,
                        value: v.value,
                        rule: v.rule.code().into(),
                        center: v.center,
                        sigma: v.sigma,
                        detected_at: now,
                    };
                    if db::spc::keep(&mut *tx, &row).await? {
                        found.push(v);
                    }
                }
            }
        }
        let done: Vec<(String, String)> = batches
            .iter()
            .map(|b: &Pending| (b.line_id.clone(), b.batch_id.clone()))
            .collect();
        db::spc::checked(&mut tx, &done).await?;
        tx.commit().await?;
        Ok(found)
    }

    /// The live sets, their limits computed again only for a set changed since.
    async fn sets(&mut self, pool: &PgPool) -> anyhow::Result<Vec<std::sync::Arc<Ready>>> {
        let sets = db::spc::live_sets(pool).await?;
        let mut out = Vec::with_capacity(sets.len());
        for set in sets {
            if let Some((at, r)) = self.ready.get(&set.id)
                && *at == set.updated_at
            {
                out.push(r.clone());
                continue;
            }
            let (id, at) = (set.id, set.updated_at);
            let r = std::sync::Arc::new(ready(pool, set).await?);
            self.ready.insert(id, (at, r.clone()));
            out.push(r);
        }
        self.ready
            .retain(|id, _| out.iter().any(|r: &std::sync::Arc<Ready>| r.set.id == *id));
        Ok(out)
    }
}

async fn ready(pool: &PgPool, set: Set) -> anyhow::Result<Ready> {
    let recipes = match set.recipe_id {
        Some(r) => Some(db::reports::recipe_versions(pool, r).await?),
        None => None,
    };
    let subject = Subject {
        kind: set.subject.clone(),
        material: set.material_code.clone(),
        scale: set.scale_code.clone(),
        parameter: set.parameter_code.clone(),
        recipes,
    };
    let kind = set.chart;
    let line = set.line_id.to_string();
    let base = db::spc::points(pool, &line, &subject, set.baseline_from, set.baseline_to).await?;
    let values: Vec<f64> = base.iter().map(|p| p.value).collect();
    let limits = match kind {
        ChartKind::Individuals => model::spc::individuals_limits(&values).map(|l| l.0),
        ChartKind::XbarR => {
            model::spc::xbar_r_limits(&model::spc::subgroups(&values, set.subgroup as usize))
                .map(|l| l.0)
        }
    };
    let rules = set.rules.iter().filter_map(|r| Rule::parse(r)).collect();
    Ok(Ready {
        set,
        subject,
        kind,
        rules,
        limits,
    })
}

/// The violations batch `b` causes on set `r`'s chart: its points judged after the points
/// before them (an X̄-R chart's subgroups counted back from the newest point).
async fn judge(
    pool: &PgPool,
    r: &Ready,
    b: &Pending,
    now: DateTime<Utc>,
) -> anyhow::Result<Vec<KeptViolation>> {
    let Some(limits) = &r.limits else {
        return Ok(Vec::new());
    };
    if r.rules.is_empty() {
        return Ok(Vec::new());
    }
    let n = match r.kind {
        ChartKind::Individuals => 1,
        ChartKind::XbarR => r.set.subgroup.max(1) as usize,
    };
    let until = b.ended_at + chrono::Duration::microseconds(1);
    let mut points = db::spc::points(
        pool,
        &b.line_id,
        &r.subject,
        until - chrono::Duration::days(7),
        until,
    )
    .await?;
    let Some(first) = points
        .iter()
        .position(|p| p.batch_id.as_deref() == Some(&b.batch_id))
    else {
        return Ok(Vec::new());
    };
    // The batch's points and up to HISTORY plotted points before them, whole subgroups only.
    let last = points
        .iter()
        .rposition(|p| p.batch_id.as_deref() == Some(&b.batch_id))
        .unwrap_or(first);
    points.truncate(last + 1);
    let keep = ((points.len() - first).div_ceil(n) + HISTORY) * n;
    let start = points.len().saturating_sub(keep);
    let start = start + (points.len() - start) % n;
    let points: &[Point] = &points[start..];
    // One plotted value per point (individuals) or per subgroup, with the point it ends on.
    let plotted: Vec<(f64, &Point)> = points
        .chunks_exact(n)
        .map(|g| {
            let mean = g.iter().map(|p| p.value).sum::<f64>() / g.len() as f64;
            (mean, &g[g.len() - 1])
        })
        .collect();
    let values: Vec<f64> = plotted.iter().map(|(v, _)| *v).collect();
    let from = plotted
        .iter()
        .position(|(_, p)| p.batch_id.as_deref() == Some(&b.batch_id))
        .unwrap_or(values.len());
    let code = r
        .set
        .parameter_code
        .clone()
        .or_else(|| r.set.material_code.clone());
    Ok(model::spc::judge(&values, limits, &r.rules, from)
        .into_iter()
        .filter_map(|v| {
            let (value, p) = plotted.get(v.index)?;
            (p.batch_id.as_deref() == Some(&b.batch_id)).then(|| KeptViolation {
                set_id: r.set.id.to_string(),
                set_name: r.set.name.clone(),
                subject: r.set.subject.clone(),
                code: code.clone(),
                line_id: b.line_id.clone(),
                batch_id: b.batch_id.clone(),
                point_at: p.at,
                point_seq: p.seq,
                value: *value,
                rule: v.rule,
                center: limits.center,
                sigma: limits.sigma,
                detected_at: now,
            })
        })
        .collect())
}
