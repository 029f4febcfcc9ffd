//! Lots received from suppliers (issue 33) and what the bins hold of them. A lot is a
//! configuration record (soft delete, audited by the app); the portions and dose attributions
//! are production data kept by ingest (`trace_apply`, sql/20261207000100_traceability.sql):
//! what the bins hold and the board's marks ([`bins`]); the lots the (simulated) intake fills
//! and the history receives ([`intake`]).

use chrono::{DateTime, Utc};
use model::choice::Choice;
use model::trace::{CheckedLot, Lot, LotStatus};
use sqlx::PgExecutor;
use uuid::Uuid;

mod bins;
mod intake;

pub use bins::*;
pub use intake::*;

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

pub(crate) fn status(s: &str) -> DbResult<LotStatus> {
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
