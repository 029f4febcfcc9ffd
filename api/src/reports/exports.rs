//! `POST <report path>/generatePdf` for every report: the report's own call for the filters in
//! the query, printed as the body lays it out (`pdf::render`). List reports print up to
//! `PDF_ROWS` rows in one document.

use axum::extract::State;
use axum::http::Uri;
use axum::response::Response;

use super::alarm_performance;
use super::bins::{self, BinFilter};
use super::calibration::{self, ScaleFilter};
use super::charges;
use super::consumption::{self, Grouping};
use super::oee::{self, OeeGrouping};
use super::pdf::{PDF_ROWS, PdfBody, render};
use super::production::{self, Buckets};
use super::scope::ReportQuery;
use super::stops;
use crate::AppState;
use crate::auth::AuthUser;
use crate::error::ApiResult;
use crate::extract::{Body, Query};
use crate::i18n_layer::RequestLang;
use crate::paging::Paging;

/// The first page of a list report, as long as a PDF takes.
pub(super) fn whole() -> Query<Paging> {
    Query(Paging {
        page: None,
        limit: Some(PDF_ROWS.into()),
    })
}

/// A `generatePdf` handler `$name` at `$path`: the query's `ReportQuery` as `$q` and the other
/// query parameters `$x: $t`, `$call` the report's own call (an `Answer`).
macro_rules! report_pdf {
    ($(#[$doc:meta])* $name:ident, $path:literal, [$($x:ident: $t:ty),*], |$s:ident, $lang:ident, $q:ident| $call:expr) => {
        $(#[$doc])*
        #[utoipa::path(post, path = $path, tag = "reports", params(ReportQuery $(, $t)*), request_body = PdfBody,
            responses((status = 200, description = "the report as a PDF document", content_type = "application/pdf"),
                      (status = 400)))]
        pub async fn $name(
            State($s): State<AppState>,
            user: AuthUser,
            $lang: RequestLang,
            uri: Uri,
            Query($q): Query<ReportQuery>,
            $(Query($x): Query<$t>,)*
            Body(body): Body<PdfBody>,
        ) -> ApiResult<Response> {
            let (state, filters) = ($s.clone(), $q.clone());
            let axum::Json(answer) = $call.await?;
            render(&state, &user, $lang, &filters, &uri, body, answer.data).await
        }
    };
}

report_pdf!(
    /// Consumption grouped as `groupBy` says, as a PDF.
    total_weight_pdf, "/api/reports/consumption/totalweightgroupedby/generatePdf", [g: Grouping],
    |s, lang, q| consumption::total_weight_grouped_by(State(s), lang, Query(q), Query(g))
);
report_pdf!(
    /// Consumption statistics per material, as a PDF.
    consumption_stats_pdf, "/api/reports/consumption/getconsumptionstats/generatePdf", [g: Grouping],
    |s, lang, q| consumption::consumption_stats(State(s), lang, Query(q), Query(g))
);
report_pdf!(
    /// Consumption per material category, as a PDF (`data`: `categories`).
    by_category_pdf, "/api/reports/consumption/getconsumptionbymaterialcatagory/generatePdf", [g: Grouping],
    |s, lang, q| consumption::by_category(State(s), lang, Query(q), Query(g))
);
report_pdf!(
    /// Consumption per shift, as a PDF.
    by_shifts_pdf, "/api/reports/consumption/getconsumtionsbyshifts/generatePdf", [g: Grouping],
    |s, lang, q| consumption::by_shifts(State(s), lang, Query(q), Query(g))
);
report_pdf!(
    /// Consumption per production order, as a PDF.
    by_order_pdf, "/api/reports/consumption/getconsumptionstatsbyorderwise/generatePdf", [],
    |s, lang, q| consumption::by_order(State(s), lang, Query(q))
);
report_pdf!(
    /// The batches of the range with their kilograms, as a PDF.
    by_charges_pdf, "/api/reports/consumption/getconsumtionsbycharges/generatePdf", [],
    |s, lang, q| { let _ = lang; charges::by_charges(State(s), Query(q), whole()) }
);
report_pdf!(
    /// Production per recipe, as a PDF.
    production_by_recipe_pdf, "/api/reports/production/getproductionbyrecipe/generatePdf", [],
    |s, lang, q| production::production_by_recipe(State(s), lang, Query(q))
);
report_pdf!(
    /// Production per time bucket, as a PDF.
    production_by_time_pdf, "/api/reports/production/productionbytime/generatePdf", [b: Buckets],
    |s, lang, q| production::production_by_time(State(s), lang, Query(q), Query(b))
);
report_pdf!(
    /// The stops of the range (`data`: `stops`) or their Pareto (`pareto`), as a PDF.
    stop_time_pdf, "/api/reports/stoptimereport/generatePdf", [],
    |s, lang, q| stops::report(State(s), lang, Query(q), whole())
);
report_pdf!(
    /// The alarm performance (`data`: `lines`, `top`, `chattering`, `floods` or `standing`), as
    /// a PDF.
    alarm_performance_pdf, "/api/reports/alarms/performance/generatePdf", [],
    |s, lang, q| alarm_performance::report(State(s), lang, Query(q))
);
report_pdf!(
    /// OEE per group (`data`: `rows` or `lines`), as a PDF.
    oee_pdf, "/api/reports/oee/generatePdf", [g: OeeGrouping],
    |s, lang, q| { let _ = lang; oee::report(State(s), Query(q), Query(g)) }
);
report_pdf!(
    /// The bin history (`data`: `bins` or `movements`), as a PDF.
    bin_history_pdf, "/api/reports/bins/getmaterialhistory/generatePdf", [f: BinFilter],
    |s, lang, q| { let _ = lang; bins::material_history(State(s), Query(q), Query(f), whole()) }
);
report_pdf!(
    /// The calibration report (`data`: `scales` or `checks`), as a PDF.
    calibration_pdf, "/api/reports/calibrationreport/generatePdf", [f: ScaleFilter],
    |s, lang, q| { let _ = lang; calibration::calibration_report(State(s), Query(q), Query(f), whole()) }
);

use super::batches::alarms::{self as batch_alarms, AlarmQuery};
use super::batches::summary::{self as batch_summary, SummaryFilter};
use super::batches::{BatchQuery, doses, mixing, record, stats};
use super::spc::chart::{self as spc_chart, SpcQuery};

report_pdf!(
    /// Batch figures per recipe version, as a PDF.
    batch_stats_pdf, "/api/reports/batches/getBatchStats/generatePdf", [],
    |s, lang, q| stats::batch_stats(State(s), lang, Query(q))
);
report_pdf!(
    /// Batch figures per production order, as a PDF.
    batch_stats_by_order_pdf, "/api/reports/batches/getbatchstatsorderwise/generatePdf", [],
    |s, lang, q| stats::batch_stats_by_order(State(s), lang, Query(q))
);
report_pdf!(
    /// The batch summary's first `PDF_ROWS` batches of the filter, as a PDF.
    detailed_summary_pdf, "/api/reports/batches/getdetailedbatchsummery/generatePdf", [f: SummaryFilter],
    |s, lang, q| { let _ = lang; batch_summary::detailed_summary(State(s), Query(q), whole(), Query(f)) }
);
report_pdf!(
    /// A batch's doses against its plan (`data`: `rows` or `missing`), as a PDF.
    batch_weighings_pdf, "/api/reports/batches/getbatchweighingdetails/generatePdf", [b: BatchQuery],
    |s, lang, q| { let _ = (lang, q); doses::batch_weighings(State(s), Query(b)) }
);
report_pdf!(
    /// A batch's mixing steps (`data`: `steps` or `planned`) with its curves as images, as a PDF.
    batch_mixing_pdf, "/api/reports/batches/getbatchmixingdetails/generatePdf", [b: BatchQuery],
    |s, lang, q| { let _ = (lang, q); mixing::batch_mixing(State(s), Query(b)) }
);
report_pdf!(
    /// A batch's process values against their limits, as a PDF.
    batch_parameters_pdf, "/api/reports/batches/getbatchparameterdetails/generatePdf", [b: BatchQuery],
    |s, lang, q| { let _ = (lang, q); record::batch_parameters(State(s), Query(b)) }
);
report_pdf!(
    /// A batch's miscellaneous values, as a PDF.
    batch_misc_pdf, "/api/reports/batches/getbatchmiscparameter/generatePdf", [b: BatchQuery],
    |s, lang, q| { let _ = (lang, q); record::batch_misc(State(s), Query(b)) }
);
report_pdf!(
    /// The alarms of a batch, as a PDF.
    batch_alarms_pdf, "/api/reports/batches/getbatchesalarms/generatePdf", [b: BatchQuery],
    |s, lang, q| { let _ = q; batch_alarms::batch_alarms(State(s), lang, Query(b), whole()) }
);
report_pdf!(
    /// The alarm list of the range, as a PDF.
    alarm_list_pdf, "/api/reports/alarm/getalarms/generatePdf", [a: AlarmQuery],
    |s, lang, q| batch_alarms::alarm_list(State(s), lang, Query(q), whole(), Query(a))
);
report_pdf!(
    /// The batch SPC chart's points (`data`: `points`) or kept violations (`kept`), with the
    /// chart as an image, as a PDF.
    spc_batch_pdf, "/api/reports/spc/batchgraph/generatePdf", [c: SpcQuery],
    |s, lang, q| { let _ = lang; spc_chart::batch_graph(State(s), Query(q), Query(c)) }
);
report_pdf!(
    /// The consumption SPC chart's points, with the chart as an image, as a PDF.
    spc_consumption_pdf, "/api/reports/spc/consumptiongraph/generatePdf", [c: SpcQuery],
    |s, lang, q| { let _ = lang; spc_chart::consumption_graph(State(s), Query(q), Query(c)) }
);

use super::diagnostics::batches;
use super::diagnostics::compare::{self, CompareQuery};
use super::diagnostics::downstream;
use super::diagnostics::outofspec::{self, OutOfSpecFilter};
use super::pcs::{self, PcsQuery};

report_pdf!(
    /// Out of spec in the range (the first `PDF_ROWS`), as a PDF.
    out_of_spec_pdf, "/api/reports/batches/getbatchesdiagnostics/generatePdf", [k: OutOfSpecFilter],
    |s, lang, q| { let _ = lang; outofspec::out_of_spec(State(s), Query(q), whole(), Query(k)) }
);
report_pdf!(
    /// One batch's diagnostics (`data`: `parameters` or `outOfSpec`), as a PDF.
    batch_diagnostics_pdf, "/api/reports/batches/getbatchdiagnostics/generatePdf", [b: BatchQuery],
    |s, lang, q| { let _ = (lang, q); outofspec::batch_diagnostics(State(s), Query(b)) }
);
report_pdf!(
    /// The batches of the range with their process values, as a PDF.
    batches_with_parameters_pdf, "/api/reports/batches/getbatcheswithparameters/generatePdf", [],
    |s, lang, q| { let _ = lang; batches::batches_with_parameters(State(s), Query(q)) }
);
report_pdf!(
    /// The compared batches (`data`: `batches`) with the overlay as an image, as a PDF.
    compare_mixing_pdf, "/api/reports/batches/getcomparemixingreportbatches/generatePdf", [c: CompareQuery],
    |s, lang, q| { let _ = (lang, q); compare::compare_mixing(State(s), Query(c)) }
);
report_pdf!(
    /// The compared batches' process values, as a PDF.
    compare_parameters_pdf, "/api/reports/batches/getcomparereportparameters/generatePdf", [c: CompareQuery],
    |s, lang, q| { let _ = (lang, q); compare::compare_parameters(State(s), Query(c)) }
);
report_pdf!(
    /// The downstream equipment's values, as a PDF.
    downstreams_pdf, "/api/reports/batches/getdownstreams/generatePdf", [],
    |s, lang, q| { let _ = lang; downstream::downstreams(State(s), Query(q)) }
);
report_pdf!(
    /// The mixing of the range per recipe and step, as a PDF.
    consolidated_mixing_pdf, "/api/reports/batches/getbatchconsolidatemixingreport/generatePdf", [],
    |s, lang, q| { let _ = lang; downstream::consolidated_mixing(State(s), Query(q)) }
);
report_pdf!(
    /// The pressure per material and sensor, as a PDF.
    pressure_pdf, "/api/reports/pcs/getpressure/generatePdf", [p: PcsQuery],
    |s, lang, q| { let _ = lang; pcs::pressure(State(s), Query(q), Query(p)) }
);
report_pdf!(
    /// The pressure per batch (the first `PDF_ROWS`), as a PDF.
    pressure_report_pdf, "/api/reports/pcs/getreport/generatePdf", [p: PcsQuery],
    |s, lang, q| { let _ = lang; pcs::pressure_report(State(s), Query(q), Query(p), whole()) }
);
report_pdf!(
    /// The pressure chart (`data`: `series`) as an image with its sensors, as a PDF.
    pressure_graph_pdf, "/api/reports/pcs/getpressureforgraph/generatePdf", [p: PcsQuery],
    |s, lang, q| { let _ = lang; pcs::pressure_graph(State(s), Query(q), Query(p)) }
);
