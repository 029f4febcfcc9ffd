//! The plant takes its orders over NATS: on real NATS (JetStream) and Postgres, with ingest, the
//! order board and the simulator running as `batchline all` runs them (speeded up), a released
//! order is run to COMPLETED batch by batch from its control recipe, and an order put on hold
//! stops after its current batch.

use std::time::{Duration, Instant};

use app::App;
use model::schedule::Status;
use model::wire::BatchStatus;
use sqlx::PgPool;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

struct Plant {
    state: App,
    token: CancellationToken,
    line: Uuid,
    recipe: Uuid,
    _nats: testkit::NatsServer,
}

impl Drop for Plant {
    fn drop(&mut self) {
        self.token.cancel();
    }
}

const ACTOR: &str = "planner@plant.test";

/// The demo plant with its seeded orders cancelled, and ingest, the board and the simulator
/// running.
async fn start(pool: PgPool) -> Plant {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::new("warn,sim=info,api=info"))
        .with_test_writer()
        .try_init();
    let nats = testkit::NatsServer::start().await;
    let client = nats.client().await;
    let state = App::new(pool.clone(), Some(client.clone()));
    demo::seed(&state, "en").await.unwrap();
    for o in db::schedules::list(&pool, &Default::default())
        .await
        .unwrap()
    {
        if o.status == Status::Released {
            app::orders::transition(&state, ACTOR, o.id, Status::Cancelled)
                .await
                .unwrap();
        }
    }
    let lines = db::config::line_codes(&pool).await.unwrap();
    let line = Uuid::parse_str(&lines[0].0).unwrap();
    let recipe: Uuid = sqlx::query_scalar(
        "select id from recipe_group where line_id = $1 and code = 'BRG-01' and deleted_at is null",
    )
    .bind(line)
    .fetch_one(&pool)
    .await
    .unwrap();
    let token = CancellationToken::new();
    let js = async_nats::jetstream::new(client);
    tokio::spawn(ingest::run(
        pool.clone(),
        js.clone(),
        ingest::Config {
            stream: ingest::StreamSettings::small(),
            ..Default::default()
        },
        token.clone().cancelled_owned(),
    ));
    // The sweep at its real pace: every change must reach the board from its own commit.
    tokio::spawn(app::board::keep_synced(
        state.clone(),
        app::board::SWEEP_EVERY,
        token.clone().cancelled_owned(),
    ));
    let sim = sim::Config {
        configured: crate::live::configured_lines(&pool).await,
        board: true,
        upsets: false,
        speed: 2000.0,
        ..Default::default()
    };
    tokio::spawn(sim::run(js, sim, token.clone().cancelled_owned()));
    Plant {
        state,
        token,
        line,
        recipe,
        _nats: nats,
    }
}

impl Plant {
    /// Plans and releases an order of `batches` of BRG-01.
    async fn order(&self, number: &str, batches: i64) -> Uuid {
        let input = serde_json::from_value(serde_json::json!({
            "lineId": self.line, "orderNumber": number, "recipeId": self.recipe, "batches": batches,
            "plannedStart": "2026-11-24T06:00:00Z",
        }))
        .unwrap();
        let order = app::orders::plan(&self.state, ACTOR, input, model::Lang::En)
            .await
            .unwrap();
        app::orders::transition(&self.state, ACTOR, order.id, Status::Released)
            .await
            .unwrap();
        order.id
    }

    async fn order_row(&self, id: Uuid) -> db::schedules::Order {
        db::schedules::get(&self.state.pool, id)
            .await
            .unwrap()
            .unwrap()
    }

    /// Waits (polling, at most 120 s) until `ok` holds for the order.
    async fn until(&self, id: Uuid, what: &str, ok: impl Fn(&db::schedules::Order) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            let o = self.order_row(id).await;
            if ok(&o) {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "{what}: order {} still {} with {} batches done",
                o.order_number,
                o.status.as_str(),
                o.batches_done
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    async fn batches(&self, id: Uuid) -> Vec<db::schedules::Batch> {
        db::schedules::batches(&self.state.pool, id).await.unwrap()
    }
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_released_order_runs_to_completed_from_its_control_recipe(pool: PgPool) {
    let plant = start(pool.clone()).await;
    let id = plant.order("PO-3", 3).await;
    plant
        .until(id, "completed", |o| o.status == Status::Completed)
        .await;
    let order = plant.order_row(id).await;
    let control = order.control_recipe.clone().unwrap().0;
    let batches = plant.batches(id).await;
    assert_eq!(batches.len(), 3);
    assert_eq!(order.batches_done, 3);
    for b in &batches {
        assert_eq!(b.status, BatchStatus::Complete);
        assert_eq!(b.recipe_id, order.recipe_id.unwrap().to_string());
        assert_eq!(b.recipe_version, order.recipe_version.unwrap());
        assert!(b.started_at.is_some() && b.ended_at.is_some());
    }
    let names: Vec<Option<String>> = sqlx::query_scalar(
        "select distinct schedule_name from production_batch where production_schedule_id = $1",
    )
    .bind(id.to_string())
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(names, [Some(order.name.clone())]);
    // Every dose follows the control recipe: its setpoint, within its tolerance.
    let doses: Vec<(String, f64, f64, f64)> = sqlx::query_as(
        "select w.material_id, w.setpoint_kg, w.deviation_kg, w.tolerance_kg from weighing w
         join production_batch b on b.line_id = w.line_id and b.batch_id = w.batch_id
         where b.production_schedule_id = $1",
    )
    .bind(id.to_string())
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(doses.len(), 3 * control.weighings.len());
    for (material, setpoint, deviation, tolerance) in doses {
        let planned = control
            .weighings
            .iter()
            .find(|w| w.material_code == material)
            .unwrap_or_else(|| panic!("{material} is not in the control recipe"));
        assert_eq!(setpoint, planned.setpoint_kg, "{material}");
        assert!(tolerance >= planned.tolerance_kg, "{material}");
        assert!(
            deviation.abs() <= tolerance,
            "{material}: {deviation} kg off, tolerance {tolerance} kg"
        );
    }
    let produced: f64 = batches.iter().filter_map(|b| b.actual_kg).sum();
    assert!((order.produced_kg - produced).abs() < 1e-6);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn an_order_on_hold_stops_after_its_current_batch(pool: PgPool) {
    let plant = start(pool).await;
    let held = plant.order("PO-HOLD", 50).await;
    plant
        .until(held, "running", |o| o.status == Status::Running)
        .await;
    app::orders::transition(&plant.state, ACTOR, held, Status::OnHold)
        .await
        .unwrap();
    // The batch running when the hold came finishes…
    let deadline = Instant::now() + Duration::from_secs(120);
    while plant
        .batches(held)
        .await
        .iter()
        .any(|b| b.status == BatchStatus::Running)
    {
        assert!(Instant::now() < deadline, "the current batch never ended");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let n = plant.batches(held).await.len();
    assert!(n < 50);
    // …and the line goes on with the next order while the held one starts no other batch.
    let next = plant.order("PO-NEXT", 2).await;
    plant
        .until(next, "completed", |o| o.status == Status::Completed)
        .await;
    assert_eq!(plant.batches(held).await.len(), n);
    let o = plant.order_row(held).await;
    assert_eq!(o.status, Status::OnHold);
    assert!(o.batches_done < 50);
}
