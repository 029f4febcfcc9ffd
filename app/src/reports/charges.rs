//! The batch list ("charges") of a range, a page at a time with each batch's weighings.

use serde::Serialize;
use utoipa::ToSchema;

use super::figures::{Figures, Row, Rows};
use super::read::{Names, batch_rows};
use super::scope::{BatchIdentity, Cut, Scope};
use crate::{App, Result};

/// A batch ("charge") with what was weighed into it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Charge {
    #[serde(flatten)]
    pub batch: BatchIdentity,
    pub started_at: Option<chrono::DateTime<chrono::Utc>>,
    pub ended_at: chrono::DateTime<chrono::Utc>,
    /// `COMPLETE` or `ABORTED`.
    pub status: String,
    pub target_kg: f64,
    pub setpoint_kg: f64,
    pub actual_kg: f64,
    pub deviation_kg: f64,
    pub doses: i64,
    pub out_of_tolerance: i64,
    /// `[{materialId, materialName, scaleId, scaleName, binId, binName, setpointKg, actualKg,
    /// inTolerance}]` in dosing order (names of what is configured now).
    #[schema(value_type = Vec<Object>)]
    pub weighings: serde_json::Value,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChargeReport {
    pub from_date_time: chrono::DateTime<chrono::Utc>,
    pub to_date_time: chrono::DateTime<chrono::Utc>,
    pub page: i64,
    pub limit: i64,
    /// Batches in the range (every page).
    pub total: i64,
    pub rows: Vec<Charge>,
    /// Totals of every batch in the range, not only this page.
    pub totals: Figures,
}

/// Page `page` (of `limit` batches) of the batches of `scope`, newest first, with their
/// weighings, and the totals of every batch in the range.
pub async fn charges(app: &App, scope: &Scope, page: i64, limit: i64) -> Result<ChargeReport> {
    let windows = scope.windows(app, Cut::Whole).await?;
    let mut rows = Rows::new();
    for r in batch_rows(app, scope, &windows).await? {
        rows.entry("", || Row::new("", "")).figures.add_batch(&r);
    }
    let (_, totals) = rows.finish();
    let mut bw = db::reports::BatchWindows::default();
    for w in &windows {
        bw.lines.push(scope.lines[w.line].id.clone());
        bw.from.push(w.from);
        bw.to.push(w.to);
    }
    let list = db::reports::batch_list(
        app.reads(),
        &bw,
        &scope.pieces(app, &[]).await?,
        limit,
        (page - 1) * limit,
    )
    .await?;
    let names = [
        ("material", Names::load(app, "material", scope).await?),
        ("scale", Names::load(app, "scale", scope).await?),
        ("bin", Names::load(app, "bin", scope).await?),
    ];
    let rows = list
        .into_iter()
        .map(|mut b| {
            if let Some(ws) = b.weighings.as_array_mut() {
                for w in ws {
                    for (kind, n) in &names {
                        let code = w[format!("{kind}Id")]
                            .as_str()
                            .unwrap_or_default()
                            .to_string();
                        let name = n.get(&b.batch.line_id, &code).map(|n| n.name.clone());
                        w[format!("{kind}Name")] = name.into();
                    }
                }
            }
            b
        })
        .map(|b| Charge {
            batch: scope.identity(b.batch),
            started_at: b.started_at,
            ended_at: b.ended_at,
            status: b.status.as_str().to_string(),
            target_kg: b.target_kg,
            setpoint_kg: b.setpoint_kg,
            actual_kg: b.actual_kg,
            deviation_kg: b.actual_kg - b.setpoint_kg,
            doses: b.doses,
            out_of_tolerance: b.out_of_tolerance,
            weighings: b.weighings,
        })
        .collect();
    Ok(ChargeReport {
        from_date_time: scope.from,
        to_date_time: scope.to,
        page,
        limit,
        total: totals.batches.unwrap_or(0),
        rows,
        totals,
    })
}
