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
    /// The simulated controllers' OPC UA server, when the plant is reached through it.
    _server: Option<sim::OpcuaPlant>,
}

/// How the plant's data and orders travel.
#[derive(Clone, Copy, PartialEq)]
enum Path {
    /// The simulator publishes to the bus and reads the order board itself.
    Direct,
    /// The simulator plays the lines' controllers on an OPC UA server; `batchline connect`
    /// takes their records and values and hands them their orders (docs/plant-interface.md).
    Opcua,
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
    start_on(pool, Path::Direct).await
}

async fn start_on(pool: PgPool, path: Path) -> Plant {
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
            app::orders::transition(&state, ACTOR, o.id, Status::Cancelled, None)
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
    let js = async_nats::jetstream::new(client.clone());
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
    tokio::spawn(app::alarms::handling::keep_current(
        state.clone(),
        app::board::SWEEP_EVERY,
        token.clone().cancelled_owned(),
    ));
    let configured = crate::live::configured_lines(&pool).await;
    let server = match path {
        Path::Direct => None,
        Path::Opcua => {
            let dir = std::env::temp_dir().join(format!("batchline-plant-{}", Uuid::now_v7()));
            let server = sim::opcua::PlantServer::start(sim::opcua::Options {
                port: 0,
                pki_dir: dir.join("server-pki"),
                users: Vec::new(),
            })
            .await
            .unwrap();
            let server = sim::OpcuaPlant(std::sync::Arc::new(server));
            let code = &configured
                .iter()
                .find(|l| l.id == line.to_string())
                .unwrap()
                .code;
            let input = crate::simulated::simulated_connection(&server, line, code);
            app::connections::create(&state, ACTOR, &input)
                .await
                .unwrap();
            tokio::spawn(connect::run(
                client.clone(),
                connect::Options::new(dir.join("connector")),
                token.clone(),
            ));
            Some(server)
        }
    };
    let sim = sim::Config {
        configured,
        board: true,
        upsets: false,
        speed: 2000.0,
        opcua: server.clone(),
        ..Default::default()
    };
    tokio::spawn(sim::run(js, sim, token.clone().cancelled_owned()));
    Plant {
        state,
        token,
        line,
        recipe,
        _nats: nats,
        _server: server,
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
        let signer = app::signatures::Signer::tool(ACTOR);
        app::orders::transition(
            &self.state,
            ACTOR,
            order.id,
            Status::Released,
            Some(&signer),
        )
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
    app::orders::transition(&plant.state, ACTOR, held, Status::OnHold, None)
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

/// A dose: material, bin, lot, setpoint, actual, tolerance, in tolerance.
type Dose = (String, Option<String>, Option<String>, f64, f64, f64, bool);

/// What a completed order left in the database, times and ids aside: its batches, each dose,
/// each mixing step, and the material report's totals.
#[derive(Debug, PartialEq)]
struct Produced {
    batches: Vec<(String, f64, Option<f64>)>,
    doses: Vec<Dose>,
    mixing: Vec<(String, f64, f64)>,
    totals: Vec<(String, i64, f64, f64)>,
}

async fn produced(pool: &PgPool, order: Uuid) -> Produced {
    let id = order.to_string();
    Produced {
        batches: rows(
            pool,
            "select status, target_kg, actual_kg from production_batch
              where production_schedule_id = $1 order by started_at",
            &id,
        )
        .await,
        doses: rows(
            pool,
            "select w.material_id, w.bin_id, w.lot, w.setpoint_kg, w.actual_kg, w.tolerance_kg,
                    w.in_tolerance
               from weighing w join production_batch b on b.line_id = w.line_id and b.batch_id = w.batch_id
              where b.production_schedule_id = $1 order by w.time, w.material_id",
            &id,
        )
        .await,
        mixing: rows(
            pool,
            "select m.mixing_action_id, m.planned_s, m.actual_s
               from mixing m join production_batch b on b.line_id = m.line_id and b.batch_id = m.batch_id
              where b.production_schedule_id = $1 order by m.time, m.mixing_action_id",
            &id,
        )
        .await,
        // Every order's: each database holds one.
        totals: sqlx::query_as(
            "select material_id, sum(doses)::int8, round(sum(setpoint_kg)::numeric, 6)::float8,
                    round(sum(actual_kg)::numeric, 6)::float8
               from report_material_hour group by material_id order by material_id",
        )
        .fetch_all(pool)
        .await
        .unwrap(),
    }
}

/// The rows `sql` answers for the order `id` (its `$1`).
async fn rows<T>(pool: &PgPool, sql: &'static str, id: &str) -> Vec<T>
where
    T: for<'r> sqlx::FromRow<'r, sqlx::postgres::PgRow> + Send + Unpin,
{
    sqlx::query_as(sql).bind(id).fetch_all(pool).await.unwrap()
}

/// Waits (at most 120 s) until the order's doses and mixing steps are all stored: records of
/// the batching interface come channel by channel, so the batch end may be stored before the
/// last doses.
async fn records_stored(pool: &PgPool, order: Uuid, doses: i64, steps: i64) {
    let id = order.to_string();
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let (d, m): (i64, i64) = sqlx::query_as(
            "select (select count(*) from weighing w join production_batch b
                      on b.line_id = w.line_id and b.batch_id = w.batch_id
                     where b.production_schedule_id = $1),
                    (select count(*) from mixing m join production_batch b
                      on b.line_id = m.line_id and b.batch_id = m.batch_id
                     where b.production_schedule_id = $1)",
        )
        .bind(&id)
        .fetch_one(pool)
        .await
        .unwrap();
        if d >= doses && m >= steps {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{d} of {doses} doses and {m} of {steps} mixing steps stored"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A database of its own beside the test's, migrated, dropped when the test ends.
async fn second_database(pool: &PgPool) -> (PgPool, String) {
    let name = format!("plant_{}", Uuid::now_v7().simple());
    sqlx::query(sqlx::AssertSqlSafe(format!("create database {name}")))
        .execute(pool)
        .await
        .unwrap();
    let options = (*pool.connect_options()).clone().database(&name);
    let other = sqlx::postgres::PgPoolOptions::new()
        .max_connections(10)
        .connect_with(options)
        .await
        .unwrap();
    db::MIGRATOR.run(&other).await.unwrap();
    (other, name)
}

/// The same order, run by the same seeded plant, once straight onto the bus and once through
/// its controllers' OPC UA server and `batchline connect`: the database holds the same
/// batches, doses, mixing steps and report totals.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn through_opc_ua_the_plant_stores_what_it_stores_directly(pool: PgPool) {
    let direct = {
        let plant = start_on(pool.clone(), Path::Direct).await;
        let id = plant.order("PO-EQ", 3).await;
        plant
            .until(id, "completed", |o| o.status == Status::Completed)
            .await;
        produced(&pool, id).await
    };
    let (other, name) = second_database(&pool).await;
    let via_opcua = {
        let plant = start_on(other.clone(), Path::Opcua).await;
        let id = plant.order("PO-EQ", 3).await;
        plant
            .until(id, "completed", |o| o.status == Status::Completed)
            .await;
        records_stored(
            &other,
            id,
            direct.doses.len() as i64,
            direct.mixing.len() as i64,
        )
        .await;
        produced(&other, id).await
    };
    other.close().await;
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "drop database {name} with (force)"
    )))
    .execute(&pool)
    .await
    .unwrap();
    assert_eq!(direct.batches.len(), 3);
    assert!(!direct.doses.is_empty() && !direct.mixing.is_empty());
    assert_eq!(direct, via_opcua);
}

/// Through OPC UA, a hold reaches the controller as a command: the current batch ends, no
/// other starts.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn through_opc_ua_an_order_on_hold_stops_after_its_current_batch(pool: PgPool) {
    let plant = start_on(pool, Path::Opcua).await;
    let held = plant.order("PO-HOLD", 50).await;
    plant
        .until(held, "running", |o| o.status == Status::Running)
        .await;
    app::orders::transition(&plant.state, ACTOR, held, Status::OnHold, None)
        .await
        .unwrap();
    let next = plant.order("PO-NEXT", 2).await;
    plant
        .until(next, "completed", |o| o.status == Status::Completed)
        .await;
    let o = plant.order_row(held).await;
    assert_eq!(o.status, Status::OnHold);
    assert!(o.batches_done < 50, "{} batches", o.batches_done);
    let n = plant.batches(held).await.len();
    assert!(n < 50);
}
