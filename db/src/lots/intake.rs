//! The lots the intake fills: the simulated plant's (the oldest released lot with enough left,
//! else one received), and history's weekly goods-in (`batchline backfill`).

use chrono::{DateTime, Utc};
use sqlx::PgExecutor;
use uuid::Uuid;

use crate::DbResult;

/// The oldest released lot of material `code` of line `line` with at least `kg` not yet put
/// into bins: what the (simulated) intake fills next.
pub async fn lot_for_intake(
    db: impl PgExecutor<'_>,
    line: &str,
    code: &str,
    kg: f64,
) -> DbResult<Option<String>> {
    Ok(sqlx::query_scalar!(
        "select l.lot_number from lot l join material m on m.id = l.material_id
          where l.line_id::text = $1 and lower(m.code) = lower($2) and l.status = 'RELEASED'
            and l.deleted_at is null
            and l.quantity_kg - coalesce((select sum(p.filled_kg) from bin_portion p where p.lot_id = l.id), 0) >= $3
          order by l.received_at, l.id limit 1",
        line,
        code,
        kg
    )
    .fetch_optional(db)
    .await?)
}

/// Receives a new lot of material `code` of line `line` for the simulated intake: from an
/// approved supplier (one per material, the same each time), released on its certificate,
/// large enough for several fills of `kg`. None when the line has no such material or the
/// plant no approved supplier.
pub async fn receive_for_intake(
    db: &sqlx::PgPool,
    line: &str,
    code: &str,
    kg: f64,
    now: DateTime<Utc>,
) -> DbResult<Option<String>> {
    let mut tx = db.begin().await?;
    let picked = sqlx::query!(
        r#"select m.id as material, m.line_id as line, m.code,
                  (select s.id from supplier s where s.deleted_at is null and s.approval = 'APPROVED'
                    order by s.code offset (abs(hashtext(lower(m.code))) % greatest(
                        (select count(*) from supplier x where x.deleted_at is null and x.approval = 'APPROVED'), 1))
                    limit 1) as supplier
             from material m where m.line_id::text = $1 and lower(m.code) = lower($2) and m.deleted_at is null
            limit 1"#,
        line,
        code
    )
    .fetch_optional(&mut *tx)
    .await?;
    let Some(p) = picked else { return Ok(None) };
    let Some(supplier) = p.supplier else {
        return Ok(None);
    };
    let number = format!("{}-{}", p.code, now.format("%y%m%d-%H%M%S"));
    let quantity = ((kg * 4.0).max(25_000.0) / 1000.0).ceil() * 1000.0;
    let id = Uuid::now_v7();
    let inserted = sqlx::query!(
        "insert into lot (id, line_id, lot_number, material_id, supplier_id, received_at, quantity_kg, certificate,
                          status, status_reason, status_by, created_by, updated_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, 'RELEASED', 'certificate of analysis checked at intake', $9, $9, $9)
         on conflict do nothing",
        id,
        p.line,
        number,
        p.material,
        supplier,
        now,
        quantity,
        format!("CoA {number}"),
        "intake@simulator",
    )
    .execute(&mut *tx)
    .await?;
    if inserted.rows_affected() == 0 {
        return Ok(None);
    }
    crate::audit::write(
        &mut *tx,
        crate::audit::Entry {
            actor: Some("intake@simulator"),
            action: "lot_created",
            entity: "lot",
            entity_id: Some(id.to_string()),
            before: None,
            after: Some(serde_json::json!({"lotNumber": number, "quantityKg": quantity, "status": "RELEASED"})),
            detail: None,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(Some(number))
}

/// Lots received for history (`batchline backfill`, issue 33): `(material code, received,
/// lot number, kg)` of line `line`, each from the material's approved supplier (the same one
/// each time), released on receipt. Receipts of a material the line does not have, or when the
/// plant has no approved supplier, are left out; written again, nothing changes.
pub async fn receive_history(
    db: &sqlx::PgPool,
    line: Uuid,
    receipts: &[(String, DateTime<Utc>, String, f64)],
) -> DbResult<u64> {
    let r = sqlx::query!(
        r#"insert into lot (id, line_id, lot_number, material_id, supplier_id, received_at, quantity_kg, certificate,
                            status, status_reason, status_at, status_by, created_by, updated_by)
           select gen_random_uuid(), m.line_id, q.number, m.id,
                  (select s.id from supplier s where s.deleted_at is null and s.approval = 'APPROVED'
                    order by s.code offset (abs(hashtext(lower(m.code))) % greatest(
                        (select count(*) from supplier x where x.deleted_at is null and x.approval = 'APPROVED'), 1))
                    limit 1),
                  q.received, q.kg, 'CoA ' || q.number, 'RELEASED', 'certificate of analysis checked at intake',
                  q.received, 'intake@backfill', 'intake@backfill', 'intake@backfill'
             from unnest($2::text[], $3::timestamptz[], $4::text[], $5::float8[]) as q (code, received, number, kg)
             join material m on m.line_id = $1 and lower(m.code) = lower(q.code) and m.deleted_at is null
            where exists (select 1 from supplier s where s.deleted_at is null and s.approval = 'APPROVED')
           on conflict do nothing"#,
        line,
        &receipts.iter().map(|r| r.0.clone()).collect::<Vec<_>>(),
        &receipts.iter().map(|r| r.1).collect::<Vec<_>>(),
        &receipts.iter().map(|r| r.2.clone()).collect::<Vec<_>>(),
        &receipts.iter().map(|r| r.3).collect::<Vec<_>>(),
    )
    .execute(db)
    .await?;
    Ok(r.rows_affected())
}
