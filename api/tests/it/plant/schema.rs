//! Every descriptor against `information_schema`: each field's column exists with the type its
//! kind needs, scoped tables have `line_id`, every table has the audit columns, and every unique
//! field has its partial unique index.

use model::config::{ENTITIES, Kind};
use sqlx::PgPool;

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn every_descriptor_matches_its_table(pool: PgPool) {
    let mut problems = Vec::new();
    for e in ENTITIES {
        let columns: Vec<(String, String, String, String)> = sqlx::query_as(
            "select column_name::text, data_type::text, udt_name::text, is_nullable::text
             from information_schema.columns where table_schema = current_schema() and table_name = $1",
        )
        .bind(e.table)
        .fetch_all(&pool)
        .await
        .unwrap();
        if columns.is_empty() {
            problems.push(format!("{}: no table {}", e.key, e.table));
            continue;
        }
        let find = |name: &str| columns.iter().find(|c| c.0 == name);
        let mut wanted: Vec<(&str, &str, Option<&str>)> = vec![
            ("id", "uuid", None),
            ("created_at", "timestamp with time zone", None),
            ("created_by", "text", None),
            ("updated_at", "timestamp with time zone", None),
            ("updated_by", "text", None),
            ("deleted_at", "timestamp with time zone", None),
            ("deleted_by", "text", None),
        ];
        if e.scoped {
            wanted.push(("line_id", "uuid", None));
        }
        for f in e.fields {
            let udt = match f.kind {
                Kind::RefList { .. } | Kind::IdList { .. } => Some("_uuid"),
                Kind::TextList { .. } => Some("_text"),
                _ => None,
            };
            wanted.push((f.column, f.kind.sql_type(), udt));
            if f.required
                && !matches!(
                    f.kind,
                    Kind::RefList { .. } | Kind::TextList { .. } | Kind::Items { .. }
                )
                && find(f.column).is_some_and(|c| c.3 != "NO")
            {
                problems.push(format!("{}.{}: required but nullable", e.table, f.column));
            }
        }
        for (column, data_type, udt) in wanted {
            match find(column) {
                None => problems.push(format!("{}.{column}: missing", e.table)),
                Some(c) if c.1 != data_type || udt.is_some_and(|u| c.2 != u) => {
                    problems.push(format!(
                        "{}.{column}: {} {} where {data_type} {udt:?} is wanted",
                        e.table, c.1, c.2
                    ));
                }
                Some(_) => {}
            }
        }
        for f in e.fields.iter().filter(|f| f.unique) {
            let index = f.unique_index(e.table);
            let (def,): (Option<String>,) =
                sqlx::query_as("select (select indexdef from pg_indexes where indexname = $1)")
                    .bind(&index)
                    .fetch_one(&pool)
                    .await
                    .unwrap();
            match def {
                Some(d)
                    if d.contains("UNIQUE")
                        && d.contains("deleted_at IS NULL")
                        && (!e.scoped || d.contains("line_id")) => {}
                other => problems.push(format!("{index}: {other:?}")),
            }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}
