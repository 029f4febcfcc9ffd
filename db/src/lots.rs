//! Lots received from suppliers (issue 33) and what the bins hold of them. A lot is a
//! configuration record (soft delete, audited by the app); the portions and dose attributions
//! are production data kept by ingest (`trace_apply`, sql/20261207000100_traceability.sql).

use chrono::{DateTime, Utc};
use model::choice::Choice;
use model::schedule::board::BoardEntry;
use model::schedule::control::HeldLot;
use model::trace::{BinContent, BinPortion, CheckedLot, Lot, LotStatus};
use sqlx::PgExecutor;
use uuid::Uuid;

use crate::{DbError, DbResult};

struct Row {
    id: Uuid,
    line_id: Uuid,
    lot_number: String,
    material_id: Uuid,
    material_code: String,
    material_name: String,
    supplier_id: Uuid,
    supplier_code: String,
    supplier_name: String,
    received_at: DateTime<Utc>,
    quantity_kg: f64,
    expires_at: Option<DateTime<Utc>>,
    certificate: Option<String>,
    status: String,
    status_reason: Option<String>,
    status_at: DateTime<Utc>,
    status_by: Option<String>,
    filled_kg: f64,
    dosed_kg: f64,
    in_bins_kg: f64,
    created_at: DateTime<Utc>,
    created_by: Option<String>,
    updated_at: DateTime<Utc>,
    updated_by: Option<String>,
}

fn status(s: &str) -> DbResult<LotStatus> {
    LotStatus::parse(s).ok_or_else(|| {
        DbError::Sqlx(sqlx::Error::Decode(
            format!("unexpected lot status {s:?}").into(),
        ))
    })
}

impl Row {
    fn lot(self) -> DbResult<Lot> {
        Ok(Lot {
            id: self.id,
            line_id: self.line_id,
            lot_number: self.lot_number,
            material_id: self.material_id,
            material_code: self.material_code,
            material_name: self.material_name,
            supplier_id: self.supplier_id,
            supplier_code: self.supplier_code,
            supplier_name: self.supplier_name,
            received_at: self.received_at,
            quantity_kg: self.quantity_kg,
            expires_at: self.expires_at,
            certificate: self.certificate,
            status: status(&self.status)?,
            status_reason: self.status_reason,
            status_at: self.status_at,
            status_by: self.status_by,
            filled_kg: self.filled_kg,
            dosed_kg: self.dosed_kg,
            in_bins_kg: self.in_bins_kg,
            created_at: self.created_at,
            created_by: self.created_by,
            updated_at: self.updated_at,
            updated_by: self.updated_by,
        })
    }
}

/// Which lots a list answers.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub line: Option<Uuid>,
    pub material: Option<Uuid>,
    pub supplier: Option<Uuid>,
    pub status: Option<LotStatus>,
    /// Lot numbers containing this (case-insensitive).
    pub number: Option<String>,
    pub received_from: Option<DateTime<Utc>>,
    pub received_to: Option<DateTime<Utc>>,
    pub limit: Option<i64>,
    pub offset: i64,
}

/// The lots of `f`, newest receipt first.
pub async fn list(db: impl PgExecutor<'_>, f: &Filter) -> DbResult<Vec<Lot>> {
    let rows = sqlx::query_as!(
        Row,
        r#"select l.id, l.line_id, l.lot_number, l.material_id, m.code as material_code, m.name as material_name,
                  l.supplier_id, s.code as supplier_code, s.name as supplier_name, l.received_at, l.quantity_kg,
                  l.expires_at, l.certificate, l.status, l.status_reason, l.status_at, l.status_by,
                  coalesce((select sum(p.filled_kg) from bin_portion p where p.lot_id = l.id), 0) as "filled_kg!",
                  coalesce((select sum(d.kg) from dose_lot d where d.lot_id = l.id), 0) as "dosed_kg!",
                  coalesce((select sum(p.remaining_kg) from bin_portion p where p.lot_id = l.id), 0) as "in_bins_kg!",
                  l.created_at, l.created_by, l.updated_at, l.updated_by
             from lot l join material m on m.id = l.material_id join supplier s on s.id = l.supplier_id
            where l.deleted_at is null
              and ($1::uuid is null or l.line_id = $1) and ($2::uuid is null or l.material_id = $2)
              and ($3::uuid is null or l.supplier_id = $3) and ($4::text is null or l.status = $4)
              and ($5::text is null or strpos(lower(l.lot_number), lower($5)) > 0)
              and ($6::timestamptz is null or l.received_at >= $6) and ($7::timestamptz is null or l.received_at < $7)
            order by l.received_at desc, l.id desc
            limit $8 offset $9"#,
        f.line,
        f.material,
        f.supplier,
        f.status.map(LotStatus::as_str),
        f.number.as_deref(),
        f.received_from,
        f.received_to,
        f.limit,
        f.offset,
    )
    .fetch_all(db)
    .await?;
    rows.into_iter().map(Row::lot).collect()
}

/// How many lots `f` matches (paging ignored).
pub async fn count(db: impl PgExecutor<'_>, f: &Filter) -> DbResult<i64> {
    Ok(sqlx::query_scalar!(
        r#"select count(*) as "n!" from lot l
            where l.deleted_at is null
              and ($1::uuid is null or l.line_id = $1) and ($2::uuid is null or l.material_id = $2)
              and ($3::uuid is null or l.supplier_id = $3) and ($4::text is null or l.status = $4)
              and ($5::text is null or strpos(lower(l.lot_number), lower($5)) > 0)
              and ($6::timestamptz is null or l.received_at >= $6) and ($7::timestamptz is null or l.received_at < $7)"#,
        f.line,
        f.material,
        f.supplier,
        f.status.map(LotStatus::as_str),
        f.number.as_deref(),
        f.received_from,
        f.received_to,
    )
    .fetch_one(db)
    .await?)
}

pub async fn get(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<Option<Lot>> {
    let row = sqlx::query_as!(
        Row,
        r#"select l.id, l.line_id, l.lot_number, l.material_id, m.code as material_code, m.name as material_name,
                  l.supplier_id, s.code as supplier_code, s.name as supplier_name, l.received_at, l.quantity_kg,
                  l.expires_at, l.certificate, l.status, l.status_reason, l.status_at, l.status_by,
                  coalesce((select sum(p.filled_kg) from bin_portion p where p.lot_id = l.id), 0) as "filled_kg!",
                  coalesce((select sum(d.kg) from dose_lot d where d.lot_id = l.id), 0) as "dosed_kg!",
                  coalesce((select sum(p.remaining_kg) from bin_portion p where p.lot_id = l.id), 0) as "in_bins_kg!",
                  l.created_at, l.created_by, l.updated_at, l.updated_by
             from lot l join material m on m.id = l.material_id join supplier s on s.id = l.supplier_id
            where l.id = $1 and l.deleted_at is null"#,
        id,
    )
    .fetch_optional(db)
    .await?;
    row.map(Row::lot).transpose()
}

/// The line of a live material (none: no such material).
pub async fn material_line(db: impl PgExecutor<'_>, material: Uuid) -> DbResult<Option<Uuid>> {
    Ok(sqlx::query_scalar!(
        "select line_id from material where id = $1 and deleted_at is null",
        material
    )
    .fetch_optional(db)
    .await?)
}

/// The approval of a live supplier (none: no such supplier).
pub async fn supplier_approval(
    db: impl PgExecutor<'_>,
    supplier: Uuid,
) -> DbResult<Option<String>> {
    Ok(sqlx::query_scalar!(
        "select approval from supplier where id = $1 and deleted_at is null",
        supplier
    )
    .fetch_optional(db)
    .await?)
}

/// Stores a new lot of the material's line; `DbError::Conflict("lot_number_key")` when the
/// number is taken for that material and supplier.
pub async fn insert(
    db: impl PgExecutor<'_>,
    line: Uuid,
    c: &CheckedLot,
    by: &str,
) -> DbResult<Uuid> {
    let id = Uuid::now_v7();
    sqlx::query!(
        "insert into lot (id, line_id, lot_number, material_id, supplier_id, received_at, quantity_kg, expires_at,
                          certificate, status, status_by, created_by, updated_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $11)",
        id,
        line,
        c.lot_number,
        c.material_id,
        c.supplier_id,
        c.received_at,
        c.quantity_kg,
        c.expires_at,
        c.certificate,
        c.status.as_str(),
        by,
    )
    .execute(db)
    .await
    .map_err(DbError::from_sqlx)?;
    Ok(id)
}

/// Changes a lot's recorded values (not its status); false when it is gone.
pub async fn update(
    db: impl PgExecutor<'_>,
    id: Uuid,
    line: Uuid,
    c: &CheckedLot,
    by: &str,
) -> DbResult<bool> {
    let r = sqlx::query!(
        "update lot set line_id = $2, lot_number = $3, material_id = $4, supplier_id = $5, received_at = $6,
                        quantity_kg = $7, expires_at = $8, certificate = $9, updated_at = now(), updated_by = $10
          where id = $1 and deleted_at is null",
        id,
        line,
        c.lot_number,
        c.material_id,
        c.supplier_id,
        c.received_at,
        c.quantity_kg,
        c.expires_at,
        c.certificate,
        by,
    )
    .execute(db)
    .await
    .map_err(DbError::from_sqlx)?;
    Ok(r.rows_affected() == 1)
}

/// Sets a lot's status and why; false when it is gone.
pub async fn set_status(
    db: impl PgExecutor<'_>,
    id: Uuid,
    status: LotStatus,
    reason: &str,
    by: &str,
) -> DbResult<bool> {
    let r = sqlx::query!(
        "update lot set status = $2, status_reason = $3, status_at = now(), status_by = $4, updated_at = now(),
                        updated_by = $4
          where id = $1 and deleted_at is null",
        id,
        status.as_str(),
        reason,
        by,
    )
    .execute(db)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// Whether anything was filled or dosed of the lot (a used lot is never deleted).
pub async fn used(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<bool> {
    Ok(sqlx::query_scalar!(
        r#"select (exists (select 1 from dose_lot where lot_id = $1)
                   or exists (select 1 from bin_portion where lot_id = $1)) as "used!""#,
        id
    )
    .fetch_one(db)
    .await?)
}

pub async fn soft_delete(db: impl PgExecutor<'_>, id: Uuid, by: &str) -> DbResult<bool> {
    let r = sqlx::query!(
        "update lot set deleted_at = now(), deleted_by = $2 where id = $1 and deleted_at is null",
        id,
        by
    )
    .execute(db)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// A configured bin as a fill needs it: its line and code, capacity, the materials it may hold
/// (ids and codes) and the level the plant last reported.
#[derive(Debug, Clone)]
pub struct FillBin {
    pub id: Uuid,
    pub line_id: Uuid,
    pub code: String,
    pub capacity_kg: f64,
    /// FIFO when not set.
    pub content_model: Option<String>,
    pub material_ids: Vec<Uuid>,
    pub material_codes: Vec<String>,
    pub level_kg: Option<f64>,
}

/// The live bin of that id, with what a fill checks.
pub async fn fill_bin(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<Option<FillBin>> {
    Ok(sqlx::query_as!(
        FillBin,
        r#"select b.id, b.line_id, b.code, b.capacity_kg, b.content_model,
                  coalesce(array(select (x ->> 'materialId')::uuid from jsonb_array_elements(b.bin_materials) x
                                 where x ->> 'materialId' ~ '^[0-9a-fA-F-]{36}$'), '{}') as "material_ids!",
                  coalesce(array(select m.code from jsonb_array_elements(b.bin_materials) x
                                 join material m on m.id::text = x ->> 'materialId' and m.deleted_at is null), '{}')
                      as "material_codes!",
                  (select level_kg from bin_movement v where v.line_id = b.line_id::text and lower(v.bin_id) = lower(b.code)
                    order by v.time desc, v.id desc limit 1) as level_kg
             from bin b where b.id = $1 and b.deleted_at is null"#,
        id
    )
    .fetch_optional(db)
    .await?)
}

/// What the bin of that line and code holds, oldest portion first, with its mass balance.
pub async fn content(db: &sqlx::PgPool, bin: &FillBin) -> DbResult<BinContent> {
    let line = bin.line_id.to_string();
    let portions = sqlx::query!(
        r#"select p.lot_id, p.lot_number, l.status as "status?", p.material_code, p.filled_at, p.filled_kg, p.remaining_kg
             from bin_portion p left join lot l on l.id = p.lot_id
            where p.line_id = $1 and lower(p.bin_code) = lower($2) and p.remaining_kg > 1e-9
            order by p.filled_at, p.id"#,
        line,
        bin.code,
    )
    .fetch_all(db)
    .await?
    .into_iter()
    .map(|r| {
        Ok(BinPortion {
            lot_id: r.lot_id,
            lot_number: r.lot_number,
            status: r.status.as_deref().map(status).transpose()?,
            material_code: r.material_code,
            filled_at: r.filled_at,
            filled_kg: r.filled_kg,
            remaining_kg: r.remaining_kg,
        })
    })
    .collect::<DbResult<Vec<_>>>()?;
    let mut content = BinContent {
        bin_id: bin.id,
        line_id: bin.line_id,
        bin_code: bin.code.clone(),
        content_model: bin.content_model.clone().unwrap_or_else(|| "FIFO".into()),
        portions,
        filled_kg: 0.0,
        dosed_kg: 0.0,
        emptied_kg: 0.0,
        held_kg: 0.0,
        unknown_kg: 0.0,
        reported_level_kg: bin.level_kg,
    };
    balance(db, &mut content).await?;
    Ok(content)
}

/// The mass balance of a bin: everything filled, dosed from portions, emptied, held, and dosed
/// beyond what it held.
async fn balance(db: impl PgExecutor<'_>, content: &mut BinContent) -> DbResult<()> {
    let line = content.line_id.to_string();
    let r = sqlx::query!(
        r#"select coalesce(sum(filled_kg), 0) as "filled!", coalesce(sum(removed_kg), 0) as "emptied!",
                  coalesce(sum(remaining_kg), 0) as "held!",
                  coalesce((select sum(kg) from dose_lot d where d.line_id = $1 and lower(d.bin_code) = lower($2)
                             and d.portion_id is not null), 0) as "dosed!",
                  coalesce((select sum(kg) from dose_lot d where d.line_id = $1 and lower(d.bin_code) = lower($2)
                             and d.portion_id is null and d.unknown), 0) as "unknown!"
             from bin_portion where line_id = $1 and lower(bin_code) = lower($2)"#,
        line,
        content.bin_code,
    )
    .fetch_one(db)
    .await?;
    content.filled_kg = r.filled;
    content.emptied_kg = r.emptied;
    content.held_kg = r.held;
    content.dosed_kg = r.dosed;
    content.unknown_kg = r.unknown;
    Ok(())
}

/// Lots that bins of the lines `lines` hold now and that are not released: `(line, bin code,
/// lot number, status)`, by line and bin. An order needing such a bin is not released, and the
/// board marks its doses from it (issue 33, item 3).
pub async fn held_unreleased(
    db: impl PgExecutor<'_>,
    lines: &[String],
) -> DbResult<Vec<(String, String, String, LotStatus)>> {
    let rows = sqlx::query!(
        r#"select distinct on (p.line_id, lower(p.bin_code)) p.line_id, p.bin_code, l.lot_number, l.status
             from bin_portion p join lot l on l.id = p.lot_id
            where p.line_id = any($1) and p.remaining_kg > 1e-9 and l.status <> 'RELEASED'
            order by p.line_id, lower(p.bin_code), p.filled_at, p.id"#,
        lines,
    )
    .fetch_all(db)
    .await?;
    rows.into_iter()
        .map(|r| Ok((r.line_id, r.bin_code, r.lot_number, status(&r.status)?)))
        .collect()
}

/// Marks the doses of `entries` whose bin holds a lot that is not released
/// (`ControlWeighing::held_lot`), clearing every other mark.
pub async fn mark(db: impl PgExecutor<'_>, entries: &mut [BoardEntry]) -> DbResult<()> {
    let mut lines: Vec<String> = entries.iter().map(|e| e.line_id.clone()).collect();
    lines.sort();
    lines.dedup();
    if lines.is_empty() {
        return Ok(());
    }
    let held = held_unreleased(db, &lines).await?;
    for e in entries.iter_mut() {
        for w in e.control_recipe.weighings.iter_mut() {
            w.held_lot = w.bin_code.as_deref().and_then(|bin| {
                held.iter()
                    .find(|(line, b, _, _)| *line == e.line_id && b.eq_ignore_ascii_case(bin))
                    .map(|(_, _, lot, status)| HeldLot {
                        lot_number: lot.clone(),
                        status: *status,
                    })
            });
        }
    }
    Ok(())
}

/// The lines whose bins hold some of lot `id` now.
pub async fn lines_holding(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<Vec<String>> {
    Ok(sqlx::query_scalar!(
        "select distinct line_id from bin_portion where lot_id = $1 and remaining_kg > 1e-9 order by 1",
        id
    )
    .fetch_all(db)
    .await?)
}

/// The number of a live lot naming the record `id` of configuration entity `entity` (its
/// material or supplier), if any: such a record is not deleted.
pub async fn referring(
    db: impl PgExecutor<'_>,
    entity: &str,
    id: Uuid,
) -> DbResult<Option<String>> {
    let column = match entity {
        "materialdirectory" => "material",
        "suppliers" => "supplier",
        _ => return Ok(None),
    };
    Ok(sqlx::query_scalar!(
        "select lot_number from lot
          where deleted_at is null
            and (($1 = 'material' and material_id = $2) or ($1 = 'supplier' and supplier_id = $2))
          order by received_at desc limit 1",
        column,
        id
    )
    .fetch_optional(db)
    .await?)
}

/// The lots the bins hold, `(line id, bin code, lot number, kg left)`, oldest first: where a
/// restarted simulator's bins start from.
pub async fn held_portions(
    db: impl PgExecutor<'_>,
) -> DbResult<Vec<(String, String, Option<String>, f64)>> {
    let rows = sqlx::query!(
        "select line_id, bin_code, lot_number, remaining_kg from bin_portion
          where remaining_kg > 1e-9 order by line_id, lower(bin_code), filled_at, id"
    )
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| (r.line_id, r.bin_code, r.lot_number, r.remaining_kg))
        .collect())
}

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
