use axum::http::StatusCode;
use chrono::{DateTime, Duration, Timelike, Utc};
use serde_json::{Value, json};
use sqlx::PgPool;

use super::{History, kg, row};
use crate::harness::TestApp;

/// Around the end of summer time in Berlin (2026-10-25 03:00 CEST → 02:00 CET).
const FROM: &str = "2026-10-23T00:00:00Z";
const TO: &str = "2026-10-28T00:00:00Z";

fn close(a: f64, b: f64, what: &str) {
    assert!(
        (a - b).abs() < 1e-6 * b.abs().max(1.0),
        "{what}: {a} vs {b}"
    );
}

fn rows_kg(v: &Value, rows: &str) -> f64 {
    v[rows]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["figures"]["actualKg"].as_f64().unwrap_or(0.0))
        .sum()
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn every_report_gives_the_same_kilograms_as_the_batches_own_weighings(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let h = History::new(&app).await;
    h.produce(super::at(FROM), super::at(TO)).await;
    // Ranges with ragged edges, whole hours, whole days, a sliver, and one over the DST change.
    let ranges = [
        ("2026-10-23T05:17:00Z", "2026-10-26T13:43:00Z"),
        ("2026-10-24T00:00:00Z", "2026-10-26T00:00:00Z"),
        ("2026-10-24T22:00:00Z", "2026-10-25T23:00:00Z"),
        ("2026-10-25T10:05:00Z", "2026-10-25T10:50:00Z"),
        ("2026-10-23T00:00:00+02:00", "2026-10-27T09:30:00+01:00"),
    ];
    for (from, to) in ranges {
        for line in [h.line.id.as_str(), "ALL"] {
            let raw = h.raw_kg((line != "ALL").then_some(line), from, to).await;
            assert!(
                raw > 0.0 || from.starts_with("2026-10-25T10:05"),
                "the history covers {from}..{to}"
            );
            let mut figures = Vec::new();
            for by in [
                "material", "category", "scale", "bin", "shift", "hour", "day", "week", "month",
                "line",
            ] {
                let a = h
                    .report(
                        "consumption/totalweightgroupedby",
                        line,
                        from,
                        to,
                        &format!("&groupBy={by}"),
                    )
                    .await;
                let v = a.ok()["data"].clone();
                close(rows_kg(&v, "rows"), kg(&v), &format!("rows of {by}"));
                rows_told_apart(&v, &format!("grouped by {by} on {line}"));
                figures.push((format!("totalweightgroupedby {by}"), kg(&v)));
            }
            for (call, extra) in [
                ("consumption/getconsumptionstats", ""),
                ("consumption/getconsumptionstatsbyorderwise", ""),
                ("consumption/getconsumtionsbyshifts", ""),
                ("consumption/getconsumptionbymaterialcatagory", ""),
                ("consumption/getconsumtionsbycharges", "&limit=1000"),
                ("production/getproductionbyrecipe", ""),
                ("production/productionbytime", "&bucket=hour"),
                ("production/productionbytime", "&bucket=shift"),
                ("production/productionbytime", "&bucket=month"),
            ] {
                let v = h.data(call, line, from, to, extra).await;
                figures.push((format!("{call}{extra}"), kg(&v)));
                if !call.ends_with("bycharges") {
                    rows_told_apart(&v, &format!("{call}{extra} on {line}"));
                }
                if call.ends_with("bycharges") {
                    close(rows_kg_plain(&v), kg(&v), "the listed batches");
                }
                if call.ends_with("catagory") {
                    let cats: f64 = v["categories"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|c| {
                            let materials: f64 = c["materials"]
                                .as_array()
                                .unwrap()
                                .iter()
                                .map(|m| m["figures"]["actualKg"].as_f64().unwrap())
                                .sum();
                            close(
                                materials,
                                c["figures"]["actualKg"].as_f64().unwrap(),
                                "a category's materials",
                            );
                            materials
                        })
                        .sum();
                    close(cats, kg(&v), "the categories");
                }
            }
            for (what, got) in figures {
                close(got, raw, &format!("{what} on {line} for {from}..{to}"));
            }
        }
    }
}

/// No two rows read the same: what a person tells rows apart by (code, name, version, line and
/// period) differs between any two.
fn rows_told_apart(v: &Value, what: &str) {
    let list = if v["rows"].is_array() {
        "rows"
    } else {
        "categories"
    };
    let rows = v[list].as_array().unwrap();
    let mut seen = std::collections::HashSet::new();
    for r in rows {
        let label = ["code", "name", "version", "lineName", "from"]
            .map(|k| r[k].to_string())
            .join("|");
        assert!(seen.insert(label.clone()), "{what}: two rows read {label}");
    }
}

fn rows_kg_plain(v: &Value) -> f64 {
    v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["actualKg"].as_f64().unwrap())
        .sum()
}

/// The start of line `line`'s whole local days in the local-day rollups (decision 104).
async fn days_since(pool: &PgPool, line: &str) -> DateTime<Utc> {
    sqlx::query_scalar("select since from report_zone where line_id = $1")
        .bind(line)
        .fetch_one(pool)
        .await
        .unwrap()
}

/// The kilograms of the calls that read whole local days, and the rows' own sum, against the
/// raw rows of `[from, to)`.
async fn figures_agree(h: &History<'_>, line: &str, from: &str, to: &str) {
    let raw = h.raw_kg((line != "ALL").then_some(line), from, to).await;
    assert!(raw > 0.0, "the history covers {from}..{to}");
    for (call, extra) in [
        ("consumption/totalweightgroupedby", "&groupBy=day"),
        ("consumption/totalweightgroupedby", "&groupBy=material"),
        ("consumption/totalweightgroupedby", "&groupBy=shift"),
        ("consumption/totalweightgroupedby", "&groupBy=week"),
        ("consumption/totalweightgroupedby", "&groupBy=month"),
        (
            "consumption/totalweightgroupedby",
            "&groupBy=day&materialId=CORN",
        ),
        ("consumption/getconsumptionstatsbyorderwise", ""),
        ("production/getproductionbyrecipe", ""),
        ("production/productionbytime", "&bucket=day"),
    ] {
        let v = h.data(call, line, from, to, extra).await;
        let what = format!("{call}{extra} on {line} for {from}..{to}");
        if extra.contains("materialId") {
            assert!(kg(&v) > 0.0 && kg(&v) < raw, "{what}");
            continue;
        }
        close(kg(&v), raw, &what);
        close(rows_kg(&v, "rows"), raw, &format!("the rows of {what}"));
    }
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn days_are_read_whole_in_the_line_zone_and_a_zone_change_keeps_every_figure(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let h = History::new(&app).await;
    h.produce(super::at(FROM), super::at(TO)).await;
    let line = h.line.id.as_str();
    let epoch = DateTime::<Utc>::UNIX_EPOCH;
    assert_eq!(
        days_since(&pool, line).await,
        epoch,
        "a new line's days from the start"
    );
    // Berlin's own days are rolled, 25 October's 25 hours one of them.
    let days: Vec<DateTime<Utc>> =
        sqlx::query_scalar("select at from report_line_lday where line_id = $1 order by at")
            .bind(line)
            .fetch_all(&pool)
            .await
            .unwrap();
    for day in [
        "2026-10-23T22:00:00Z",
        "2026-10-24T22:00:00Z",
        "2026-10-25T23:00:00Z",
    ] {
        assert!(days.contains(&super::at(day)), "{day} in {days:?}");
    }
    figures_agree(&h, line, "2026-10-23T22:00:00Z", "2026-10-26T23:00:00Z").await;
    figures_agree(&h, "ALL", "2026-10-23T05:17:00Z", "2026-10-27T09:30:00Z").await;

    // The line moves to a zone half an hour off UTC's hours.
    let record = h.get(&format!("/api/lines/{line}")).await.ok()["data"].clone();
    h.f.post(
        &format!("/api/lines/edit/{line}"),
        json!({"timezone": "Asia/Kolkata", "updatedAt": record["updatedAt"]}),
    )
    .await
    .ok();
    let since = days_since(&pool, line).await;
    let now = Utc::now();
    assert!(
        since >= now + Duration::hours(23) && since <= now + Duration::hours(72),
        "whole days in the new zone from the second midnight on: {since} (now {now})"
    );
    assert_eq!(
        (since.hour(), since.minute()),
        (18, 30),
        "a Kolkata midnight: {since}"
    );
    // Editing something else leaves it.
    let record = h.get(&format!("/api/lines/{line}")).await.ok()["data"].clone();
    h.f.post(
        &format!("/api/lines/edit/{line}"),
        json!({"name": "Pellet line", "updatedAt": record["updatedAt"]}),
    )
    .await
    .ok();
    assert_eq!(days_since(&pool, line).await, since);

    // Production on both sides of it, rolled in the new zone.
    h.produce_named(since - Duration::days(2), since + Duration::days(3), "K")
        .await;
    let iso = |t: DateTime<Utc>| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    // The old zone's days, the change, the new zone's days: every figure as the raw rows.
    for (from, to) in [
        (super::at(FROM), super::at(TO)),
        (since - Duration::days(2), since + Duration::days(3)),
        (since, since + Duration::days(2)),
        (since - Duration::hours(30), since + Duration::hours(53)),
        (super::at("2026-10-24T22:00:00Z"), since + Duration::days(2)),
    ] {
        figures_agree(&h, line, &iso(from), &iso(to)).await;
        figures_agree(&h, "ALL", &iso(from), &iso(to)).await;
    }
    let new_days: i64 = sqlx::query_scalar(
        "select count(*) from report_line_lday where line_id = $1 and at >= $2
            and extract(minute from at at time zone 'UTC') = 30",
    )
    .bind(line)
    .bind(since)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!(new_days >= 2, "the new zone's days are rolled: {new_days}");
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn months_are_read_whole_in_the_line_zone(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let h = History::new(&app).await;
    h.produce(
        super::at("2026-09-20T00:00:00Z"),
        super::at("2026-11-10T00:00:00Z"),
    )
    .await;
    let line = h.line.id.as_str();
    // Berlin's October: from CEST midnight to CET midnight, the summer-time change inside.
    let months: Vec<DateTime<Utc>> = sqlx::query_scalar(
        "select distinct at from report_batch_lmonth where line_id = $1 order by at",
    )
    .bind(line)
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(
        months,
        [
            super::at("2026-08-31T22:00:00Z"),
            super::at("2026-09-30T22:00:00Z"),
            super::at("2026-10-31T23:00:00Z")
        ]
    );
    for (from, to) in [
        ("2026-09-30T22:00:00Z", "2026-10-31T23:00:00Z"),
        ("2026-09-21T05:17:00Z", "2026-11-09T13:43:00Z"),
        ("2026-09-30T00:00:00Z", "2026-11-01T00:00:00Z"),
    ] {
        figures_agree(&h, line, from, to).await;
        figures_agree(&h, "ALL", from, to).await;
    }
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn buckets_follow_the_line_zone_across_daylight_saving_and_shifts_cross_midnight(
    pool: PgPool,
) {
    let app = TestApp::new(pool).await;
    let h = History::new(&app).await;
    h.produce(super::at(FROM), super::at(TO)).await;
    let line = h.line.id.as_str();
    // 25 October in Berlin: 2026-10-24T22:00Z (CEST midnight) to 2026-10-25T23:00Z (CET), 25 h.
    let v = h
        .data("production/productionbytime", line, FROM, TO, "&bucket=day")
        .await;
    let day = row(&v, "rows", |r| r["key"] == "2026-10-25T00:00:00");
    assert_eq!(day["from"], "2026-10-24T22:00:00Z");
    assert_eq!(day["to"], "2026-10-25T23:00:00Z");
    close(
        day["figures"]["actualKg"].as_f64().unwrap(),
        h.raw_kg(Some(line), "2026-10-24T22:00:00Z", "2026-10-25T23:00:00Z")
            .await,
        "the long day",
    );
    let hours = h
        .data(
            "production/productionbytime",
            line,
            "2026-10-24T22:00:00Z",
            "2026-10-25T23:00:00Z",
            "&bucket=hour",
        )
        .await;
    let keys: Vec<&str> = hours["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["key"].as_str().unwrap())
        .collect();
    assert_eq!(keys.len(), 25, "a 25-hour day: {keys:?}");
    assert!(
        keys.contains(&"2026-10-25T02:00:00+02:00") && keys.contains(&"2026-10-25T02:00:00+01:00")
    );
    // The night shift of the 25th runs 22:00 CET → 06:00 CET (21:00Z → 05:00Z): one row.
    let v = h
        .data("consumption/getconsumtionsbyshifts", line, FROM, TO, "")
        .await;
    let night = row(&v, "rows", |r| {
        r["name"] == "Night" && r["from"] == "2026-10-25T21:00:00Z"
    });
    assert_eq!(night["to"], "2026-10-26T05:00:00Z");
    close(
        night["figures"]["actualKg"].as_f64().unwrap(),
        h.raw_kg(Some(line), "2026-10-25T21:00:00Z", "2026-10-26T05:00:00Z")
            .await,
        "the night shift",
    );
    // The shift filter keeps only that shift's time.
    let v = h
        .data(
            "production/getproductionbyrecipe",
            line,
            FROM,
            TO,
            &format!("&shiftId={}", h.shifts[2]),
        )
        .await;
    let nights: f64 = {
        let all = h
            .data("consumption/getconsumtionsbyshifts", line, FROM, TO, "")
            .await;
        all["rows"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["name"] == "Night")
            .map(|r| r["figures"]["actualKg"].as_f64().unwrap())
            .sum()
    };
    close(kg(&v), nights, "the night shifts");
    assert!(kg(&v) > 0.0);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn filters_narrow_and_zero_or_none_drop_them(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let h = History::new(&app).await;
    h.produce(super::at(FROM), super::at(TO)).await;
    let line = h.line.id.as_str();
    let all = h
        .data(
            "consumption/getconsumptionstatsbyorderwise",
            line,
            FROM,
            TO,
            "",
        )
        .await;
    let order = all["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["code"].is_null() && r["key"] != "")
        .unwrap_or(&all["rows"][0])
        .clone();
    let key = order["key"].as_str().unwrap();
    if !key.is_empty() {
        let one = h
            .data(
                "consumption/totalweightgroupedby",
                line,
                FROM,
                TO,
                &format!("&productionScheduleId={key}"),
            )
            .await;
        close(
            kg(&one),
            order["figures"]["actualKg"].as_f64().unwrap(),
            "one order",
        );
    }
    for none in ["0", "NONE"] {
        let v = h
            .data(
                "consumption/totalweightgroupedby",
                line,
                FROM,
                TO,
                &format!(
                    "&productionScheduleId={none}&recipeId={none}&batchId={none}&shiftId={none}"
                ),
            )
            .await;
        close(kg(&v), kg(&all), "dropped filters");
    }
    let batch = h
        .report(
            "consumption/getconsumtionsbycharges",
            line,
            FROM,
            TO,
            "&limit=1",
        )
        .await
        .ok()["data"]["rows"][0]
        .clone();
    let one = h
        .report(
            "consumption/totalweightgroupedby",
            line,
            FROM,
            TO,
            &format!("&batchId={}", batch["batchId"].as_str().unwrap()),
        )
        .await
        .ok()["data"]
        .clone();
    close(kg(&one), batch["actualKg"].as_f64().unwrap(), "one batch");
    assert_eq!(one["rows"].as_array().unwrap().len(), 3, "three materials");
    let premix = h
        .data(
            "consumption/totalweightgroupedby",
            line,
            FROM,
            TO,
            "&groupBy=day&materialId=PREMIX",
        )
        .await;
    let stats = h
        .data("consumption/getconsumptionstats", line, FROM, TO, "")
        .await;
    let premix_row = row(&stats, "rows", |r| r["code"] == "PREMIX");
    close(
        kg(&premix),
        premix_row["figures"]["actualKg"].as_f64().unwrap(),
        "one material by day",
    );
    assert!(premix_row["figures"]["stdDevKg"].as_f64().unwrap() > 0.0);
    // A recipe filter on a cut into shifts reads the recipe's own hours. The history's layer
    // batches name a recipe version the plant gets here under that `_id`.
    let layer = "22222222-2222-7222-8222-222222222222";
    let made = h.f.add(h.f.body(&h.line, "LAYER")).await;
    sqlx::query("update recipe set id = $1::uuid where id = $2::uuid")
        .bind(layer)
        .bind(made["_id"].as_str().unwrap())
        .execute(&app.state.pool)
        .await
        .unwrap();
    let recipes = h
        .data("production/getproductionbyrecipe", line, FROM, TO, "")
        .await;
    let recipe = row(&recipes, "rows", |r| r["key"] == layer);
    let by_shift = h
        .data(
            "consumption/totalweightgroupedby",
            line,
            FROM,
            TO,
            &format!("&groupBy=shift&recipeId={layer}"),
        )
        .await;
    close(
        kg(&by_shift),
        recipe["figures"]["actualKg"].as_f64().unwrap(),
        "one recipe by shift",
    );
    assert!(kg(&by_shift) < kg(&all), "the recipe filter narrows");
    let grain = h.line.id("GRAIN");
    let cat = h
        .data(
            "consumption/getconsumptionbymaterialcatagory",
            line,
            FROM,
            TO,
            &format!("&materialCategoryId={grain}"),
        )
        .await;
    assert_eq!(cat["categories"].as_array().unwrap().len(), 1);
    assert_eq!(
        cat["categories"][0]["materials"].as_array().unwrap().len(),
        2,
        "corn and soy"
    );
    // Page two follows page one; a page past the end is empty.
    let p1 = h
        .data(
            "consumption/getconsumtionsbycharges",
            line,
            FROM,
            TO,
            "&limit=5&page=1",
        )
        .await;
    let p2 = h
        .data(
            "consumption/getconsumtionsbycharges",
            line,
            FROM,
            TO,
            "&limit=5&page=2",
        )
        .await;
    assert!(p1["rows"][4]["endedAt"].as_str() >= p2["rows"][0]["endedAt"].as_str());
    // Weighings name what they weighed (as configured now); the premix came from no bin.
    let w = &p1["rows"][0]["weighings"];
    assert_eq!(
        (
            w[0]["materialName"].as_str(),
            w[0]["scaleName"].as_str(),
            w[0]["binName"].as_str()
        ),
        (Some("CORN"), Some("Major"), Some("Bin 1"))
    );
    assert!(w[2]["binName"].is_null());
    // A category by its code covers it on every line.
    let both = h
        .data(
            "consumption/getconsumptionbymaterialcatagory",
            "ALL",
            FROM,
            TO,
            "&materialCategoryId=grain",
        )
        .await;
    assert_eq!(
        both["categories"][0]["materials"].as_array().unwrap().len(),
        2
    );
    assert!(
        both["totals"]["actualKg"].as_f64().unwrap() > cat["totals"]["actualKg"].as_f64().unwrap()
    );
    assert_eq!(p1["total"], p2["total"]);
    let past = h
        .data(
            "consumption/getconsumtionsbycharges",
            line,
            FROM,
            TO,
            "&limit=5&page=100000",
        )
        .await;
    assert!(past["rows"].as_array().unwrap().is_empty());
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn bad_filters_answer_400_naming_the_field(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let h = History::new(&app).await;
    let line = h.line.id.clone();
    let unknown = uuid::Uuid::now_v7().to_string();
    for (call, lid, from, to, extra, field) in [
        (
            "consumption/totalweightgroupedby",
            line.as_str(),
            TO,
            FROM,
            "",
            "toDateTime",
        ),
        (
            "consumption/totalweightgroupedby",
            line.as_str(),
            "",
            TO,
            "",
            "fromDateTime",
        ),
        (
            "consumption/totalweightgroupedby",
            line.as_str(),
            FROM,
            "soon",
            "",
            "toDateTime",
        ),
        (
            "consumption/totalweightgroupedby",
            line.as_str(),
            "2025-01-01T00:00:00Z",
            "2026-02-05T00:00:01Z",
            "",
            "toDateTime",
        ),
        (
            "consumption/totalweightgroupedby",
            unknown.as_str(),
            FROM,
            TO,
            "",
            "lineId",
        ),
        (
            "consumption/totalweightgroupedby",
            "PL1",
            FROM,
            TO,
            "",
            "lineId",
        ),
        (
            "consumption/totalweightgroupedby",
            line.as_str(),
            FROM,
            TO,
            "&groupBy=colour",
            "groupBy",
        ),
        (
            "production/productionbytime",
            line.as_str(),
            FROM,
            TO,
            "&bucket=fortnight",
            "bucket",
        ),
        (
            "production/getproductionbyrecipe",
            line.as_str(),
            FROM,
            TO,
            &format!("&shiftId={unknown}"),
            "shiftId",
        ),
        (
            "production/getproductionbyrecipe",
            line.as_str(),
            FROM,
            TO,
            "&recipeId=soup",
            "recipeId",
        ),
        (
            "consumption/getconsumtionsbycharges",
            line.as_str(),
            FROM,
            TO,
            "&page=0",
            "page",
        ),
        (
            "consumption/getconsumtionsbycharges",
            line.as_str(),
            FROM,
            TO,
            "&limit=x",
            "limit",
        ),
    ] {
        let a = h.report(call, lid, from, to, extra).await;
        a.failed(StatusCode::BAD_REQUEST);
        assert!(!a.error(field).is_empty(), "{call} {extra}: {a:?}");
    }
    // 400 days is the most a report covers.
    h.report(
        "consumption/totalweightgroupedby",
        &line,
        "2025-01-01T00:00:00Z",
        "2026-02-05T00:00:00Z",
        "",
    )
    .await
    .ok();
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn reports_need_a_reports_privilege(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let admin = app.super_token().await;
    let (_, recipes) = app
        .user(&admin, "cook@plant.test", "PRIVILEGE", &["RECIPE_READ"])
        .await;
    let (_, reader) = app
        .user(&admin, "analyst@plant.test", "PRIVILEGE", &["REPORTS_READ"])
        .await;
    // Every report call of the contract.
    let paths: Vec<String> = api::openapi()["paths"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(p, ops)| p.starts_with("/api/reports/") && ops.get("get").is_some())
        .map(|(p, _)| p.clone())
        .collect();
    assert!(paths.len() >= 11, "{paths:?}");
    let range = format!(
        "?lineId=ALL&fromDateTime={}&toDateTime={}",
        FROM.replace(':', "%3A"),
        TO.replace(':', "%3A")
    );
    for p in &paths {
        let path = format!("{p}{range}");
        app.get(&path, Some(&recipes))
            .await
            .failed(StatusCode::FORBIDDEN);
        app.get(&path, None).await.failed(StatusCode::UNAUTHORIZED);
        // Every call answers the reader; one about a single batch asks for its number, a compare
        // for its batches, an SPC chart and the live batch for their one line; the consumption
        // SPC screen is _SUPER's and ADMIN's (§6).
        let a = app.get(&path, Some(&reader)).await;
        if p.contains("/spc/consumption") {
            a.failed(StatusCode::FORBIDDEN);
        } else if a.status != StatusCode::OK {
            a.failed(StatusCode::BAD_REQUEST);
            let field = if p.contains("/spc/") || p.ends_with("getlivebatch") {
                "lineId"
            } else if p.contains("getcompare") {
                "batchIds"
            } else {
                "batchId"
            };
            assert!(!a.error(field).is_empty(), "{p}: {a:?}");
        }
    }
    let path = format!("/api/reports/production/getproductionbyrecipe{range}");
    let v = app.get(&path, Some(&reader)).await.ok()["data"].clone();
    assert!(
        v["rows"].as_array().unwrap().is_empty(),
        "no history: no rows"
    );
    assert_eq!(v["totals"]["actualKg"], 0.0);
}
