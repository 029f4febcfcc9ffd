//! Every status and kind column's check constraint holds exactly the values of the one Rust list
//! the code reads and writes it with: a value added to an enum without a migration (or a
//! migration that drops one the code still writes) fails here, not at the plant.

use db::tokens::Purpose;
use model::access::{Role, UserStatus};
use model::schedule::{Kind, Status};
use model::spc::ChartKind;
use model::wire::{
    AlarmState, BatchEventKind, BatchStatus, BinMovementKind, LineStateKind, Severity,
};
use sqlx::PgPool;

/// The quoted values of a check constraint, as `pg_get_constraintdef` prints it
/// (`CHECK ((status = ANY (ARRAY['PLANNED'::text, ...])))`).
async fn allowed(pool: &PgPool, constraint: &str) -> Vec<String> {
    let def: String = sqlx::query_scalar(
        "select pg_get_constraintdef(c.oid) from pg_constraint c
         join pg_namespace n on n.oid = c.connamespace
         where c.conname = $1 and n.nspname = current_schema()",
    )
    .bind(constraint)
    .fetch_one(pool)
    .await
    .unwrap_or_else(|e| panic!("constraint {constraint}: {e}"));
    let mut values: Vec<String> = def
        .split('\'')
        .skip(1)
        .step_by(2)
        .map(String::from)
        .collect();
    values.sort();
    values
}

fn sorted<'a>(values: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let mut v: Vec<String> = values.into_iter().map(String::from).collect();
    v.sort();
    v
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn every_status_and_kind_column_allows_exactly_its_rust_values(pool: PgPool) {
    let cases: Vec<(&str, Vec<String>)> = vec![
        (
            "lot_status_check",
            sorted(model::trace::LotStatus::ALL.iter().map(|s| s.as_str())),
        ),
        (
            "production_schedule_status_check",
            sorted(Status::ALL.map(Status::as_str)),
        ),
        (
            "production_schedule_kind_check",
            sorted(Kind::ALL.map(Kind::as_str)),
        ),
        ("app_user_role_check", sorted(Role::ALL.map(Role::as_str))),
        (
            "app_user_status_check",
            sorted(UserStatus::ALL.iter().map(|v| v.as_str())),
        ),
        (
            "auth_token_purpose_check",
            sorted(Purpose::ALL.map(Purpose::as_str)),
        ),
        (
            "alarm_event_severity_check",
            sorted(Severity::ALL.iter().map(|v| v.as_str())),
        ),
        (
            "alarm_config_severity_check",
            sorted(Severity::ALL.iter().map(|v| v.as_str())),
        ),
        (
            "alarm_event_state_check",
            sorted(AlarmState::ALL.iter().map(|v| v.as_str())),
        ),
        (
            "line_state_state_check",
            sorted(LineStateKind::ALL.iter().map(|v| v.as_str())),
        ),
        (
            "batch_event_event_check",
            sorted(BatchEventKind::ALL.iter().map(|v| v.as_str())),
        ),
        (
            "batch_event_status_check",
            sorted(BatchStatus::ALL.iter().map(|v| v.as_str())),
        ),
        (
            "production_batch_status_check",
            sorted(BatchStatus::ALL.iter().map(|v| v.as_str())),
        ),
        (
            "bin_movement_kind_check",
            sorted(BinMovementKind::ALL.iter().map(|v| v.as_str())),
        ),
        (
            "spc_parameter_set_chart_check",
            sorted(ChartKind::ALL.map(ChartKind::code)),
        ),
    ];
    for (constraint, rust) in cases {
        assert_eq!(
            allowed(&pool, constraint).await,
            rust,
            "{constraint} against its Rust list"
        );
    }
}
