//! Production schedules on the recipes fixture line: a recipe released to production per
//! medication class, orders planned, moved through their life cycle, guarded against
//! carry-over, and progressed by batches as ingest stores them.

mod board;
mod carry;
mod lifecycle;

use serde_json::{Value, json};

use crate::harness::{Answer, TestApp};
use crate::recipes::{Fixture, Line, id};

pub struct Plan<'a> {
    pub f: Fixture<'a>,
    pub line: Line,
}

impl<'a> Plan<'a> {
    pub async fn new(app: &'a TestApp) -> Plan<'a> {
        let f = Fixture::new(app).await;
        let line = f.line("PL1", &[]).await;
        Plan { f, line }
    }

    /// A recipe `code` of class `class`, released to production; its version's record.
    pub async fn recipe(&self, code: &str, class: &str) -> Value {
        let mut body = self.f.body(&self.line, code);
        body["medicationClass"] = json!(class);
        let v = self.f.add(body).await;
        self.f.release(&id(&v), 1).await.ok();
        self.f.release(&id(&v), 2).await.ok()["data"].clone()
    }

    pub fn order(&self, number: &str, recipe: &Value, batches: i64) -> Value {
        json!({
            "lineId": self.line.id, "orderNumber": number, "recipeId": id(recipe),
            "batches": batches, "plannedStart": "2026-11-24T06:00:00Z",
        })
    }

    pub async fn add(&self, body: Value) -> Answer {
        self.f.post("/api/productionschedules/add", body).await
    }

    /// Moves `order` to `status` as the super user, signing the release of a medicated order
    /// (issue 35).
    pub async fn status(&self, order: &str, status: &str) -> Answer {
        let mut body = json!({ "status": status });
        if status == "RELEASED" {
            let o = self
                .f
                .get(&format!("/api/productionschedules/{order}"))
                .await;
            if o.body["data"]["medicationClass"]
                .as_str()
                .is_some_and(|c| c != "NONE")
            {
                body["signature"] =
                    json!({"password": crate::harness::SUPER_PASSWORD, "meaning": "APPROVED"});
            }
        }
        self.f
            .post(&format!("/api/productionschedules/status/{order}"), body)
            .await
    }

    pub async fn get(&self, order: &str) -> Value {
        self.f
            .get(&format!("/api/productionschedules/{order}"))
            .await
            .ok()["data"]
            .clone()
    }

    /// A batch of `order` as ingest stores it (`status` RUNNING, COMPLETE or ABORTED), then the
    /// progress refresh ingest runs in the same transaction.
    pub async fn batch(&self, order: &str, batch: &str, status: &str, kg: f64) {
        let pool = &self.f.app.state.pool;
        sqlx::query(
            "insert into production_batch (line_id, batch_id, production_schedule_id, recipe_id, recipe_version,
                started_at, ended_at, status, target_kg, actual_kg)
             values ($1, $2, $3, 'r', 1, now(), case when $4 = 'RUNNING' then null else now() end, $4, 1000, $5)
             on conflict (line_id, batch_id) do update set status = excluded.status, ended_at = excluded.ended_at,
                actual_kg = excluded.actual_kg",
        )
        .bind(&self.line.id)
        .bind(batch)
        .bind(order)
        .bind(status)
        .bind((status != "RUNNING").then_some(kg))
        .execute(pool)
        .await
        .unwrap();
        let mut conn = pool.acquire().await.unwrap();
        db::schedules::refresh_progress(&mut conn, &[order.to_string()])
            .await
            .unwrap();
    }
}
