//! The high-rate series, process samples and pressure readings (all but a few per cent of the
//! volume): stored with binary `COPY` under a savepoint, falling back to the conflict-checking
//! insert when a row exists already (decision 74).

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use model::wire;
use sqlx::PgConnection;

use crate::ingest::copy::CopyRows;
use crate::ingest::write::col;

/// Stores `data` (binary `COPY` rows, see `crate::copy`) with `statement` under a savepoint:
/// `true` when every row was new. A row that exists already (a redelivered message, or a
/// sample published twice) fails the `COPY` with a unique violation; then nothing of it stays
/// and the caller stores the rows with its conflict-checking insert instead, so each sample is
/// stored once either way.
async fn copy_new(
    tx: &mut PgConnection,
    statement: &str,
    data: Vec<u8>,
) -> Result<bool, sqlx::Error> {
    sqlx::query("savepoint copy_new").execute(&mut *tx).await?;
    let copied = async {
        let mut copy = tx.copy_in_raw(statement).await?;
        copy.send(data).await?;
        copy.finish().await
    }
    .await;
    match copied {
        Ok(_) => {
            sqlx::query("release savepoint copy_new")
                .execute(&mut *tx)
                .await?;
            Ok(true)
        }
        Err(e)
            if e.as_database_error()
                .is_some_and(|d| d.is_unique_violation()) =>
        {
            sqlx::query("rollback to savepoint copy_new")
                .execute(&mut *tx)
                .await?;
            Ok(false)
        }
        Err(e) => Err(e),
    }
}

/// How a batch's process values already stored (`t`) take in new ones (`excluded`)
/// (sql/20261130000100_batch_records.sql).
macro_rules! batch_parameter_merge {
    () => {
        "
                samples = t.samples + excluded.samples, min_value = least(t.min_value, excluded.min_value),
                max_value = greatest(t.max_value, excluded.max_value), sum_value = t.sum_value + excluded.sum_value,
                first_at = least(t.first_at, excluded.first_at), last_at = greatest(t.last_at, excluded.last_at)"
    };
}

pub(crate) async fn process(
    tx: &mut PgConnection,
    r: &[(String, wire::ProcessSample)],
) -> Result<i64, sqlx::Error> {
    let mut c = CopyRows::new(r.len(), 100);
    for (line, s) in r {
        c.row(6)
            .uuid(&s.id)
            .time(&s.time)
            .text(line)
            .opt_text(s.batch_id.as_deref())
            .text(&s.parameter_code)
            .float(s.value);
    }
    let copy = "copy process_sample (id, time, line_id, batch_id, parameter_code, value) from stdin (format binary)";
    if copy_new(tx, copy, c.finish()).await? {
        batch_parameters(tx, r).await?;
        return Ok(r.len() as i64);
    }
    sqlx::query_scalar(concat!(
        "with ins as (
            insert into process_sample (id, time, line_id, batch_id, parameter_code, value)
            select * from unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::float8[])
            on conflict do nothing
            returning time, line_id, batch_id, parameter_code, value),
         -- A batch's process values summed up (sql/20261130000100_batch_records.sql).
         bp as (
            insert into batch_parameter as t
            select line_id, batch_id, parameter_code, count(*), min(value), max(value), sum(value), min(time), max(time)
            from ins where batch_id is not null and strpos(parameter_code, '.') = 0
            group by 1, 2, 3 order by 1, 2, 3
            on conflict (line_id, batch_id, parameter_code) do update set",
        batch_parameter_merge!(),
        "
            returning 1)
         select count(*) from ins"
    ))
    .bind(col(r, |_, s| s.id))
    .bind(col(r, |_, s| s.time))
    .bind(col(r, |l, _| l.to_string()))
    .bind(col(r, |_, s| s.batch_id.clone()))
    .bind(col(r, |_, s| s.parameter_code.clone()))
    .bind(col(r, |_, s| s.value))
    .fetch_one(tx)
    .await
}

/// The batch summaries of process samples that were all new (stored by `COPY`), summed up here
/// rather than from rows an insert returned: per (line, batch, parameter) of the samples in a
/// batch, leaving out the per-material dosing traces (`SETPOINT_KG.<material>`, …).
async fn batch_parameters(
    tx: &mut PgConnection,
    r: &[(String, wire::ProcessSample)],
) -> Result<(), sqlx::Error> {
    struct Sum<'a> {
        key: (&'a str, &'a str, &'a str),
        samples: i64,
        min: f64,
        max: f64,
        sum: f64,
        first: DateTime<Utc>,
        last: DateTime<Utc>,
    }
    let mut sums: BTreeMap<(&str, &str, &str), Sum> = BTreeMap::new();
    for (line, s) in r {
        let Some(batch) = s.batch_id.as_deref() else {
            continue;
        };
        if s.parameter_code.contains('.') {
            continue;
        }
        let key = (line.as_str(), batch, s.parameter_code.as_str());
        let e = sums.entry(key).or_insert(Sum {
            key,
            samples: 0,
            min: s.value,
            max: s.value,
            sum: 0.0,
            first: s.time,
            last: s.time,
        });
        e.samples += 1;
        e.min = e.min.min(s.value);
        e.max = e.max.max(s.value);
        e.sum += s.value;
        e.first = e.first.min(s.time);
        e.last = e.last.max(s.time);
    }
    if sums.is_empty() {
        return Ok(());
    }
    let sums: Vec<Sum> = sums.into_values().collect();
    let of = |f: fn(&Sum) -> f64| sums.iter().map(f).collect::<Vec<_>>();
    sqlx::query(concat!(
        "insert into batch_parameter as t
            select * from unnest($1::text[], $2::text[], $3::text[], $4::int8[], $5::float8[], $6::float8[],
                                 $7::float8[], $8::timestamptz[], $9::timestamptz[])
            order by 1, 2, 3
            on conflict (line_id, batch_id, parameter_code) do update set",
        batch_parameter_merge!()
    ))
    .bind(sums.iter().map(|s| s.key.0).collect::<Vec<_>>())
    .bind(sums.iter().map(|s| s.key.1).collect::<Vec<_>>())
    .bind(sums.iter().map(|s| s.key.2).collect::<Vec<_>>())
    .bind(sums.iter().map(|s| s.samples).collect::<Vec<_>>())
    .bind(of(|s| s.min))
    .bind(of(|s| s.max))
    .bind(of(|s| s.sum))
    .bind(sums.iter().map(|s| s.first).collect::<Vec<_>>())
    .bind(sums.iter().map(|s| s.last).collect::<Vec<_>>())
    .execute(tx)
    .await?;
    Ok(())
}

pub(crate) async fn pressure(
    tx: &mut PgConnection,
    r: &[(String, wire::Pressure)],
) -> Result<i64, sqlx::Error> {
    let mut c = CopyRows::new(r.len(), 110);
    for (line, s) in r {
        c.row(8)
            .uuid(&s.id)
            .time(&s.time)
            .text(line)
            .opt_text(s.batch_id.as_deref())
            .opt_text(s.material_code.as_deref())
            .text(&s.sensor)
            .float(s.pressure_bar)
            .float(s.setpoint_bar);
    }
    let copy = "copy pressure_reading (id, time, line_id, batch_id, material_code, sensor, pressure_bar, setpoint_bar) \
                from stdin (format binary)";
    if copy_new(tx, copy, c.finish()).await? {
        return Ok(r.len() as i64);
    }
    sqlx::query(
        "insert into pressure_reading (id, time, line_id, batch_id, material_code, sensor, pressure_bar, setpoint_bar)
            select * from unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[],
                                 $7::float8[], $8::float8[]) on conflict do nothing",
    )
    .bind(col(r, |_, s| s.id))
    .bind(col(r, |_, s| s.time))
    .bind(col(r, |l, _| l.to_string()))
    .bind(col(r, |_, s| s.batch_id.clone()))
    .bind(col(r, |_, s| s.material_code.clone()))
    .bind(col(r, |_, s| s.sensor.clone()))
    .bind(col(r, |_, s| s.pressure_bar))
    .bind(col(r, |_, s| s.setpoint_bar))
    .execute(tx)
    .await
    .map(|r| r.rows_affected() as i64)
}
