//! Reports (spec §7 Reports, issue 12): consumption and production, each a `GET` with the §9
//! filters, under `/api/reports/<group>/<call>`. Every report reads the rollups that count a
//! batch at its end plus the raw rows at the edges of its range (decision 59), so the figures of
//! one range agree across reports.

mod alarm_performance;
mod batches;
mod bins;
mod calibration;
pub(crate) mod charges;
mod consumption;
mod diagnostics;
mod exports;
pub mod figures;
mod oee;
mod pcs;
pub mod pdf;
pub mod pdf_body;
mod pdf_text;
mod production;
pub(crate) mod read;
mod record_pdf;
pub mod scope;
mod spc;
pub(crate) mod stops;

use model::AccessRule;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::auth::guarded;

pub fn router() -> OpenApiRouter<AppState> {
    let read = |r| guarded(AccessRule::REPORTS_READ, r);
    OpenApiRouter::new()
        .routes(read(routes!(consumption::total_weight_grouped_by)))
        .routes(read(routes!(consumption::consumption_stats)))
        .routes(read(routes!(consumption::by_category)))
        .routes(read(routes!(consumption::by_shifts)))
        .routes(read(routes!(consumption::by_order)))
        .routes(read(routes!(charges::by_charges)))
        .routes(read(routes!(production::production_by_recipe)))
        .routes(read(routes!(production::production_by_time)))
        .routes(read(routes!(stops::report)))
        .routes(read(routes!(alarm_performance::report)))
        .routes(read(routes!(exports::alarm_performance_pdf)))
        .routes(read(routes!(oee::report)))
        .routes(read(routes!(exports::oee_pdf)))
        .routes(read(routes!(bins::material_history)))
        .routes(read(routes!(calibration::calibration_report)))
        .routes(read(routes!(exports::total_weight_pdf)))
        .routes(read(routes!(exports::consumption_stats_pdf)))
        .routes(read(routes!(exports::by_category_pdf)))
        .routes(read(routes!(exports::by_shifts_pdf)))
        .routes(read(routes!(exports::by_order_pdf)))
        .routes(read(routes!(exports::by_charges_pdf)))
        .routes(read(routes!(exports::production_by_recipe_pdf)))
        .routes(read(routes!(exports::production_by_time_pdf)))
        .routes(read(routes!(exports::stop_time_pdf)))
        .routes(read(routes!(exports::bin_history_pdf)))
        .routes(read(routes!(exports::calibration_pdf)))
        .routes(read(routes!(exports::batch_stats_pdf)))
        .routes(read(routes!(exports::batch_stats_by_order_pdf)))
        .routes(read(routes!(exports::detailed_summary_pdf)))
        .routes(read(routes!(exports::batch_weighings_pdf)))
        .routes(read(routes!(exports::batch_mixing_pdf)))
        .routes(read(routes!(exports::batch_parameters_pdf)))
        .routes(read(routes!(exports::batch_misc_pdf)))
        .routes(read(routes!(exports::batch_alarms_pdf)))
        .routes(read(routes!(exports::alarm_list_pdf)))
        .routes(read(routes!(exports::spc_batch_pdf)))
        .routes(read(routes!(exports::out_of_spec_pdf)))
        .routes(read(routes!(exports::batch_diagnostics_pdf)))
        .routes(read(routes!(exports::batches_with_parameters_pdf)))
        .routes(read(routes!(exports::compare_mixing_pdf)))
        .routes(read(routes!(exports::compare_parameters_pdf)))
        .routes(read(routes!(exports::downstreams_pdf)))
        .routes(read(routes!(exports::consolidated_mixing_pdf)))
        .routes(read(routes!(exports::pressure_pdf)))
        .routes(read(routes!(exports::pressure_report_pdf)))
        .routes(read(routes!(exports::pressure_graph_pdf)))
        .routes(read(routes!(record_pdf::batch_record_pdf)))
        .routes(read(routes!(record_pdf::live_batch_pdf)))
        .routes(guarded(
            AccessRule::ADMINS,
            routes!(exports::spc_consumption_pdf),
        ))
        .routes(read(routes!(batches::stats::batch_stats)))
        .routes(read(routes!(batches::stats::batch_stats_by_order)))
        .routes(read(routes!(batches::summary::detailed_summary)))
        .routes(read(routes!(batches::record::batch_details)))
        .routes(read(routes!(batches::doses::batch_weighings)))
        .routes(read(routes!(batches::mixing::batch_mixing)))
        .routes(read(routes!(batches::record::batch_parameters)))
        .routes(read(routes!(batches::record::batch_misc)))
        .routes(read(routes!(batches::alarms::batch_alarms)))
        .routes(read(routes!(batches::alarms::alarm_list)))
        .routes(read(routes!(batches::alarms::config_list)))
        .routes(guarded(
            AccessRule::ADMINS,
            routes!(batches::alarms::config_update),
        ))
        .routes(read(routes!(diagnostics::outofspec::out_of_spec)))
        .routes(read(routes!(diagnostics::outofspec::batch_diagnostics)))
        .routes(read(routes!(diagnostics::batches::batches_with_parameters)))
        .routes(read(routes!(diagnostics::compare::compare_mixing)))
        .routes(read(routes!(diagnostics::compare::compare_parameters)))
        .routes(read(routes!(diagnostics::downstream::downstreams)))
        .routes(read(routes!(diagnostics::downstream::consolidated_mixing)))
        .routes(read(routes!(diagnostics::live::live_batch)))
        .routes(read(routes!(pcs::material_codes)))
        .routes(read(routes!(pcs::pressure)))
        .routes(read(routes!(pcs::pressure_report)))
        .routes(read(routes!(pcs::pressure_graph)))
        .routes(read(routes!(spc::chart::batch_graph)))
        .routes(guarded(
            AccessRule::ADMINS,
            routes!(spc::chart::consumption_graph),
        ))
        .routes(read(routes!(spc::violations)))
        .routes(read(routes!(spc::sets::batch_sets)))
        .routes(guarded(
            AccessRule::REPORTS_UPDATE,
            routes!(spc::sets::add_batch_set),
        ))
        .routes(guarded(
            AccessRule::REPORTS_UPDATE,
            routes!(spc::sets::update_batch_set),
        ))
        .routes(guarded(
            AccessRule::REPORTS_UPDATE,
            routes!(spc::sets::delete_batch_set),
        ))
        .routes(guarded(
            AccessRule::ADMINS,
            routes!(spc::sets::consumption_sets),
        ))
        .routes(guarded(
            AccessRule::ADMINS,
            routes!(spc::sets::add_consumption_set),
        ))
        .routes(guarded(
            AccessRule::ADMINS,
            routes!(spc::sets::update_consumption_set),
        ))
        .routes(guarded(
            AccessRule::ADMINS,
            routes!(spc::sets::delete_consumption_set),
        ))
        .routes(guarded(AccessRule::REPORTS_UPDATE, routes!(stops::assign)))
}
