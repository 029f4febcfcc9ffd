//! Diagnostics (issue 13) under `/api/reports/batches/` (the spec's batches group): what went
//! out of spec in a range (`getbatchesdiagnostics`) and in one batch (`getbatchdiagnostics`),
//! downstream equipment (`getdownstreams`), batches with their process values and the compare
//! of up to ten batches of a recipe against a golden batch (`compare`), the running batch of a
//! line (`getlivebatch`) and the mixing of a range per recipe and step
//! (`getbatchconsolidatemixingreport`).

pub(crate) mod batches;
pub(crate) mod compare;
pub(crate) mod downstream;
pub(crate) mod live;
pub(crate) mod outofspec;
