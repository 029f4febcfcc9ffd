//! The count at the end of a chaos run: every published id against the nine series, the
//! rollups against the raw rows.

use std::time::Duration;

use crate::procs::published_log;
use crate::settings::Settings;

/// Counts the published ids against the database; prints lost, doubled and the rollup checks.
pub async fn count(s: &Settings) -> anyhow::Result<bool> {
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(2)
        .connect(&s.database_url)
        .await?;
    let ids = tokio::fs::read(published_log(s)).await?;
    // Until nothing is missing, or the redeliveries had time to come (a killed ingest's
    // messages return after the 5 s ack wait).
    let t = db::ingest::check::tally(&pool, ids, Duration::from_secs(60)).await?;
    let mismatches = db::ingest::check::rollup_mismatches(&pool).await?;
    pool.close().await;
    println!(
        "  published (acknowledged by JetStream) {} samples ({} distinct ids); stored {}",
        t.published, t.distinct, t.stored
    );
    println!("  lost    {:>8}   (goal 0)", t.lost);
    println!("  doubled {:>8}   (goal 0)", t.doubled);
    println!(
        "  stored without the simulator seeing its acknowledgement (in flight when it stopped): {}",
        t.extra
    );
    println!(
        "  report rollups and batch summaries against the raw rows: {}",
        if mismatches.is_empty() {
            "all agree".to_string()
        } else {
            format!("{} differ", mismatches.len())
        }
    );
    for m in &mismatches {
        println!("    {m}");
    }
    Ok(t.lost == 0 && t.doubled == 0 && t.published == t.distinct && mismatches.is_empty())
}
