//! `POST /api/recipes/generatePdf {id}`: the recipe version as a plant files it — plant, line,
//! code, name, version, status and the levels with who released them and when; the weighing
//! table grouped by scale with totals; the mixing sequence with its parameters; the
//! miscellaneous values; page numbers, generation time and user. Every text in the requester's
//! language; times in the line's time zone.

use axum::extract::State;
use axum::response::Response;
use chrono::{DateTime, Utc};
use model::Msg;
use model::recipe::Plant;
use pdf::{Block, Document, Footer};

mod tables;
use serde::Deserialize;
use tables::{misc_table, mixing_table, weighing_table};
use utoipa::ToSchema;

use super::handlers::one;
use super::record::RecipeRecord;
use crate::AppState;
use crate::auth::AuthUser;
use crate::error::{ApiError, ApiResult};
use crate::extract::{Body, attachment, parse_id};
use crate::i18n_layer::RequestLang;
use app::recipes::load_plant as load;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PdfRequest {
    /// The recipe version's `_id`.
    pub id: String,
}

/// The recipe version as a PDF document.
#[utoipa::path(post, path = "/api/recipes/generatePdf", tag = "recipes", request_body = PdfRequest,
    responses((status = 200, description = "the PDF document", content_type = "application/pdf"), (status = 404)))]
pub async fn generate(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(b): Body<PdfRequest>,
) -> ApiResult<Response> {
    let id = parse_id(&b.id, "recipe.notFound")?;
    let (bytes, name) = document_of(&s, user.email(), lang, id).await?;
    Ok(attachment(bytes, "application/pdf", &name))
}

/// The PDF of recipe version `id` as made for `user` in `lang`, and its file name.
pub async fn document_of(
    s: &AppState,
    user: &str,
    lang: RequestLang,
    id: uuid::Uuid,
) -> ApiResult<(Vec<u8>, String)> {
    let r = one(s, id, lang).await?;
    let mut conn = s.pool.acquire().await?;
    let plant = load(&mut conn, r.line_id).await?;
    let zone = db::config::get(&mut *conn, crate::plant::entity("lines"), r.line_id)
        .await?
        .and_then(|l| l["timezone"].as_str().map(str::to_string))
        .unwrap_or_else(|| "UTC".into());
    let mut times: Vec<DateTime<Utc>> = r.levels.iter().map(|l| l.released_at).collect();
    times.push(r.created_at);
    times.push(Utc::now());
    let mut local = local_times(&mut conn, &zone, &times).await?;
    if let Some(now) = local.last_mut() {
        *now = format!("{now} {zone}");
    }
    let doc = document(
        &r,
        &plant,
        &Context {
            lang,
            plant_name: &s.settings.plant_name,
            user,
            times: &local,
        },
    );
    let bytes = s
        .heavy
        .run_or_busy(move || pdf::render(&doc))
        .await?
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("recipe PDF: {e}")))?;
    Ok((bytes, format!("recipe-{}-v{}.pdf", r.code, r.version)))
}

/// `times` as `YYYY-MM-DD HH:MM` in the time zone `zone` (the document names the zone once, in
/// its footer).
async fn local_times(
    conn: &mut sqlx::PgConnection,
    zone: &str,
    times: &[DateTime<Utc>],
) -> ApiResult<Vec<String>> {
    Ok(db::zones::minutes(&mut *conn, zone, times).await?)
}

pub(super) struct Context<'a> {
    lang: RequestLang,
    plant_name: &'a str,
    user: &'a str,
    /// The release times, then the creation time, then now, formatted.
    times: &'a [String],
}

impl Context<'_> {
    pub(super) fn t(&self, code: &'static str) -> String {
        self.lang.text(&Msg::new(code))
    }

    /// A number as the language writes it (thousands grouped, up to three decimals).
    pub(super) fn num(&self, v: f64) -> String {
        crate::numbers::trimmed(self.lang.0, v, 3)
    }

    /// Yes or No in the language.
    pub(super) fn yes_no(&self, v: bool) -> String {
        self.t(if v { "report.pdf.yes" } else { "report.pdf.no" })
    }
}

pub(super) fn label(code: &str, name: &str) -> String {
    if name.is_empty() || name == code {
        code.to_string()
    } else {
        format!("{code} · {name}")
    }
}

fn document(r: &RecipeRecord, plant: &Plant, cx: &Context) -> Document {
    let c = &r.content;
    let status = match r.status {
        model::recipe::Status::Draft => "recipe.status.DRAFT",
        model::recipe::Status::Validated => "recipe.status.VALIDATED",
        model::recipe::Status::Released => "recipe.status.RELEASED",
        model::recipe::Status::Withdrawn => "recipe.status.WITHDRAWN",
    };
    let class = match c.medication_class.as_str() {
        "ADDITIVE" => "recipe.class.ADDITIVE",
        "COCCIDIOSTAT" => "recipe.class.COCCIDIOSTAT",
        "MEDICATED" => "recipe.class.MEDICATED",
        _ => "recipe.class.NONE",
    };
    let levels = if r.levels.is_empty() {
        cx.t("recipe.pdf.none")
    } else {
        r.levels
            .iter()
            .zip(cx.times)
            .map(|(l, time)| {
                cx.lang.text(
                    &Msg::new("recipe.pdf.releasedBy")
                        .arg("level", &l.name)
                        .arg("user", l.released_by.as_deref().unwrap_or("-"))
                        .arg("time", time),
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let mode = c
        .mixing_mode_id
        .and_then(|m| plant.modes.get(&m))
        .map(|m| label(&m.code, &m.name));
    let mut facts = vec![
        (cx.t("recipe.pdf.plant"), cx.plant_name.to_string()),
        (
            cx.t("recipe.pdf.line"),
            label(&plant.line_code, &plant.line_name),
        ),
        (cx.t("recipe.pdf.code"), r.code.clone()),
        (cx.t("recipe.pdf.name"), c.name.clone()),
        (cx.t("recipe.pdf.version"), r.version.to_string()),
        (cx.t("recipe.pdf.status"), cx.t(status)),
        (cx.t("recipe.pdf.levels"), levels),
        (
            cx.t("recipe.pdf.created"),
            format!(
                "{}, {}",
                cx.times.get(r.levels.len()).cloned().unwrap_or_default(),
                r.created_by.as_deref().unwrap_or("-")
            ),
        ),
        (
            cx.t("recipe.pdf.batchSize"),
            format!("{} kg", cx.num(c.batch_size_kg)),
        ),
        (cx.t("recipe.pdf.class"), cx.t(class)),
    ];
    for (key, value) in [
        ("recipe.pdf.product", c.product.clone()),
        ("recipe.pdf.mixingMode", mode),
        ("recipe.pdf.description", c.description.clone()),
    ] {
        if let Some(v) = value {
            facts.push((cx.t(key), v));
        }
    }
    let mut blocks = vec![
        Block::Facts(facts),
        Block::Heading(cx.t("recipe.pdf.weighings")),
        weighing_table(r, plant, cx),
    ];
    blocks.push(Block::Heading(cx.t("recipe.pdf.mixing")));
    blocks.push(mixing_table(r, plant, cx));
    blocks.push(Block::Heading(cx.t("recipe.pdf.miscellaneous")));
    blocks.push(misc_table(r, plant, cx));
    // The electronic signatures of its releases, each manifest as it was signed (issue 35).
    if !r.signatures.is_empty() {
        blocks.push(Block::Heading(cx.t("signature.heading")));
        blocks.push(Block::Paragraph(
            r.signatures
                .iter()
                .map(|s| crate::signatures::manifest(cx.lang, s))
                .collect::<Vec<_>>()
                .join("\n"),
        ));
    }
    let now = cx.times.last().cloned().unwrap_or_default();
    Document {
        title: cx.lang.text(
            &Msg::new("recipe.pdf.title")
                .arg("code", &r.code)
                .arg("name", &c.name),
        ),
        subtitle: Some(format!(
            "{} · {}",
            cx.plant_name,
            label(&plant.line_code, &plant.line_name)
        )),
        logo: true,
        landscape: false,
        blocks,
        footer: Footer {
            left: cx.lang.text(
                &Msg::new("recipe.pdf.generated")
                    .arg("time", now)
                    .arg("user", cx.user),
            ),
            page: cx.t("recipe.pdf.page"),
        },
    }
}
