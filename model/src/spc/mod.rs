//! Statistical process control (SPC) for batch measurements.
//!
//! Builds Shewhart control charts (individuals / moving range and X̄-R),
//! judges points against the Western Electric and Nelson run rules and
//! computes process capability indices. Control limits always come from a
//! separate baseline series so that an out-of-control period cannot widen
//! the limits it is being judged against.

mod capability;
mod chart;
mod limits;
mod rules;

#[cfg(test)]
mod tests_capability;
#[cfg(test)]
mod tests_limits;
#[cfg(test)]
mod tests_props;
#[cfg(test)]
mod tests_rules;

pub use capability::{Capability, capability, sigma_within_individuals, sigma_within_subgroups};
pub use chart::{Chart, chart};
pub use limits::{
    MAX_SUBGROUP, MIN_SUBGROUP, a2, d2, d3, d4, individuals_limits, moving_ranges, subgroups,
    xbar_r_limits,
};
pub use rules::{judge, judge_new};

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A run rule that flags a non-random pattern on a control chart.
///
/// `We*` are the Western Electric rules (Western Electric Statistical
/// Quality Control Handbook, 1956); `N*` are Nelson's eight rules
/// (Journal of Quality Technology, 1984). Several rules overlap (WE1 = N1,
/// WE2 = N5, WE3 = N6); when both are enabled both are reported.
#[derive(
    Serialize, Deserialize, ToSchema, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord,
)]
// `model::schedule::carry::Rule` already claims the OpenAPI schema name "Rule".
#[schema(as = SpcRule)]
pub enum Rule {
    /// One point beyond 3σ.
    #[serde(rename = "WE1")]
    We1,
    /// Two of three consecutive points beyond 2σ on the same side.
    #[serde(rename = "WE2")]
    We2,
    /// Four of five consecutive points beyond 1σ on the same side.
    #[serde(rename = "WE3")]
    We3,
    /// Eight consecutive points on the same side of the center line.
    #[serde(rename = "WE4")]
    We4,
    /// One point beyond 3σ.
    #[serde(rename = "N1")]
    N1,
    /// Nine points in a row on the same side of the center line.
    #[serde(rename = "N2")]
    N2,
    /// Six points in a row steadily increasing or decreasing.
    #[serde(rename = "N3")]
    N3,
    /// Fourteen points in a row alternating up and down.
    #[serde(rename = "N4")]
    N4,
    /// Two of three points in a row beyond 2σ on the same side.
    #[serde(rename = "N5")]
    N5,
    /// Four of five points in a row beyond 1σ on the same side.
    #[serde(rename = "N6")]
    N6,
    /// Fifteen points in a row within 1σ of the center line.
    #[serde(rename = "N7")]
    N7,
    /// Eight points in a row beyond 1σ, on either side.
    #[serde(rename = "N8")]
    N8,
}

impl Rule {
    /// Every rule, in sort order.
    pub const ALL: [Rule; 12] = [
        Rule::We1,
        Rule::We2,
        Rule::We3,
        Rule::We4,
        Rule::N1,
        Rule::N2,
        Rule::N3,
        Rule::N4,
        Rule::N5,
        Rule::N6,
        Rule::N7,
        Rule::N8,
    ];

    /// The four Western Electric rules.
    pub const WESTERN_ELECTRIC: [Rule; 4] = [Rule::We1, Rule::We2, Rule::We3, Rule::We4];

    /// The eight Nelson rules.
    pub const NELSON: [Rule; 8] = [
        Rule::N1,
        Rule::N2,
        Rule::N3,
        Rule::N4,
        Rule::N5,
        Rule::N6,
        Rule::N7,
        Rule::N8,
    ];

    /// The wire code of the rule, e.g. `"WE1"` or `"N7"`.
    pub fn code(self) -> &'static str {
        match self {
            Rule::We1 => "WE1",
            Rule::We2 => "WE2",
            Rule::We3 => "WE3",
            Rule::We4 => "WE4",
            Rule::N1 => "N1",
            Rule::N2 => "N2",
            Rule::N3 => "N3",
            Rule::N4 => "N4",
            Rule::N5 => "N5",
            Rule::N6 => "N6",
            Rule::N7 => "N7",
            Rule::N8 => "N8",
        }
    }

    /// Parses a rule code, ignoring ASCII case and surrounding whitespace.
    pub fn parse(code: &str) -> Option<Rule> {
        let code = code.trim();
        Rule::ALL
            .into_iter()
            .find(|rule| rule.code().eq_ignore_ascii_case(code))
    }

    /// A short English description of the pattern the rule detects.
    pub fn description(self) -> &'static str {
        match self {
            Rule::We1 | Rule::N1 => "One point beyond 3σ",
            Rule::We2 => "2 of 3 consecutive points beyond 2σ on the same side",
            Rule::We3 => "4 of 5 consecutive points beyond 1σ on the same side",
            Rule::We4 => "8 consecutive points on the same side of the center line",
            Rule::N2 => "9 points in a row on the same side of the center line",
            Rule::N3 => "6 points in a row steadily increasing or decreasing",
            Rule::N4 => "14 points in a row alternating up and down",
            Rule::N5 => "2 of 3 points in a row beyond 2σ on the same side",
            Rule::N6 => "4 of 5 points in a row beyond 1σ on the same side",
            Rule::N7 => "15 points in a row within 1σ of the center line",
            Rule::N8 => "8 points in a row beyond 1σ on either side",
        }
    }

    /// The translation key of the rule's description, e.g. `"spc.rule.WE1"`.
    pub fn key(self) -> String {
        format!("spc.rule.{}", self.code())
    }
}

/// The kind of Shewhart chart to draw.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChartKind {
    /// Individuals chart with a moving-range companion chart (I-MR).
    #[serde(rename = "IMR")]
    Individuals,
    /// Subgroup means chart with a range companion chart (X̄-R).
    #[serde(rename = "XBAR_R")]
    XbarR,
}

impl crate::choice::Choice for ChartKind {
    const ALL: &'static [ChartKind] = &ChartKind::ALL;
    fn as_str(self) -> &'static str {
        self.code()
    }
}

impl ChartKind {
    pub const ALL: [ChartKind; 2] = [ChartKind::Individuals, ChartKind::XbarR];

    /// Its spelling (the stored column's and the wire's): [`ChartKind::code`].
    pub fn as_str(self) -> &'static str {
        self.code()
    }

    /// The wire code of the chart kind: `"IMR"` or `"XBAR_R"`.
    pub fn code(self) -> &'static str {
        match self {
            ChartKind::Individuals => "IMR",
            ChartKind::XbarR => "XBAR_R",
        }
    }

    /// Parses a chart kind code, ignoring ASCII case and surrounding whitespace.
    pub fn parse(code: &str) -> Option<ChartKind> {
        let code = code.trim();
        ChartKind::ALL
            .into_iter()
            .find(|kind| kind.code().eq_ignore_ascii_case(code))
    }
}

/// Center line and control limits of the plotted statistic.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    /// Center line.
    pub center: f64,
    /// Standard deviation of the plotted statistic (σ/√n for subgroup
    /// means); the rule zones are multiples of it. May be 0 for a constant
    /// baseline, in which case every point off the center counts as beyond
    /// 3σ.
    pub sigma: f64,
    /// Upper control limit (center + 3σ).
    pub ucl: f64,
    /// Lower control limit (center − 3σ).
    pub lcl: f64,
}

/// Center line and control limits of the dispersion chart (moving range or range).
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct DispersionLimits {
    /// Mean moving range (MR̄) or mean range (R̄).
    pub center: f64,
    /// Upper control limit.
    pub ucl: f64,
    /// Lower control limit.
    pub lcl: f64,
}

/// One run rule that fired at one point.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub struct Violation {
    /// Index of the point at which the pattern completed.
    pub index: usize,
    /// The rule that fired.
    pub rule: Rule,
}

/// A run rule a completed batch broke on a live saved set's chart: kept for the report, pushed
/// on the line's `line:<id>:spc` topic, and the latest shown on the line's dashboard tile.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct KeptViolation {
    pub set_id: String,
    pub set_name: String,
    /// The set's subject: `DOSING_ERROR` or `PARAMETER`.
    pub subject: String,
    /// The material (dosing error) or the report parameter (parameter) charted.
    pub code: Option<String>,
    pub line_id: String,
    pub batch_id: String,
    /// The batch's end.
    pub point_at: chrono::DateTime<chrono::Utc>,
    /// The dose's place among the batch's doses of the material (0 for a batch's parameter).
    pub point_seq: i32,
    /// The plotted value (a subgroup's mean on an X̄-R chart).
    pub value: f64,
    pub rule: Rule,
    pub center: f64,
    pub sigma: f64,
    pub detected_at: chrono::DateTime<chrono::Utc>,
}
