//! The year of history (4) reads: loaded once by `batchline backfill` into its own database and
//! kept for later runs.

use std::time::Instant;

use anyhow::Context;

pub(super) async fn load(base: &str, name: &str, days: u64, lines: u64) -> anyhow::Result<String> {
    let url = match base.rsplit_once('/') {
        Some((prefix, _)) => format!("{prefix}/{name}"),
        None => anyhow::bail!("DATABASE_URL has no database name"),
    };
    let admin = db::connect(base, 1).await?;
    let exists: bool =
        sqlx::query_scalar("select exists (select 1 from pg_database where datname = $1)")
            .bind(name)
            .fetch_one(&admin)
            .await?;
    let reload = std::env::var("BENCH_RELOAD").is_ok_and(|v| v == "1");
    if exists && !reload {
        let pool = db::connect(&url, 1).await?;
        let batches: i64 = sqlx::query_scalar("select count(*) from production_batch")
            .fetch_one(&pool)
            .await
            .unwrap_or(0);
        // History loaded before lots were traced (issue 33) has none: load it again.
        let lots: i64 = sqlx::query_scalar("select count(*) from lot")
            .fetch_one(&pool)
            .await
            .unwrap_or(0);
        pool.close().await;
        if batches > 0 && lots > 0 {
            println!(
                "    history: {name}, loaded earlier ({batches} batches; BENCH_RELOAD=1 loads it again)"
            );
            return Ok(url);
        }
    }
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "drop database if exists {name} with (force)"
    )))
    .execute(&admin)
    .await?;
    sqlx::query(sqlx::AssertSqlSafe(format!("create database {name}")))
        .execute(&admin)
        .await?;
    admin.close().await;
    let exe = std::env::current_exe()?.with_file_name("batchline");
    let t = Instant::now();
    let (run, db_url) = (exe.clone(), url.clone());
    let out = tokio::task::spawn_blocking(move || {
        std::process::Command::new(&run)
            .args([
                "backfill",
                "--days",
                &days.to_string(),
                "--lines",
                &lines.to_string(),
            ])
            .env("DATABASE_URL", &db_url)
            .env("LOG", "warn")
            .output()
    })
    .await?
    .with_context(|| format!("running {}", exe.display()))?;
    anyhow::ensure!(
        out.status.success(),
        "backfill failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let last = String::from_utf8_lossy(&out.stdout)
        .lines()
        .last()
        .unwrap_or_default()
        .to_string();
    println!(
        "    history loaded in {:.0} s (goal for 365 days × 8 lines ≤ 900 s): {last}",
        t.elapsed().as_secs_f64()
    );
    Ok(url)
}
