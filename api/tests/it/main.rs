//! Integration tests of the api against the real Postgres: one fresh database per test
//! (`#[sqlx::test]` needs `DATABASE_URL`, e.g. from `scripts/services.sh env`).

mod access_matrix;
mod alarms;
mod audit;
mod auth;
mod connections;
mod contract;
mod flood;
mod general;
mod harness;
mod limits;
mod lots;
mod plant;
mod reads;
mod recipes;
mod reports;
mod schedules;
mod shift_log;
mod signatures;
mod stale;
mod subscriptions;
mod trace;
mod users;
