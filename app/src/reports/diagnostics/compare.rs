//! Compare: up to ten batches of one recipe side by side — their mixing curves overlaid and
//! their process values against a chosen reference ("golden") batch (decision 69).

use chrono::{DateTime, Utc};
use model::Msg;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::reports::batches::BatchIdentity;
use crate::reports::batches::line_name;
use crate::reports::batches::mixing::Curve;
use crate::reports::batches::mixing::curves;
use crate::reports::batches::record::ParameterRow;
use crate::reports::scope::given;
use crate::{App, Error, Result};

/// The most batches a compare takes.
pub const MAX_COMPARED: usize = model::limits::COMPARED_BATCHES;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct CompareQuery {
    /// The batches to compare, comma-separated (1 to 10, all of one recipe); a batch may be
    /// written `<lineId>:<batchId>` when two lines have one of that number.
    pub batch_ids: Option<String>,
    /// The reference batch, one of `batchIds` (default: the first).
    pub golden_batch_id: Option<String>,
    /// Only these process value codes, comma-separated (default: all).
    pub parameter_codes: Option<String>,
}

/// The batches a compare names, in order, with the golden one's index: 400 naming the field
/// for none, more than ten, one not found, batches of several recipes or a golden batch not
/// among them.
pub async fn compared(
    app: &App,
    c: &CompareQuery,
) -> Result<(Vec<db::diagnostics::BatchRef>, usize)> {
    let named: Vec<(String, String)> = c
        .batch_ids
        .as_deref()
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|b| !b.is_empty())
        .map(|b| match b.split_once(':') {
            Some((l, id)) => (l.trim().to_string(), id.trim().to_string()),
            None => (String::new(), b.to_string()),
        })
        .collect();
    if named.is_empty() {
        return Err(Error::field("batchIds", Msg::new("validation.required")));
    }
    if named.len() > MAX_COMPARED {
        return Err(Error::field(
            "batchIds",
            Msg::new("diagnostics.tooManyBatches").arg("max", MAX_COMPARED.to_string()),
        ));
    }
    let (lines, ids): (Vec<String>, Vec<String>) = named.iter().cloned().unzip();
    let found = db::diagnostics::named(app.reads(), &lines, &ids).await?;
    let mut batches = Vec::with_capacity(named.len());
    for (line, id) in &named {
        let mut of: Vec<_> = found
            .iter()
            .filter(|b| &b.batch.batch_id == id && (line.is_empty() || &b.batch.line_id == line))
            .collect();
        match of.len() {
            0 => {
                return Err(Error::field(
                    "batchIds",
                    Msg::new("diagnostics.batchNotFound").arg("batch", id.clone()),
                ));
            }
            1 => batches.push(of.remove(0).clone()),
            _ => {
                return Err(Error::field(
                    "batchIds",
                    Msg::new("report.batchOnSeveralLines"),
                ));
            }
        }
    }
    let recipe = |b: &db::diagnostics::BatchRef| {
        b.batch
            .recipe_code
            .clone()
            .unwrap_or_else(|| b.batch.recipe_id.clone())
            .to_lowercase()
    };
    if batches.iter().any(|b| recipe(b) != recipe(&batches[0])) {
        return Err(Error::field(
            "batchIds",
            Msg::new("diagnostics.severalRecipes"),
        ));
    }
    let golden = match given(c.golden_batch_id.as_deref()) {
        None => 0,
        Some(g) => {
            let g = g.rsplit(':').next().unwrap_or(g).trim();
            batches
                .iter()
                .position(|b| b.batch.batch_id == g)
                .ok_or_else(|| {
                    Error::field("goldenBatchId", Msg::new("diagnostics.goldenNotCompared"))
                })?
        }
    };
    Ok((batches, golden))
}

pub fn codes(c: &CompareQuery) -> Option<Vec<String>> {
    let v: Vec<String> = c
        .parameter_codes
        .as_deref()
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|c| !c.is_empty() && *c != "ALL")
        .map(str::to_string)
        .collect();
    (!v.is_empty()).then_some(v)
}

/// A compared batch.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComparedBatch {
    #[serde(flatten)]
    pub batch: BatchIdentity,
    pub started_at: Option<DateTime<Utc>>,
    pub ended_at: Option<DateTime<Utc>>,
    pub status: String,
    pub golden: bool,
}

/// The compared batches as the answer lists them, the golden one marked.
pub async fn compared_batches(
    app: &App,
    batches: &[db::diagnostics::BatchRef],
    golden: usize,
) -> Result<Vec<ComparedBatch>> {
    let mut names: Vec<(String, Option<String>)> = Vec::new();
    let mut out = Vec::with_capacity(batches.len());
    for (i, b) in batches.iter().enumerate() {
        let name = match names.iter().find(|(l, _)| *l == b.batch.line_id) {
            Some((_, n)) => n.clone(),
            None => {
                let n = line_name(app, &b.batch.line_id).await?;
                names.push((b.batch.line_id.clone(), n.clone()));
                n
            }
        };
        out.push(ComparedBatch {
            batch: BatchIdentity::new(b.batch.clone(), name),
            started_at: b.started_at,
            ended_at: b.ended_at,
            status: b.status.as_str().to_string(),
            golden: i == golden,
        });
    }
    Ok(out)
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompareMixing {
    pub batches: Vec<ComparedBatch>,
    pub golden_batch_id: String,
    /// Every process curve of every batch against its own start, in the batches' order, then by
    /// code.
    pub curves: Vec<Curve>,
}

/// A process value of a compared batch, and its difference from the golden batch's.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComparedValue {
    pub line_id: String,
    pub batch_id: String,
    pub golden: bool,
    pub samples: i64,
    pub min: f64,
    pub max: f64,
    pub mean: f64,
    pub exceeded: bool,
    /// Mean − the golden batch's mean (none when the golden batch has no such value).
    pub delta_mean: Option<f64>,
}

/// A process value across the compared batches.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComparedParameter {
    pub code: String,
    pub name: Option<String>,
    pub unit: Option<String>,
    pub low_limit: Option<f64>,
    pub high_limit: Option<f64>,
    /// One per compared batch that has the value, in the batches' order.
    pub values: Vec<ComparedValue>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompareParameters {
    pub batches: Vec<ComparedBatch>,
    pub golden_batch_id: String,
    pub rows: Vec<ComparedParameter>,
}

/// The mixing curves of up to ten batches of one recipe, each against its own start, for an
/// overlay with the golden batch marked.
pub async fn compare_mixing(app: &App, c: &CompareQuery) -> Result<CompareMixing> {
    let (batches, golden) = compared(app, c).await?;
    let keys: Vec<_> = batches
        .iter()
        .map(|b| {
            (
                b.batch.line_id.clone(),
                b.batch.batch_id.clone(),
                b.started_at,
            )
        })
        .collect();
    let mut curves = curves(app, &keys, codes(c).as_deref()).await?;
    // In the order the batches were named (stable: each batch's codes stay in order).
    curves.sort_by_key(|c| {
        batches
            .iter()
            .position(|b| b.batch.line_id == c.line_id && b.batch.batch_id == c.batch_id)
    });
    Ok(CompareMixing {
        golden_batch_id: batches[golden].batch.batch_id.clone(),
        batches: compared_batches(app, &batches, golden).await?,
        curves,
    })
}

/// The process values of up to ten batches of one recipe side by side, each against the golden
/// batch's.
pub async fn compare_parameters(app: &App, c: &CompareQuery) -> Result<CompareParameters> {
    let (batches, golden) = compared(app, c).await?;
    let lines: Vec<String> = batches.iter().map(|b| b.batch.line_id.clone()).collect();
    let ids: Vec<String> = batches.iter().map(|b| b.batch.batch_id.clone()).collect();
    let only = codes(c);
    let params: Vec<_> = db::batches::parameters(app.reads(), &lines, &ids)
        .await?
        .into_iter()
        .filter(|p| {
            only.as_ref()
                .is_none_or(|o| o.iter().any(|c| c.eq_ignore_ascii_case(&p.parameter_code)))
        })
        .collect();
    let mut codes: Vec<String> = params.iter().map(|p| p.parameter_code.clone()).collect();
    codes.sort();
    codes.dedup();
    let g = &batches[golden];
    let rows = codes
        .into_iter()
        .map(|code| {
            let of = |b: &db::diagnostics::BatchRef| {
                params.iter().find(|p| {
                    p.line_id == b.batch.line_id
                        && p.batch_id == b.batch.batch_id
                        && p.parameter_code == code
                })
            };
            let golden_mean = of(g).map(|p| p.mean_value);
            let first = params.iter().find(|p| p.parameter_code == code);
            ComparedParameter {
                name: first.and_then(|p| p.name.clone()),
                unit: first.and_then(|p| p.unit.clone()),
                low_limit: first.and_then(|p| p.low_limit),
                high_limit: first.and_then(|p| p.high_limit),
                values: batches
                    .iter()
                    .enumerate()
                    .filter_map(|(i, b)| {
                        let p = of(b)?;
                        let row = ParameterRow::from(p);
                        Some(ComparedValue {
                            line_id: b.batch.line_id.clone(),
                            batch_id: b.batch.batch_id.clone(),
                            golden: i == golden,
                            samples: p.samples,
                            min: p.min_value,
                            max: p.max_value,
                            mean: p.mean_value,
                            exceeded: row.exceeded,
                            delta_mean: golden_mean.map(|m| p.mean_value - m),
                        })
                    })
                    .collect(),
                code,
            }
        })
        .collect();
    Ok(CompareParameters {
        golden_batch_id: g.batch.batch_id.clone(),
        batches: compared_batches(app, &batches, golden).await?,
        rows,
    })
}
