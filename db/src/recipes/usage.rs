//! What uses a recipe, and what a recipe uses: the checks before a recipe or a record it names
//! may go.

use sqlx::PgExecutor;
use uuid::Uuid;

use crate::DbResult;

/// Batches of the versions `ids` still running on their line (a recipe in use cannot go).
pub async fn running_batches(db: impl PgExecutor<'_>, ids: &[Uuid]) -> DbResult<Vec<String>> {
    let ids: Vec<String> = ids.iter().map(Uuid::to_string).collect();
    Ok(sqlx::query_scalar!(
        "select batch_id from production_batch where recipe_id = any($1) and status = 'RUNNING' order by batch_id limit 5",
        &ids,
    )
    .fetch_all(db)
    .await?)
}

/// The live version whose miscellaneous items hold an item `_id` of `item`.
pub async fn with_miscellaneous_item(
    db: impl PgExecutor<'_>,
    item: Uuid,
) -> DbResult<Option<Uuid>> {
    Ok(sqlx::query_scalar!(
        "select r.id from recipe r join recipe_group g on g.id = r.recipe_group_id
         where g.deleted_at is null and r.miscellaneous_items @> jsonb_build_array(jsonb_build_object('_id', $1::text))",
        item.to_string(),
    )
    .fetch_optional(db)
    .await?)
}

/// The code and version of a live recipe version that names the record `id` (a material,
/// scale, bin, action, mode, parameter or feeding point), or of any recipe on the line `id`.
pub async fn using(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<Option<(String, i32)>> {
    // Ids are UUIDs: their text occurs in a document only where the document names them.
    Ok(sqlx::query!(
        "select g.code, r.version from recipe r join recipe_group g on g.id = r.recipe_group_id
         where g.deleted_at is null and (g.line_id = $1 or r.mixing_mode_id = $1
           or strpos(r.weighing_items::text || r.mixing_items::text || r.miscellaneous_items::text, $1::text) > 0)
         order by lower(g.code), r.version limit 1",
        id,
    )
    .fetch_optional(db)
    .await?
    .map(|r| (r.code, r.version)))
}
