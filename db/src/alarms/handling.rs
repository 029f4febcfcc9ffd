//! Alarm handling (issue 34, decision 111): the points on the alarm board (active,
//! unacknowledged or shelved), and what users do with them — acknowledge, shelve, unshelve,
//! comment. Occurrences come from the plant's events through ingest (`alarm_apply`,
//! sql/20261208000100_alarm_handling.sql).

use chrono::{DateTime, Utc};
use model::alarm::{AlarmComment, AlarmPoint, COMMENTS_KEPT};
use model::wire::Severity;
use sqlx::types::Json;
use sqlx::{PgConnection, PgExecutor};
use uuid::Uuid;

use crate::DbResult;

/// Which points [`points`] answers.
#[derive(Debug, Clone, Default)]
pub struct Which<'a> {
    /// One line's, else every line's.
    pub line: Option<&'a str>,
    /// Only these (line, code) points, else all.
    pub points: Option<&'a [(String, String)]>,
    /// Also those of `points` that are off the board (returned, acknowledged, not shelved),
    /// as their newest occurrence left them.
    pub off_board: bool,
}

/// The points on the board now — active, unacknowledged or shelved — (and points asked for
/// off it, with `off_board`) with their newest
/// occurrence (its severity as configured), its comments and the shelf; by line, then code.
pub async fn points(db: impl PgExecutor<'_>, which: Which<'_>) -> DbResult<Vec<AlarmPoint>> {
    let (lines, codes): (Option<Vec<String>>, Option<Vec<String>>) = match which.points {
        Some(p) => (
            Some(p.iter().map(|(l, _)| l.clone()).collect()),
            Some(p.iter().map(|(_, c)| c.clone()).collect()),
        ),
        None => (None, None),
    };
    let rows = sqlx::query!(
        r#"with asked as (select * from unnest($2::text[], $3::text[]) as a(line_id, code)),
           points as (
               select o.line_id, o.code from alarm_occurrence o
               where (o.returned_at is null or o.acked_at is null)
                 and ($1::text is null or o.line_id = $1)
                 and ($2::text[] is null or (o.line_id, o.code) in (select * from asked))
               union
               select s.line_id, s.code from alarm_shelf s
               where s.until > now() and ($1::text is null or s.line_id = $1)
                 and ($2::text[] is null or (s.line_id, s.code) in (select * from asked))
               union
               select a.line_id, a.code from asked a where $5)
           select n.id as "id!", p.line_id as "line_id!", p.code as "code!",
                  coalesce(c.severity, n.severity) as "severity!: Severity", n.message as "message!", n.batch_id,
                  n.raised_at as "raised_at!", n.returned_at, n.acked_at, n.acked_by,
                  n.controller_acked_at,
                  (select count(*) from alarm_occurrence u
                   where u.line_id = p.line_id and u.code = p.code and u.acked_at is null) as "unacked!",
                  s.until as "shelved_until?", s.shelved_by as "shelved_by?", s.reason as "shelve_reason?",
                  (select coalesce(jsonb_agg(jsonb_build_object('at', c.at, 'author', c.author, 'text', c.text)
                                             order by c.at desc), '[]')
                   from (select * from alarm_comment c where c.occurrence_id = n.id
                         order by c.at desc limit $4) c) as "comments!: Json<Vec<AlarmComment>>"
           from points p
           cross join lateral (select * from alarm_occurrence o
                               where o.line_id = p.line_id and o.code = p.code
                               order by o.raised_at desc limit 1) n
           left join alarm_shelf s on s.line_id = p.line_id and s.code = p.code and s.until > now()
           left join alarm_config c on c.code = p.code
           order by p.line_id, p.code"#,
        which.line,
        lines.as_deref() as _,
        codes.as_deref() as _,
        COMMENTS_KEPT,
        which.off_board,
    )
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| AlarmPoint {
            id: r.id,
            line_id: r.line_id,
            code: r.code,
            severity: r.severity,
            message: r.message,
            batch_id: r.batch_id,
            raised_at: r.raised_at,
            returned_at: r.returned_at,
            acknowledged: r.unacked == 0,
            unacknowledged: r.unacked,
            acked_at: r.acked_at,
            acked_by: r.acked_by,
            controller_acked_at: r.controller_acked_at,
            shelved_until: r.shelved_until,
            shelved_by: r.shelved_by,
            shelve_reason: r.shelve_reason,
            comments: r.comments.0,
        })
        .collect())
}

/// Those of points `asked` (line, code) that are on the board now: what the alarm board shows
/// of them after a commit.
pub async fn on_board(
    db: impl PgExecutor<'_>,
    asked: &[(String, String)],
) -> DbResult<Vec<AlarmPoint>> {
    points(
        db,
        Which {
            points: Some(asked),
            ..Which::default()
        },
    )
    .await
}

/// The point of occurrence `id` (line and code) and when it was raised, unless there is no
/// such occurrence.
pub async fn occurrence(
    db: impl PgExecutor<'_>,
    id: Uuid,
) -> DbResult<Option<(String, String, DateTime<Utc>)>> {
    Ok(sqlx::query!(
        "select line_id, code, raised_at from alarm_occurrence where id = $1",
        id
    )
    .fetch_optional(db)
    .await?
    .map(|r| (r.line_id, r.code, r.raised_at)))
}

/// Which of `ids` are occurrences.
pub async fn known(db: impl PgExecutor<'_>, ids: &[Uuid]) -> DbResult<Vec<Uuid>> {
    Ok(
        sqlx::query_scalar!("select id from alarm_occurrence where id = any($1)", ids)
            .fetch_all(db)
            .await?,
    )
}

/// One point acknowledged: its newest occurrence asked for, and how many occurrences the
/// acknowledgement took (0: it was acknowledged already).
#[derive(Debug, Clone)]
pub struct Acked {
    pub line_id: String,
    pub code: String,
    pub id: Uuid,
    pub occurrences: i64,
}

/// Acknowledges as `by` the points of occurrences `ids` — each point's unacknowledged
/// occurrences raised up to the newest of `ids` (one raised since is the operator's to see
/// first) — or, with `line`, every unacknowledged occurrence of the line.
pub async fn ack(
    tx: &mut PgConnection,
    ids: Option<&[Uuid]>,
    line: Option<&str>,
    by: &str,
) -> DbResult<Vec<Acked>> {
    Ok(sqlx::query_as!(
        Acked,
        r#"with asked as (
               select o.line_id, o.code, max(o.raised_at) as up_to,
                      (array_agg(o.id order by o.raised_at desc))[1] as id
               from alarm_occurrence o
               where ($1::uuid[] is not null and o.id = any($1))
                  or ($2::text is not null and o.line_id = $2 and o.acked_at is null)
               group by o.line_id, o.code),
           acked as (
               update alarm_occurrence o set acked_at = now(), acked_by = $3
               from asked a
               where o.line_id = a.line_id and o.code = a.code and o.raised_at <= a.up_to
                 and o.acked_at is null
               returning o.line_id, o.code)
           select a.line_id as "line_id!", a.code as "code!", a.id as "id!",
                  (select count(*) from acked k where k.line_id = a.line_id and k.code = a.code) as "occurrences!"
           from asked a order by a.line_id, a.code"#,
        ids as _,
        line,
        by,
    )
    .fetch_all(tx)
    .await?)
}

/// A point's shelf.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Shelf {
    pub line_id: String,
    pub code: String,
    pub occurrence_id: Uuid,
    pub shelved_at: DateTime<Utc>,
    pub shelved_by: String,
    pub until: DateTime<Utc>,
    pub reason: String,
}

/// The shelf of occurrence `id`'s point in force now, locked for the transaction.
pub async fn shelf_for_update(tx: &mut PgConnection, id: Uuid) -> DbResult<Option<Shelf>> {
    Ok(sqlx::query_as!(
        Shelf,
        "select s.line_id, s.code, s.occurrence_id, s.shelved_at, s.shelved_by, s.until, s.reason
         from alarm_shelf s join alarm_occurrence o on o.line_id = s.line_id and o.code = s.code
         where o.id = $1 and s.until > now()
         for update of s",
        id
    )
    .fetch_optional(tx)
    .await?)
}

/// Shelves occurrence `id`'s point for `minutes` as `by` (a shelf in force is replaced); the
/// shelf.
pub async fn shelve(
    tx: &mut PgConnection,
    id: Uuid,
    minutes: i64,
    reason: &str,
    by: &str,
) -> DbResult<Shelf> {
    Ok(sqlx::query_as!(
        Shelf,
        "insert into alarm_shelf (line_id, code, occurrence_id, shelved_at, shelved_by, until, reason)
         select line_id, code, id, now(), $3, now() + make_interval(mins => $2::int), $4
         from alarm_occurrence where id = $1
         on conflict (line_id, code) do update set occurrence_id = excluded.occurrence_id,
             shelved_at = excluded.shelved_at, shelved_by = excluded.shelved_by,
             until = excluded.until, reason = excluded.reason
         returning line_id, code, occurrence_id, shelved_at, shelved_by, until, reason",
        id,
        minutes as i32,
        by,
        reason,
    )
    .fetch_one(tx)
    .await?)
}

/// Removes occurrence `id`'s point's shelf; the shelf removed, unless none was in force.
pub async fn unshelve(tx: &mut PgConnection, id: Uuid) -> DbResult<Option<Shelf>> {
    Ok(sqlx::query_as!(
        Shelf,
        "delete from alarm_shelf s using alarm_occurrence o
         where o.id = $1 and s.line_id = o.line_id and s.code = o.code and s.until > now()
         returning s.line_id, s.code, s.occurrence_id, s.shelved_at, s.shelved_by, s.until, s.reason",
        id
    )
    .fetch_optional(tx)
    .await?)
}

/// Removes the shelves whose time ended; the shelves removed (each by one caller only, however
/// many sweep together).
pub async fn expire_shelves(tx: &mut PgConnection) -> DbResult<Vec<Shelf>> {
    Ok(sqlx::query_as!(
        Shelf,
        "delete from alarm_shelf where until <= now()
         returning line_id, code, occurrence_id, shelved_at, shelved_by, until, reason"
    )
    .fetch_all(tx)
    .await?)
}

/// Adds `by`'s comment to occurrence `id`; when it was made.
pub async fn comment(
    tx: &mut PgConnection,
    id: Uuid,
    text: &str,
    by: &str,
) -> DbResult<DateTime<Utc>> {
    Ok(sqlx::query_scalar!(
        "insert into alarm_comment (occurrence_id, author, text) values ($1, $2, $3) returning at",
        id,
        by,
        text
    )
    .fetch_one(tx)
    .await?)
}
