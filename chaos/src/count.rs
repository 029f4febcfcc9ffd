//! The count at the end of a chaos run: every published id against the nine series, the
//! rollups against the raw rows.

use std::time::{Duration, Instant};

use crate::{Settings, published_log};

/// Counts the published ids against the database; prints lost, doubled and the rollup checks.
pub async fn count(s: &Settings) -> anyhow::Result<bool> {
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(2)
        .connect(&s.database_url)
        .await?;
    let mut conn = pool.acquire().await?;
    sqlx::query("create temp table published (id uuid not null)")
        .execute(&mut *conn)
        .await?;
    let ids = tokio::fs::read(published_log(s)).await?;
    let mut copy = conn.copy_in_raw("copy published (id) from stdin").await?;
    copy.send(ids).await?;
    copy.finish().await?;
    let stored = db::timescale::SERIES
        .iter()
        .map(|t| format!("select id from {t}"))
        .collect::<Vec<_>>()
        .join(" union all ");
    // Until nothing is missing, or the redeliveries had time to come (a killed ingest's
    // messages return after the 5 s ack wait).
    let missing = format!(
        "select count(*) from (select distinct id from published) p
          where not exists (select 1 from ({stored}) s where s.id = p.id)"
    );
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let lost: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(missing.clone()))
            .fetch_one(&mut *conn)
            .await?;
        if lost == 0 || Instant::now() > deadline {
            break;
        }
        tokio::time::sleep(Duration::from_secs(2)).await;
    }
    let (published, distinct): (i64, i64) =
        sqlx::query_as("select count(*), count(distinct id) from published")
            .fetch_one(&mut *conn)
            .await?;
    let (stored_n, lost, doubled, extra): (i64, i64, i64, i64) =
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "with stored as ({stored}),
                  ids as (select id, count(*) as n from stored group by id)
             select (select count(*) from stored),
                    (select count(*) from (select distinct id from published) p
                      where not exists (select 1 from ids where ids.id = p.id)),
                    (select count(*) from ids where n > 1),
                    (select count(*) from ids where not exists (select 1 from published p where p.id = ids.id))"
        )))
        .fetch_one(&mut *conn)
        .await?;
    drop(conn);
    let mismatches = ingest::check::rollup_mismatches(&pool).await?;
    pool.close().await;
    println!(
        "  published (acknowledged by JetStream) {published} samples ({distinct} distinct ids); stored {stored_n}"
    );
    println!("  lost    {lost:>8}   (goal 0)");
    println!("  doubled {doubled:>8}   (goal 0)");
    println!(
        "  stored without the simulator seeing its acknowledgement (in flight when it stopped): {extra}"
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
    Ok(lost == 0 && doubled == 0 && published == distinct && mismatches.is_empty())
}
