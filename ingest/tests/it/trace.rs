//! Lot tracing in ingest's write (issue 33): fills put lot portions into bins, doses take them
//! first in first out (or in proportion, for a bin that blends), a dose beyond what a bin held
//! is attributed to no lot and flagged, and a message written twice traces once.

use chrono::{DateTime, Duration, Utc};
use model::wire::{self, BinMovementKind, Envelope};
use sqlx::PgPool;
use uuid::Uuid;

/// A line with bins `FIFO1` (first in first out) and `MIX1` (mixed), both of material `CORN`,
/// a supplier, and lots `L1` and `L2` of corn; returns (line, lot L1, lot L2).
async fn plant(pool: &PgPool) -> (String, Uuid, Uuid) {
    let line = Uuid::now_v7();
    let scale = Uuid::now_v7();
    let category = Uuid::now_v7();
    let corn = Uuid::now_v7();
    let supplier = Uuid::now_v7();
    let (l1, l2) = (Uuid::now_v7(), Uuid::now_v7());
    for (sql, ids) in [
        (
            "insert into line (id, name, code, timezone) values ($1, 'Line', 'L1', 'UTC')",
            vec![line],
        ),
        (
            "insert into scale (id, line_id, name, code, scale_type, capacity_kg) values ($1, $2, 'Major', 'S1', 'MAJOR', 3000)",
            vec![scale, line],
        ),
        (
            "insert into material_category (id, line_id, name, code) values ($1, $2, 'Grain', 'GRAIN')",
            vec![category, line],
        ),
        (
            "insert into material (id, line_id, code, name, material_category_id) values ($1, $2, 'CORN', 'Corn', $3)",
            vec![corn, line, category],
        ),
        (
            "insert into bin (id, line_id, name, code, scale_id, capacity_kg, content_model, bin_materials)
             values ($1, $2, 'Fifo', 'FIFO1', $3, 40000, 'FIFO', jsonb_build_array(jsonb_build_object('materialId', $4::uuid)))",
            vec![Uuid::now_v7(), line, scale, corn],
        ),
        (
            "insert into bin (id, line_id, name, code, scale_id, capacity_kg, content_model, bin_materials)
             values ($1, $2, 'Mixed', 'MIX1', $3, 40000, 'MIXED', jsonb_build_array(jsonb_build_object('materialId', $4::uuid)))",
            vec![Uuid::now_v7(), line, scale, corn],
        ),
        (
            "insert into supplier (id, code, name) values ($1, 'AGRI', 'Agri Trade')",
            vec![supplier],
        ),
        (
            "insert into lot (id, line_id, lot_number, material_id, supplier_id, received_at, quantity_kg, status)
             values ($1, $2, 'L1', $3, $4, now() - interval '2 days', 25000, 'RELEASED')",
            vec![l1, line, corn, supplier],
        ),
        (
            "insert into lot (id, line_id, lot_number, material_id, supplier_id, received_at, quantity_kg, status)
             values ($1, $2, 'L2', $3, $4, now() - interval '1 day', 25000, 'RELEASED')",
            vec![l2, line, corn, supplier],
        ),
    ] {
        let mut q = sqlx::query(sql);
        for id in ids {
            q = q.bind(id);
        }
        q.execute(pool).await.unwrap();
    }
    (line.to_string(), l1, l2)
}

fn fill(bin: &str, lot: Option<&str>, kg: f64, at: DateTime<Utc>) -> wire::BinMovement {
    wire::BinMovement {
        id: Uuid::now_v7(),
        time: at,
        bin_id: bin.into(),
        material_id: "CORN".into(),
        lot: lot.map(str::to_string),
        delta_kg: kg,
        level_kg: kg,
        kind: BinMovementKind::Fill,
    }
}

fn dose(bin: Option<&str>, lot: Option<&str>, kg: f64, at: DateTime<Utc>) -> wire::Weighing {
    let mut w = testkit::samples::weighing("B-1", kg);
    w.time = at;
    w.bin_id = bin.map(str::to_string);
    w.lot = lot.map(str::to_string);
    w
}

/// Writes the movements and doses in one write, as ingest does with a fetched batch.
async fn write(pool: &PgPool, line: &str, moves: &[wire::BinMovement], doses: &[wire::Weighing]) {
    let mut rows = db::ingest::rows::Rows::default();
    if !moves.is_empty() {
        let e = Envelope::new(line, moves.to_vec());
        rows.add(&e.subject(), None, &serde_json::to_vec(&e).unwrap());
    }
    if !doses.is_empty() {
        let e = Envelope::new(line, doses.to_vec());
        rows.add(&e.subject(), None, &serde_json::to_vec(&e).unwrap());
    }
    assert!(rows.quarantine.is_empty(), "{:?}", rows.quarantine);
    db::ingest::write::write(pool, &rows).await.unwrap();
}

/// `(lot, kg, unknown)` of a dose, by part.
async fn parts(pool: &PgPool, dose: Uuid) -> Vec<(Option<Uuid>, f64, bool)> {
    sqlx::query_as("select lot_id, kg, unknown from dose_lot where weighing_id = $1 order by part")
        .bind(dose)
        .fetch_all(pool)
        .await
        .unwrap()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-6
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn doses_take_the_oldest_lot_first_and_a_changeover_dose_takes_from_two(pool: PgPool) {
    let (line, l1, l2) = plant(&pool).await;
    let t0 = Utc::now() - Duration::hours(2);
    let at = |s: i64| t0 + Duration::seconds(s);
    // L2 is put in after L1; the doses come in the same fetch as the second fill, in time order.
    write(
        &pool,
        &line,
        &[fill("FIFO1", Some("L1"), 600.0, at(0))],
        &[],
    )
    .await;
    let (d1, d2) = (
        dose(Some("FIFO1"), Some("L1"), 500.0, at(10)),
        dose(Some("FIFO1"), Some("L1"), 300.0, at(20)),
    );
    let late_fill = fill("fifo1", Some("l2"), 1000.0, at(5));
    write(
        &pool,
        &line,
        std::slice::from_ref(&late_fill),
        &[d1.clone(), d2.clone()],
    )
    .await;

    let p1 = parts(&pool, d1.id).await;
    assert_eq!(p1.len(), 1);
    assert_eq!(p1[0].0, Some(l1));
    assert!(close(p1[0].1, 500.0));
    let p2 = parts(&pool, d2.id).await;
    assert_eq!(p2.len(), 2, "{p2:?}");
    assert_eq!((p2[0].0, p2[1].0), (Some(l1), Some(l2)));
    assert!(close(p2[0].1, 100.0) && close(p2[1].1, 200.0), "{p2:?}");

    // Written again (a redelivery): nothing moves twice.
    write(&pool, &line, &[late_fill], &[d1.clone(), d2.clone()]).await;
    assert_eq!(parts(&pool, d2.id).await.len(), 2);
    let held: f64 = sqlx::query_scalar(
        "select sum(remaining_kg) from bin_portion where line_id = $1 and lower(bin_code) = 'fifo1'",
    )
    .bind(&line)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!(close(held, 800.0), "{held}");

    // Emptied, then dosed: the dose is of no known lot and flagged, never dropped.
    let mut empty = fill("FIFO1", None, -800.0, at(30));
    empty.kind = BinMovementKind::Empty;
    empty.level_kg = 0.0;
    let d3 = dose(Some("FIFO1"), None, 50.0, at(40));
    write(&pool, &line, &[empty], std::slice::from_ref(&d3)).await;
    assert_eq!(parts(&pool, d3.id).await, vec![(None, 50.0, true)]);
    let removed: f64 = sqlx::query_scalar("select sum(removed_kg) from bin_portion")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!(close(removed, 800.0), "{removed}");
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_mixed_bin_gives_every_lot_in_proportion(pool: PgPool) {
    let (line, l1, l2) = plant(&pool).await;
    let t0 = Utc::now() - Duration::hours(1);
    write(
        &pool,
        &line,
        &[
            fill("MIX1", Some("L1"), 300.0, t0),
            fill("MIX1", Some("L2"), 100.0, t0 + Duration::seconds(1)),
        ],
        &[],
    )
    .await;
    let d = dose(Some("MIX1"), None, 200.0, t0 + Duration::seconds(2));
    write(&pool, &line, &[], std::slice::from_ref(&d)).await;
    let p = parts(&pool, d.id).await;
    assert_eq!((p[0].0, p[1].0), (Some(l1), Some(l2)));
    assert!(close(p[0].1, 150.0) && close(p[1].1, 50.0), "{p:?}");
    // More than it holds: all of it in proportion, the rest unknown.
    let big = dose(Some("MIX1"), None, 250.0, t0 + Duration::seconds(3));
    write(&pool, &line, &[], std::slice::from_ref(&big)).await;
    let p = parts(&pool, big.id).await;
    assert_eq!(p.len(), 3, "{p:?}");
    assert!(close(p[0].1, 150.0) && close(p[1].1, 50.0) && p[2] == (None, 50.0, true));
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn unregistered_lots_and_hand_adds_are_traced_as_told(pool: PgPool) {
    let (line, l1, _) = plant(&pool).await;
    let t0 = Utc::now() - Duration::hours(1);
    // A fill naming a lot no record has: kept by its number, its doses flagged unknown.
    write(&pool, &line, &[fill("FIFO1", Some("X-99"), 100.0, t0)], &[]).await;
    let d = dose(Some("FIFO1"), None, 40.0, t0 + Duration::seconds(1));
    // A hand add (no bin) names its own lot.
    let hand = dose(None, Some("L1"), 2.5, t0 + Duration::seconds(2));
    write(&pool, &line, &[], &[d.clone(), hand.clone()]).await;
    assert_eq!(parts(&pool, d.id).await, vec![(None, 40.0, true)]);
    let number: Option<String> =
        sqlx::query_scalar("select lot_number from bin_portion where lot_id is null")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(number.as_deref(), Some("X-99"));
    assert_eq!(parts(&pool, hand.id).await, vec![(Some(l1), 2.5, false)]);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_dose_takes_only_its_own_materials_portions(pool: PgPool) {
    let (line, l1, _) = plant(&pool).await;
    let t0 = Utc::now() - Duration::hours(1);
    let mut soy = fill("FIFO1", Some("S-5"), 300.0, t0 + Duration::seconds(1));
    soy.material_id = "SOY".into();
    write(
        &pool,
        &line,
        &[fill("FIFO1", Some("L1"), 500.0, t0), soy],
        &[],
    )
    .await;
    let mut d = dose(Some("FIFO1"), None, 200.0, t0 + Duration::seconds(2));
    d.material_id = "SOY".into();
    let corn = dose(Some("FIFO1"), None, 100.0, t0 + Duration::seconds(3));
    write(&pool, &line, &[], &[d.clone(), corn.clone()]).await;
    let taken: Vec<Option<String>> = sqlx::query_scalar(
        "select p.lot_number from dose_lot d join bin_portion p on p.id = d.portion_id
          where d.weighing_id = $1 order by d.part",
    )
    .bind(d.id)
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(taken, [Some("S-5".to_string())]);
    assert_eq!(parts(&pool, corn.id).await, vec![(Some(l1), 100.0, false)]);
}
