//! The body of a report's PDF (§7 PDF exports: `headers`, `heading`, `data`, `matchKeys`,
//! `images`, `title`, `imageTitles`): what it may hold, which list of the answer it prints, and
//! its chart images. `super::pdf` prints it.

use base64::Engine;
use model::Msg;
use pdf::{Block, Image};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::pdf_text::at;
use crate::error::{ApiError, ApiResult};

/// What the list reports put in one PDF: their first page of up to this many rows.
pub const PDF_ROWS: &str = "1000";

/// Which list of the answer to print: its name, or (as the spec's body has it) the rows the
/// screen shows, which are not printed — the server prints its own list, the one whose rows
/// carry the match keys.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum PdfData {
    List(String),
    #[schema(value_type = Vec<Object>)]
    Rows(Vec<Value>),
}

/// The reports' main lists, in the order one is preferred when the match keys do not tell.
const MAIN_LISTS: [&str; 10] = [
    "rows",
    "categories",
    "stops",
    "movements",
    "checks",
    "steps",
    "parameters",
    "batches",
    "series",
    "points",
];

/// The layout of a report's PDF, chosen by the screen.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PdfBody {
    /// The column headings, as the screen shows them.
    pub headers: Vec<String>,
    /// The report's heading (the screen's title).
    pub heading: String,
    /// The list of the answer to print: the screen's rows (the list whose rows carry the match
    /// keys is printed, the report's main list when several do), or a list's name (`rows`,
    /// `categories`, `stops`, `pareto`, `bins`, `movements`, `scales`, `checks`, … in the
    /// reports that have them).
    pub data: Option<PdfData>,
    /// For each heading, the path of its value in a row of that list (`name`,
    /// `figures.actualKg`).
    pub match_keys: Vec<String>,
    /// The charts, as PNG data URLs (`data:image/png;base64,…`).
    #[serde(default)]
    pub images: Vec<String>,
    /// The document's title; the heading when absent.
    pub title: Option<String>,
    /// A caption for each image.
    #[serde(default)]
    pub image_titles: Vec<String>,
}

const MAX_COLUMNS: usize = 30;
const MAX_IMAGES: usize = 10;

pub(super) fn bad(field: &str, code: &'static str) -> ApiError {
    ApiError::field(field, Msg::new(code))
}

impl PdfBody {
    /// The list of `answer` to print, and its name: the one named, else the one whose rows
    /// carry most of the match keys (and most of the fields of the rows sent), a main list
    /// first on a tie.
    pub(super) fn list<'a>(&self, answer: &'a Value) -> ApiResult<(String, &'a [Value])> {
        let named = match &self.data {
            Some(PdfData::List(l)) if !l.trim().is_empty() => Some(l.trim()),
            _ => None,
        };
        if let Some(name) = named {
            return answer[name]
                .as_array()
                .map(|rows| (name.to_string(), rows.as_slice()))
                .ok_or_else(|| bad("data", "report.pdf.noSuchList"));
        }
        let sent: Vec<&String> = match &self.data {
            Some(PdfData::Rows(rows)) => rows
                .first()
                .and_then(Value::as_object)
                .map(|o| o.keys().collect())
                .unwrap_or_default(),
            _ => Vec::new(),
        };
        let rank = |name: &str| {
            MAIN_LISTS
                .iter()
                .position(|m| *m == name)
                .unwrap_or(MAIN_LISTS.len())
        };
        let score = |rows: &[Value]| {
            let sample = &rows[..rows.len().min(50)];
            let keys = self
                .match_keys
                .iter()
                .filter(|k| sample.iter().any(|r| !at(r, k).is_null()))
                .count();
            let fields = sample.first().and_then(Value::as_object).map_or(0, |o| {
                sent.iter().filter(|k| o.contains_key(k.as_str())).count()
            });
            (keys, fields)
        };
        answer
            .as_object()
            .into_iter()
            .flatten()
            .filter_map(|(name, v)| Some((name, v.as_array()?)))
            .filter(|(_, rows)| rows.iter().all(Value::is_object))
            .max_by(|(a, ra), (b, rb)| {
                score(ra)
                    .cmp(&score(rb))
                    .then_with(|| rank(b).cmp(&rank(a)))
            })
            .map(|(name, rows)| (name.clone(), rows.as_slice()))
            .ok_or_else(|| bad("data", "report.pdf.noSuchList"))
    }

    pub(super) fn check(&self) -> ApiResult<()> {
        if self.heading.trim().is_empty() {
            return Err(bad("heading", "validation.required"));
        }
        if self.headers.is_empty() || self.headers.len() > MAX_COLUMNS {
            return Err(ApiError::field(
                "headers",
                Msg::new("validation.numberRange")
                    .arg("min", "1")
                    .arg("max", MAX_COLUMNS.to_string()),
            ));
        }
        if self.match_keys.len() != self.headers.len() {
            return Err(bad("matchKeys", "report.pdf.keysMismatch"));
        }
        if self.images.len() > MAX_IMAGES {
            return Err(ApiError::field(
                "images",
                Msg::new("validation.numberRange")
                    .arg("min", "0")
                    .arg("max", MAX_IMAGES.to_string()),
            ));
        }
        Ok(())
    }

    pub(super) fn images(&self) -> ApiResult<Vec<Block>> {
        let b64 = base64::engine::general_purpose::STANDARD;
        self.images
            .iter()
            .enumerate()
            .map(|(i, url)| {
                let raw = url.split_once(',').map_or(url.as_str(), |(_, d)| d);
                let png = b64
                    .decode(raw.trim())
                    .map_err(|_| bad("images", "recipe.pdf.badImage"))?;
                Ok(Block::Image(Image {
                    png,
                    title: self
                        .image_titles
                        .get(i)
                        .filter(|t| !t.trim().is_empty())
                        .cloned(),
                }))
            })
            .collect()
    }
}

impl PdfBody {
    /// The document's title: `title`, else the heading.
    pub(super) fn title(&self) -> String {
        self.title
            .clone()
            .filter(|t| !t.trim().is_empty())
            .unwrap_or_else(|| self.heading.clone())
    }
}
