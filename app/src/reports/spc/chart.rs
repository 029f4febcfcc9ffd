//! One SPC chart: the query, the series it reads, and the chart `model::spc` makes of it.

use chrono::{DateTime, Duration, Utc};
use model::Msg;
use model::choice::SpcSubject;
use model::spc::KeptViolation;
use model::spc::{Capability, ChartKind, DispersionLimits, Limits, Rule};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::reports::read::Names;
use crate::reports::scope::{ReportQuery, Scope, given, pick};
use crate::spc::parse_chart;
use crate::{App, Error, Result};

/// What to chart and how (a saved set's `_id` gives all of it but the range).
#[derive(Debug, Default, Clone, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct SpcQuery {
    /// A saved parameter set (`_id`): its subject, chart, baseline and rules.
    pub set_id: Option<String>,
    /// Batch graph: `DOSING_ERROR` (default) or `PARAMETER`.
    #[param(value_type = Option<SpcSubject>)]
    pub subject: Option<String>,
    /// The material (code or `_id`): dosing error and consumption.
    pub material_id: Option<String>,
    /// Only doses on this scale (code or `_id`); omitted: every scale.
    pub scale_id: Option<String>,
    /// The report parameter's code: `PARAMETER`.
    pub parameter_code: Option<String>,
    /// `IMR` (default) or `XBAR_R`.
    #[param(value_type = Option<ChartKind>)]
    pub chart: Option<String>,
    /// Points per subgroup of an X̄-R chart, 2 to 10 (default 5).
    pub subgroup: Option<String>,
    /// Start and end of the baseline the limits come from (default: as long as the range,
    /// just before it).
    pub baseline_from: Option<String>,
    pub baseline_to: Option<String>,
    /// Run rules, comma-separated (`WE1`…`WE4`, `N1`…`N8`; default the four Western Electric
    /// rules; `NONE` for none).
    pub rules: Option<String>,
}

/// A plotted point: a dose, a batch, a day, or a subgroup of them.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpcPoint {
    pub index: usize,
    /// The batch (the last of a subgroup); none for a day.
    pub batch_id: Option<String>,
    pub at: DateTime<Utc>,
    pub seq: i32,
    pub value: f64,
    /// Moving range or range (none for the first individual).
    pub dispersion: Option<f64>,
    /// Rules this point breaks.
    pub rules: Vec<Rule>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpcChart {
    pub line_id: String,
    pub subject: String,
    pub material_code: Option<String>,
    pub material_name: Option<String>,
    pub scale_code: Option<String>,
    pub parameter_code: Option<String>,
    pub parameter_name: Option<String>,
    pub unit: String,
    /// `IMR` or `XBAR_R`.
    pub chart: ChartKind,
    pub subgroup: usize,
    pub from_date_time: DateTime<Utc>,
    pub to_date_time: DateTime<Utc>,
    pub baseline_from: DateTime<Utc>,
    pub baseline_to: DateTime<Utc>,
    pub baseline_points: usize,
    pub rules: Vec<Rule>,
    pub limits: Limits,
    pub dispersion_limits: DispersionLimits,
    pub points: Vec<SpcPoint>,
    /// Specification limits: ± the doses' tolerance, a report parameter's limits.
    pub lsl: Option<f64>,
    pub usl: Option<f64>,
    pub capability: Option<Capability>,
    /// Violations ingest kept for this set's chart in the range (saved sets only).
    pub kept: Vec<KeptViolation>,
}

/// Specification limits (lower, upper), unit and the parameter's name.
type Spec = (Option<f64>, Option<f64>, String, Option<String>);

/// A chart of `kind` (`BATCH` or `CONSUMPTION`) checked from `q` and `r`.
pub struct Plan {
    pub scope: Scope,
    pub line: String,
    pub subject: db::spc::Subject,
    pub chart: ChartKind,
    pub subgroup: usize,
    pub baseline: (DateTime<Utc>, DateTime<Utc>),
    pub rules: Vec<Rule>,
    pub set: Option<Uuid>,
}

pub fn parse_rules(raw: Option<&str>) -> Result<Vec<Rule>> {
    match raw.map(str::trim).filter(|r| !r.is_empty()) {
        None => Ok(Rule::WESTERN_ELECTRIC.to_vec()),
        Some(r) if r.eq_ignore_ascii_case("NONE") => Ok(Vec::new()),
        Some(r) => r
            .split(',')
            .map(|c| {
                Rule::parse(c).ok_or_else(|| {
                    Error::field("rules", Msg::new("spc.unknownRule").arg("rule", c.trim()))
                })
            })
            .collect(),
    }
}

impl Plan {
    pub async fn new(app: &App, kind: &str, r: &ReportQuery, q: &SpcQuery) -> Result<Plan> {
        let scope = r.scope(app).await?;
        let [line] = scope.lines.as_slice() else {
            return Err(Error::field("lineId", Msg::new("spc.oneLine")));
        };
        let line = line.id.clone();
        let q = match given(q.set_id.as_deref()) {
            None => q.clone(),
            Some(raw) => as_query(app, kind, crate::spc::parse_id(raw, "setId")?).await?,
        };
        let subject = if kind == "CONSUMPTION" {
            "CONSUMPTION"
        } else {
            pick(q.subject.as_deref(), "subject")?
                .unwrap_or(SpcSubject::DosingError)
                .as_str()
        };
        let (chart, subgroup) = parse_chart(q.chart.as_deref(), q.subgroup.as_deref())?;
        let rules = parse_rules(q.rules.as_deref())?;
        let names = Names::load(app, "material", &scope).await?;
        let scales = Names::load(app, "scale", &scope).await?;
        let mut subject = db::spc::Subject {
            kind: subject.into(),
            recipes: scope.recipes.clone(),
            ..Default::default()
        };
        if subject.kind == "PARAMETER" {
            let code = given(q.parameter_code.as_deref())
                .ok_or_else(|| Error::field("parameterCode", Msg::new("validation.required")))?;
            subject.parameter = Some(code.to_string());
        } else {
            let m = given(q.material_id.as_deref())
                .ok_or_else(|| Error::field("materialId", Msg::new("validation.required")))?;
            subject.material = Some(names.code_of(m));
            subject.scale = given(q.scale_id.as_deref()).map(|c| scales.code_of(c));
        }
        let length = scope.to - scope.from;
        let (bf, bt) = crate::when::range(q.baseline_from.as_deref(), q.baseline_to.as_deref())?;
        let baseline = match (bf, bt) {
            (None, None) => (scope.from - length, scope.from),
            (Some(f), None) => (f, f + length),
            (None, Some(t)) => (t - length, t),
            (Some(f), Some(t)) => (f, t),
        };
        if baseline.1 - baseline.0 > Duration::days(crate::reports::scope::MAX_DAYS) {
            return Err(Error::field(
                "baselineTo",
                Msg::new("report.rangeTooLong").arg("days", "400"),
            ));
        }
        let set = given(q.set_id.as_deref()).and_then(|r| Uuid::parse_str(r).ok());
        Ok(Plan {
            scope,
            line,
            subject,
            chart,
            subgroup,
            baseline,
            rules,
            set,
        })
    }

    /// The chart: 400 on the baseline when it holds too few points for limits.
    pub async fn chart(&self, app: &App) -> Result<SpcChart> {
        // The baseline and the judged range, read at once.
        let (base, judged) = tokio::try_join!(
            db::spc::points(
                app.reads(),
                &self.line,
                &self.subject,
                self.baseline.0,
                self.baseline.1,
            ),
            db::spc::points(
                app.reads(),
                &self.line,
                &self.subject,
                self.scope.from,
                self.scope.to,
            ),
        )?;
        let (lsl, usl, unit, parameter_name) = self.spec(app, &judged).await?;
        let values = |p: &[db::spc::Point]| p.iter().map(|p| p.value).collect::<Vec<f64>>();
        let chart = model::spc::chart(
            self.chart,
            &values(&base),
            &values(&judged),
            self.subgroup,
            &self.rules,
            lsl,
            usl,
        )
        .ok_or_else(|| Error::field("baselineFrom", Msg::new("spc.baselineTooShort")))?;
        let per = if self.chart == ChartKind::XbarR {
            self.subgroup
        } else {
            1
        };
        let points = chart
            .points
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let last = &judged[(i + 1) * per - 1];
                SpcPoint {
                    index: i,
                    batch_id: last.batch_id.clone(),
                    at: last.at,
                    seq: last.seq,
                    value: *v,
                    dispersion: chart.dispersion.get(i).copied().flatten(),
                    rules: chart
                        .violations
                        .iter()
                        .filter(|x| x.index == i)
                        .map(|x| x.rule)
                        .collect(),
                }
            })
            .collect();
        let kept = match self.set {
            Some(set) => db::spc::violations(
                app.reads(),
                std::slice::from_ref(&self.line),
                self.scope.from,
                self.scope.to,
                Some(set),
                1000,
            )
            .await?
            .into_iter()
            .filter_map(db::spc::Violation::kept)
            .collect(),
            None => Vec::new(),
        };
        let names = Names::load(app, "material", &self.scope).await?;
        Ok(SpcChart {
            line_id: self.line.clone(),
            subject: self.subject.kind.clone(),
            material_name: self
                .subject
                .material
                .as_deref()
                .and_then(|m| names.get(&self.line, m))
                .map(|n| n.name.clone()),
            material_code: self.subject.material.clone(),
            scale_code: self.subject.scale.clone(),
            parameter_code: self.subject.parameter.clone(),
            parameter_name,
            unit,
            chart: self.chart,
            subgroup: self.subgroup,
            from_date_time: self.scope.from,
            to_date_time: self.scope.to,
            baseline_from: self.baseline.0,
            baseline_to: self.baseline.1,
            baseline_points: base.len(),
            rules: self.rules.clone(),
            limits: chart.limits,
            dispersion_limits: chart.dispersion_limits,
            points,
            lsl,
            usl,
            capability: chart.capability,
            kept,
        })
    }

    /// Specification limits, unit and parameter name: ± the median tolerance of the doses; a
    /// report parameter's limits; none for consumption.
    async fn spec(&self, app: &App, judged: &[db::spc::Point]) -> Result<Spec> {
        match self.subject.kind.as_str() {
            "DOSING_ERROR" => {
                let mut t: Vec<f64> = judged.iter().filter_map(|p| p.tolerance).collect();
                t.sort_by(f64::total_cmp);
                let tol = t.get(t.len() / 2).copied();
                Ok((tol.map(|t| -t), tol, "kg".into(), None))
            }
            "PARAMETER" => {
                let code = self.subject.parameter.as_deref().unwrap_or_default();
                let p = db::diagnostics::report_parameter(app.reads(), &self.line, code).await?;
                Ok(match p {
                    Some(p) => (
                        p.low_limit,
                        p.high_limit,
                        p.unit.unwrap_or_default(),
                        Some(p.name),
                    ),
                    None => (None, None, String::new(), None),
                })
            }
            _ => Ok((None, None, "kg".into(), None)),
        }
    }
}

/// The chart query a saved set makes (404 for none of `kind`).
pub async fn as_query(app: &App, kind: &str, id: Uuid) -> Result<SpcQuery> {
    let set = db::spc::set(app.reads(), id)
        .await?
        .filter(|x| x.kind == kind)
        .ok_or(Error::NotFound(Msg::new("spc.setNotFound")))?;
    Ok(SpcQuery {
        set_id: Some(id.to_string()),
        subject: Some(set.subject),
        material_id: set.material_code,
        scale_id: set.scale_code,
        parameter_code: set.parameter_code,
        chart: Some(set.chart.code().into()),
        subgroup: Some(set.subgroup.to_string()),
        baseline_from: Some(set.baseline_from.to_rfc3339()),
        baseline_to: Some(set.baseline_to.to_rfc3339()),
        rules: Some(if set.rules.is_empty() {
            "NONE".into()
        } else {
            set.rules.join(",")
        }),
    })
}
