//! What report rows name by code or id: materials, scales and bins of the lines, recipe
//! versions and orders (the plant's records, else `report_name`), a recipe's versions, and the
//! calendar buckets of a line's zone.

use chrono::{DateTime, Utc};
use model::schedule::Status;
use sqlx::{FromRow, PgExecutor};

use crate::DbResult;

/// Names of the things production data names by code, per line.
#[derive(Debug, Clone, FromRow)]
pub struct Named {
    pub line_id: String,
    pub code: String,
    pub id: String,
    pub name: String,
    /// The material's category (materials only).
    pub category_id: Option<String>,
    pub category_code: Option<String>,
    pub category_name: Option<String>,
}

/// Live materials, scales and bins of `lines` (`kind` one of `material`, `scale`, `bin`).
pub async fn named(db: impl PgExecutor<'_>, kind: &str, lines: &[String]) -> DbResult<Vec<Named>> {
    let sql = match kind {
        "material" => {
            "select m.line_id::text, m.code, m.id::text, m.name, c.id::text as category_id, c.code as category_code,
                    c.name as category_name
             from material m left join material_category c on c.id = m.material_category_id
             where m.deleted_at is null and m.line_id::text = any($1)"
        }
        "scale" => {
            "select line_id::text, code, id::text, name, null::text as category_id, null::text as category_code,
                    null::text as category_name
             from scale where deleted_at is null and line_id::text = any($1)"
        }
        _ => {
            "select line_id::text, code, id::text, name, null::text as category_id, null::text as category_code,
                    null::text as category_name
             from bin where deleted_at is null and line_id::text = any($1)"
        }
    };
    Ok(sqlx::query_as(sql).bind(lines).fetch_all(db).await?)
}

/// What a recipe version id of production data names.
#[derive(Debug, Clone, FromRow)]
pub struct RecipeName {
    pub recipe_id: String,
    pub recipe_group_id: Option<String>,
    pub code: Option<String>,
    pub name: Option<String>,
    pub version: i32,
}

pub async fn recipe_names(db: impl PgExecutor<'_>, ids: &[String]) -> DbResult<Vec<RecipeName>> {
    Ok(sqlx::query_as!(
        RecipeName,
        r#"select i as "recipe_id!", r.recipe_group_id::text as recipe_group_id,
                coalesce(g.code, b.code) as code, coalesce(r.name, b.name) as name,
                coalesce(r.version, b.version, 0) as "version!"
         from unnest($1::text[]) i
         left join recipe r on r.id::text = i
         left join recipe_group g on g.id = r.recipe_group_id
         left join report_name b on b.kind = 'recipe' and b.id = i"#,
        ids,
    )
    .fetch_all(db)
    .await?)
}

/// What an order id of production data names.
#[derive(Debug, Clone, FromRow)]
pub struct OrderName {
    pub schedule_id: String,
    pub order_number: Option<String>,
    pub name: Option<String>,
    pub status: Option<Status>,
}

pub async fn order_names(db: impl PgExecutor<'_>, ids: &[String]) -> DbResult<Vec<OrderName>> {
    Ok(sqlx::query_as!(
        OrderName,
        r#"select i as "schedule_id!", o.order_number as "order_number?", coalesce(o.name, b.name) as name,
                o.status as "status?: Status"
         from unnest($1::text[]) i
         left join production_schedule o on o.id::text = i
         left join report_name b on b.kind = 'order' and b.id = i"#,
        ids,
    )
    .fetch_all(db)
    .await?)
}

/// The recipe version ids of a recipe: its own id if it is a version, or its group's versions.
pub async fn recipe_versions(db: impl PgExecutor<'_>, id: uuid::Uuid) -> DbResult<Vec<String>> {
    Ok(sqlx::query_scalar!(
        r#"select id::text as "id!" from recipe where id = $1 or recipe_group_id = $1
         union select id::text from recipe where recipe_group_id = (select recipe_group_id from recipe where id = $1)"#,
        id,
    )
    .fetch_all(db)
    .await?)
}

/// The starts of the calendar buckets (`hour`, `day`, `week`, `month`) that overlap each span
/// `[froms[i], tos[i])` in its zone `zones[i]`, as instants, followed by the end of the last one;
/// in the order of the spans, one statement for every line of a report. Hours are whole local
/// hours (a 25-hour day has 25); days, weeks (Monday) and months begin at local midnight.
pub async fn calendars(
    db: impl PgExecutor<'_>,
    unit: &str,
    zones: &[String],
    froms: &[DateTime<Utc>],
    tos: &[DateTime<Utc>],
) -> DbResult<Vec<Vec<DateTime<Utc>>>> {
    let rows = sqlx::query!(
        r#"select w.i as "i!", c.s as "s!"
           from unnest($2::text[], $3::timestamptz[], $4::timestamptz[]) with ordinality as w(zone, f, t, i)
           cross join lateral (
               select s from (
                   select generate_series(date_trunc('hour', w.f, w.zone), w.t, interval '1 hour') as s
                   where $1 = 'hour'
                   union all
                   select g at time zone w.zone from generate_series(date_trunc($1, w.f at time zone w.zone),
                                                                    w.t at time zone w.zone, ('1 ' || $1)::interval) g
                   where $1 <> 'hour') x
               union
               select case when $1 = 'hour' then date_trunc('hour', w.t, w.zone) + interval '1 hour'
                           else (date_trunc($1, w.t at time zone w.zone) + ('1 ' || $1)::interval) at time zone w.zone end) c
           order by 1, 2"#,
        unit,
        zones,
        froms,
        tos,
    )
    .fetch_all(db)
    .await?;
    let mut out = vec![Vec::new(); zones.len()];
    for r in rows {
        if let Some(v) = usize::try_from(r.i - 1).ok().and_then(|i| out.get_mut(i)) {
            v.push(r.s);
        }
    }
    Ok(out)
}
