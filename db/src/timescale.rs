//! TimescaleDB where the server can load it, plain tables everywhere else (decision 72).
//!
//! The extension can be created only when it is installed *and* preloaded
//! (`shared_preload_libraries`). Right after a package install it is installed and not yet
//! preloaded; the landed migration `20261123000100_production.sql` asked only whether it was
//! installed, so there `create extension` failed and no migration after it ran. `sql/` is
//! append-only once landed, so [`corrected`] applies that file with the guard it meant, under
//! the checksum of the file as it is: for every database where the file as landed succeeded
//! (TimescaleDB absent, or present and preloaded) the two guards agree, so nothing that ran
//! before runs differently now.

/// The nine production series (sql/20261123000100_production.sql), each keyed by `(id, time)`:
/// the tables that become hypertables.
pub const SERIES: [&str; 9] = [
    "weighing",
    "mixing",
    "process_sample",
    "pressure_reading",
    "alarm_event",
    "line_state",
    "batch_event",
    "bin_movement",
    "calibration_check",
];

use sqlx::migrate::{Migration, Migrator};
use sqlx::{AssertSqlSafe, PgPool, SqlSafeStr};

/// The migration that creates the production series.
const PRODUCTION: i64 = 20261123000100;
/// Its guard as landed: "TimescaleDB is installed".
const LANDED_GUARD: &str =
    "exists (select 1 from pg_available_extensions where name = 'timescaledb')";
/// The guard it meant: "TimescaleDB can be created", installed and preloaded. Written out, since
/// the function `batchline_timescaledb_loadable` of a later migration does not exist yet then.
const LOADABLE_GUARD: &str = "exists (select 1 from pg_available_extensions where name = 'timescaledb') \
     and 'timescaledb' = any (string_to_array(replace(current_setting('shared_preload_libraries'), ' ', ''), ','))";

/// The migrations of `sql/` with the production migration's guard corrected.
///
/// # Panics
/// When that migration no longer holds its landed guard exactly once: the correction would then
/// silently do nothing, and every test that migrates a database fails here instead.
pub(crate) fn corrected(sql: &Migrator) -> Migrator {
    let migrations = sql
        .migrations
        .iter()
        .map(|m| {
            if m.version != PRODUCTION {
                return m.clone();
            }
            let text = m.sql.as_str();
            assert_eq!(
                text.matches(LANDED_GUARD).count(),
                1,
                "migration {PRODUCTION} no longer holds its landed TimescaleDB guard"
            );
            let fixed = AssertSqlSafe(text.replace(LANDED_GUARD, LOADABLE_GUARD)).into_sql_str();
            Migration {
                sql: fixed,
                ..m.clone()
            }
        })
        .collect();
    Migrator::with_migrations(migrations)
}

/// What [`configure`] found on the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Timescale {
    /// The series are hypertables; chunks older than seven days compress.
    Hypertables,
    /// Installed but not in `shared_preload_libraries`: the series are plain tables.
    NotPreloaded,
    /// Not installed: the series are plain tables.
    NotInstalled,
}

/// Puts the series on TimescaleDB where the server can load it (converting plain tables that
/// hold rows, when the server gained it later), with compression after seven days and, when
/// `retention_days` is set, a retention policy that drops chunks older than that; without it,
/// any retention policy is removed. Idempotent: every service calls it at start.
pub async fn configure(
    pool: &PgPool,
    retention_days: Option<u32>,
) -> Result<Timescale, sqlx::Error> {
    let days = retention_days.map(|d| i32::try_from(d).unwrap_or(i32::MAX));
    let found: String =
        sqlx::query_scalar!(r#"select batchline_timescaledb($1) as "found!""#, days)
            .fetch_one(pool)
            .await?;
    Ok(match found.as_str() {
        "hypertables" => Timescale::Hypertables,
        "not preloaded" => Timescale::NotPreloaded,
        _ => Timescale::NotInstalled,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_production_migration_is_applied_with_the_loadable_guard_under_its_own_checksum() {
        let sql = &crate::SQL;
        let fixed = corrected(sql);
        assert_eq!(fixed.migrations.len(), sql.migrations.len());
        for (a, b) in sql.migrations.iter().zip(fixed.migrations.iter()) {
            assert_eq!(a.version, b.version);
            assert_eq!(
                a.checksum, b.checksum,
                "a recorded checksum must still match"
            );
            if a.version == PRODUCTION {
                assert!(!b.sql.as_str().contains(&format!("if {LANDED_GUARD} then")));
                assert!(b.sql.as_str().contains(LOADABLE_GUARD));
            } else {
                assert_eq!(a.sql.as_str(), b.sql.as_str());
            }
        }
    }
}
