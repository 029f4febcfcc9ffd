//! Turns the demo tables into records, one line at a time: every record goes through
//! [`create`] on the current line, after the records whose ids it takes.

mod equipment;
mod recipes;

use std::collections::HashMap;

use app::App;
use app::plant::entity;
use serde_json::{Value as Json, json};

use crate::data::equipment::{LINES, LineSpec, TIME_ZONE};
use crate::data::trade::{CUSTOMERS, SIGNATURE_MEANINGS, SUPPLIERS};
use crate::{Names, Summary};

pub(super) struct Seeder<'a> {
    state: &'a App,
    actor: String,
    /// The seed language, an index into [`Names`].
    lang: usize,
    /// The id of the line being seeded.
    line: Json,
    /// The ids of this line's records by entity key and code.
    ids: HashMap<(&'static str, &'static str), Json>,
    summary: Summary,
}

/// A parameter's `min` and `max`: its range, or nulls for one without.
fn limits(range: Option<(f64, f64)>) -> (Json, Json) {
    range.map_or((Json::Null, Json::Null), |(a, b)| (json!(a), json!(b)))
}

impl<'a> Seeder<'a> {
    /// A seeder that creates records as `actor` with names in language `lang`.
    pub(super) fn new(state: &'a App, actor: String, lang: usize) -> Self {
        Seeder {
            state,
            actor,
            lang,
            line: Json::Null,
            ids: HashMap::new(),
            summary: Summary::default(),
        }
    }

    /// Seeds every line of [`LINES`]; what was created.
    pub(super) async fn plant(mut self) -> anyhow::Result<Summary> {
        for (index, spec) in LINES.iter().enumerate() {
            self.line(index, spec).await?;
        }
        self.trade().await?;
        Ok(self.summary)
    }

    /// The mill's suppliers and customers and its own meaning of a signature (installation-wide).
    async fn trade(&mut self) -> anyhow::Result<()> {
        self.line = Json::Null;
        for (code, name, address, approval) in SUPPLIERS {
            let body =
                json!({"code": code, "name": name, "address": address, "approval": approval});
            self.add("suppliers", code, body).await?;
        }
        for (code, name, address) in CUSTOMERS {
            let body = json!({"code": code, "name": name, "address": address});
            self.add("customers", code, body).await?;
        }
        for (code, names) in SIGNATURE_MEANINGS {
            let body = json!({"code": code, "name": self.name(names)});
            self.add("signaturemeanings", code, body).await?;
        }
        Ok(())
    }

    /// Seeds lines `L{from}..=L{to}`, each like the demo line it takes turns with (a pellet line,
    /// then a mash line); for history and benchmarks on more lines than the demo has.
    pub(super) async fn more_lines(mut self, from: usize, to: usize) -> anyhow::Result<Summary> {
        for n in from..=to {
            let like = &LINES[(n - 1) % LINES.len()];
            let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
            let names = like.names.map(|name| {
                let kind = name.split_once(" – ").map_or(name, |(_, k)| k);
                leak(format!(
                    "{} {n} – {kind}",
                    name.split(' ').next().unwrap_or("Line")
                ))
            });
            let spec = LineSpec {
                code: leak(format!("L{n}")),
                names,
                ..*like
            };
            self.line((n - 1) % LINES.len(), &spec).await?;
        }
        Ok(self.summary)
    }
}

impl Seeder<'_> {
    fn name(&self, names: &Names) -> &'static str {
        names[self.lang]
    }

    /// Creates a record of `key` on the current line; remembers its id under `code`.
    async fn add(
        &mut self,
        key: &'static str,
        code: &'static str,
        mut body: Json,
    ) -> anyhow::Result<()> {
        if entity(key).scoped {
            body["lineId"] = self.line.clone();
        }
        let record = create(self.state, &self.actor, key, body).await?;
        let id = record["_id"].clone();
        anyhow::ensure!(id.is_string(), "{key} {code}: created without an id");
        self.ids.insert((key, code), id);
        *self.summary.created.entry(key).or_default() += 1;
        Ok(())
    }

    /// Creates a record of `key` with `code`, named in the seed language, and the other fields
    /// of `body` (an object).
    async fn coded(
        &mut self,
        key: &'static str,
        code: &'static str,
        names: &Names,
        mut body: Json,
    ) -> anyhow::Result<()> {
        body["name"] = json!(self.name(names));
        body["code"] = json!(code);
        self.add(key, code, body).await
    }

    /// The id of a record of this line; the tables only name records made before.
    fn id(&self, key: &'static str, code: &'static str) -> Json {
        self.ids
            .get(&(key, code))
            .cloned()
            .unwrap_or_else(|| panic!("demo plant: no {key} {code}"))
    }

    fn ids(&self, key: &'static str, codes: &[&'static str]) -> Json {
        Json::Array(codes.iter().map(|c| self.id(key, c)).collect())
    }

    /// Every id of `key` on the current line.
    fn all(&self, key: &'static str) -> Json {
        let mut ids: Vec<(&str, Json)> = self
            .ids
            .iter()
            .filter(|((k, _), _)| *k == key)
            .map(|((_, c), id)| (*c, id.clone()))
            .collect();
        ids.sort_by(|a, b| a.0.cmp(b.0));
        Json::Array(ids.into_iter().map(|(_, id)| id).collect())
    }

    /// Seeds line `index` of [`LINES`] and everything on it, each table after those it names.
    async fn line(&mut self, index: usize, spec: &LineSpec) -> anyhow::Result<()> {
        self.ids.clear();
        self.line = Json::Null;
        let body = json!({
            "timezone": TIME_ZONE, "active": true, "batchSizeKg": spec.batch_kg,
            "mixerCapacityKg": spec.mixer_kg, "nominalBatchTimeS": spec.nominal_batch_s,
        });
        self.coded("lines", spec.code, &spec.names, body).await?;
        self.line = self.id("lines", spec.code);

        self.shifts_and_scales().await?;
        self.materials(spec).await?;
        self.feeding_points().await?;
        self.mixing().await?;
        self.parameters(index, spec).await?;
        self.iram(index).await?;
        self.parameter_groups().await?;
        self.stops().await?;
        self.recipes(spec).await
    }
}

/// Creates a record of the entity `key` through the checks of its add call; a refused record
/// is an error naming its field problems.
async fn create(app: &App, actor: &str, key: &str, body: Json) -> anyhow::Result<Json> {
    let e = model::config::by_key(key).ok_or_else(|| anyhow::anyhow!("no entity {key}"))?;
    let Json::Object(body) = body else {
        anyhow::bail!("{key}: a record is a JSON object");
    };
    app::plant::create(app, actor, e, &body)
        .await
        .map_err(|err| match err {
            app::Error::Invalid(f) | app::Error::Conflicts(f) => {
                anyhow::anyhow!("{key} {body:?}: {f:?}")
            }
            other => anyhow::anyhow!("{key}: {other}"),
        })
}
