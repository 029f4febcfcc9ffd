//! Plant configuration: a builder that makes a valid record of any entity from its descriptor
//! (creating whatever it refers to on the same line), the calls in each entity's path style,
//! and the tests built on them.

mod import;
mod round_trip;
mod rules;
mod schema;

use std::sync::atomic::{AtomicU32, Ordering};

use axum::http::Method;
use futures::future::BoxFuture;
use model::config::{Entity, Field, Kind, Routes, by_key};
use serde_json::{Map, Value, json};

use crate::harness::{Answer, TestApp};

pub struct Plant<'a> {
    pub app: &'a TestApp,
    pub token: String,
    n: AtomicU32,
}

pub fn entity(key: &str) -> &'static Entity {
    by_key(key).unwrap_or_else(|| panic!("no entity {key}"))
}

impl<'a> Plant<'a> {
    pub async fn new(app: &'a TestApp) -> Plant<'a> {
        let token = app.super_token().await;
        Plant {
            app,
            token,
            n: AtomicU32::new(0),
        }
    }

    fn next(&self) -> u32 {
        self.n.fetch_add(1, Ordering::Relaxed) + 1
    }

    /// A new line; returns its id.
    pub async fn line(&self) -> String {
        let n = self.next();
        let a = self
            .app
            .post("/api/lines/add", json!({"name": format!("Line {n}"), "code": format!("L{n}"), "timezone": "Europe/Berlin"}), Some(&self.token))
            .await;
        a.ok()["data"]["_id"].as_str().unwrap().to_string()
    }

    /// A valid body for `e` on `line`, creating the records it refers to.
    pub fn sample<'b>(
        &'b self,
        e: &'static Entity,
        line: &'b str,
    ) -> BoxFuture<'b, Map<String, Value>> {
        Box::pin(async move {
            let mut body = self.values(e.fields, line).await;
            if e.scoped {
                body.insert("lineId".into(), json!(line));
            }
            body
        })
    }

    fn values<'b>(
        &'b self,
        fields: &'static [Field],
        line: &'b str,
    ) -> BoxFuture<'b, Map<String, Value>> {
        Box::pin(async move {
            let mut body = Map::new();
            for f in fields {
                let n = self.next();
                let v = match f.kind {
                    Kind::Text { .. } => json!(format!("Sample {} {n}", f.name)),
                    Kind::Code => json!(format!("C{n}")),
                    Kind::Int { min, max } => json!(1.clamp(min, max)),
                    Kind::Decimal { min, max } => json!(1.0_f64.clamp(min, max)),
                    Kind::Bool { default } => json!(!default),
                    Kind::Choice { options } => json!(options[0]),
                    Kind::Time => json!("06:00"),
                    Kind::TimeZone => json!("Europe/Berlin"),
                    Kind::Ref { entity: target } => {
                        json!(self.create(entity(target), line).await["_id"])
                    }
                    Kind::RefList { entity: target } => {
                        json!([self.create(entity(target), line).await["_id"]])
                    }
                    Kind::IdList { .. } => json!([]),
                    Kind::TextList { options } => json!([options.first().copied().unwrap_or("a")]),
                    Kind::Items { fields } => json!([self.values(fields, line).await]),
                };
                body.insert(f.name.into(), v);
            }
            body
        })
    }

    /// Creates a sample record of `e` on `line` and returns it.
    pub fn create<'b>(&'b self, e: &'static Entity, line: &'b str) -> BoxFuture<'b, Value> {
        Box::pin(async move {
            if e.key == "lines" {
                let id = self.line().await;
                return self.get(e, &id).await.ok()["data"].clone();
            }
            let body = self.sample(e, line).await;
            let a = self.add(e, Value::Object(body)).await;
            a.ok()["data"].clone()
        })
    }

    pub async fn add(&self, e: &Entity, body: Value) -> Answer {
        let path = match e.routes {
            Routes::StopReasons => "/api/stopreason".to_string(),
            _ => format!("{}/add", e.base_path()),
        };
        self.app.post(&path, body, Some(&self.token)).await
    }

    pub async fn get(&self, e: &Entity, id: &str) -> Answer {
        self.app
            .get(&format!("{}/{id}", e.base_path()), Some(&self.token))
            .await
    }

    pub async fn list(&self, e: &Entity, query: &str) -> Answer {
        self.app
            .get(&format!("{}?{query}", e.base_path()), Some(&self.token))
            .await
    }

    pub async fn edit(&self, e: &Entity, id: &str, body: Value) -> Answer {
        let base = e.base_path();
        let (method, path) = match e.routes {
            Routes::Pattern => (Method::POST, format!("{base}/edit/{id}")),
            Routes::Shifts => (Method::PUT, format!("{base}/update/{id}")),
            Routes::StopTimeGroups => (Method::PUT, format!("{base}/edit/{id}")),
            Routes::StopReasons => (Method::POST, format!("{base}/{id}")),
        };
        self.app
            .raw(
                method,
                &path,
                Some(body.to_string()),
                Some(&self.token),
                None,
            )
            .await
    }

    pub async fn delete(&self, e: &Entity, id: &str) -> Answer {
        self.delete_as(e, id, &self.token).await
    }

    pub async fn delete_as(&self, e: &Entity, id: &str, token: &str) -> Answer {
        let base = e.base_path();
        let body = json!({"id": id, "deletedBy": "someone@else.test"}).to_string();
        let (method, path, body) = match e.routes {
            Routes::Pattern | Routes::Shifts => {
                (Method::POST, format!("{base}/delete"), Some(body))
            }
            Routes::StopTimeGroups => (Method::DELETE, format!("{base}/delete/{id}"), None),
            Routes::StopReasons => (Method::DELETE, format!("{base}/{id}"), None),
        };
        self.app.raw(method, &path, body, Some(token), None).await
    }
}

/// The ids of a list answer.
pub fn ids(a: &Answer) -> Vec<String> {
    a.ok()["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["_id"].as_str().unwrap().to_string())
        .collect()
}
