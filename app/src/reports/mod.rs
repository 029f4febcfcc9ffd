//! The report engine (spec §7 Reports, §9 filters): a report's filters checked into a
//! [`scope::Scope`], its range cut into windows (one per line, per shift occurrence or per
//! calendar bucket) and each window into the pieces the rollups answer (decision 59), and the
//! rows those make. Every report reads the same pieces of the same windows, so the figures of
//! one range agree across reports. The queries are in `db::reports`.

pub mod alarm_performance;
pub mod batches;
pub mod bins;
pub mod calibration;
pub mod charges;
pub mod dashboard;
pub mod diagnostics;
pub mod dimensions;
pub mod figures;
pub mod oee;
pub mod pcs;
pub mod read;
pub mod scope;
pub mod spc;
pub mod stops;
mod windows;
