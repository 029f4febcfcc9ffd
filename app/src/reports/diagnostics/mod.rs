//! Diagnostics (issue 13) under `/api/reports/batches/` (the spec's batches group): what went
//! out of spec in a range (`getbatchesdiagnostics`) and in one batch (`getbatchdiagnostics`),
//! downstream equipment (`getdownstreams`), batches with their process values and the compare
//! of up to ten batches of a recipe against a golden batch (`compare`), the running batch of a
//! line (`getlivebatch`) and the mixing of a range per recipe and step
//! (`getbatchconsolidatemixingreport`).

pub mod batches;
pub mod compare;
pub mod downstream;
pub mod live;
pub mod outofspec;

use std::collections::HashMap;

use crate::{App, Result};

/// Report parameters by (line, code in lower case).
pub async fn parameters_by_code(
    app: &App,
    lines: &[String],
    downstream: bool,
) -> Result<HashMap<(String, String), db::diagnostics::ReportParameter>> {
    Ok(
        db::diagnostics::report_parameters(app.reads(), lines, downstream)
            .await?
            .into_iter()
            .map(|p| ((p.line_id.clone(), p.code.to_lowercase()), p))
            .collect(),
    )
}
