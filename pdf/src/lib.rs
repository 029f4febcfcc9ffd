//! Plant documents rendered to PDF.
//!
//! A [`Document`] is a small, generic model of what a feed mill files: a heading block
//! (optional Batchline logo, title, subtitle), then [`Block`]s in order — section headings,
//! paragraphs, label/value facts, tables and PNG images — and a [`Footer`] on every page.
//! [`render`] lays the whole document out first (so the footer knows the real page count),
//! then draws it with printpdf, embedding subsets of DejaVu Sans and DejaVu Sans Bold so
//! that every Latin-script character of the plant's languages renders without anything
//! installed on the machine.
//!
//! Modules: `fonts` (embedded faces, metrics, subsetting), `text` (measuring, wrapping,
//! truncating), `page` (page geometry and the positioned items of a laid-out page),
//! `layout` (blocks onto pages), `facts` and `table` (those blocks onto pages), `image` (PNG checks and
//! decoding), `logo` (the Batchline mark as vector shapes) and `draw` (items to printpdf
//! operations).

mod draw;
mod facts;
mod fonts;
pub mod image;
mod layout;
mod logo;
mod page;
mod table;
mod text;

use std::collections::BTreeSet;

use printpdf::{ImageCompression, ImageOptimizationOptions, PdfDocument, PdfPage, PdfSaveOptions};

use crate::fonts::Face;
use crate::page::Item;

/// A document a plant would file: a heading block, then blocks in order, page footer on each page.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Document {
    /// Big heading at the top of the first page, e.g. "Recipe BRG-01 · Broiler grower".
    /// Also written as the PDF's document title.
    pub title: String,
    /// Smaller line under the title, e.g. "Demo feed mill · Pellet line 1".
    pub subtitle: Option<String>,
    /// Draw the Batchline logo and name at the top left of the first page.
    pub logo: bool,
    /// A4 landscape instead of A4 portrait (for wide report tables).
    pub landscape: bool,
    /// The content, laid out top to bottom, breaking pages as needed.
    pub blocks: Vec<Block>,
    /// What is printed at the bottom of every page.
    pub footer: Footer,
}

/// One piece of a document's content.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    /// A section heading (bold, larger); kept on the same page as what follows it.
    Heading(String),
    /// Text wrapped to the page width; `\n` starts a new line.
    Paragraph(String),
    /// Label/value pairs laid out in columns (two in portrait, three in landscape).
    Facts(Vec<(String, String)>),
    /// A table whose header row repeats on each page it spans.
    Table(Table),
    /// A PNG image scaled to the page width, keeping its aspect ratio.
    Image(Image),
    /// Lines to sign on: a row per role, a line per field with its caption under it.
    Signatures(Signatures),
}

/// A signature block, e.g. roles "Operator" and "Checked by", fields "Name", "Date" and
/// "Signature"; each role's row is kept on one page.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Signatures {
    /// Who signs, one row each.
    pub roles: Vec<String>,
    /// What each fills in, one line each, the caption under the line.
    pub fields: Vec<String>,
}

/// A table: column definitions and rows. Columns are as wide as their content asks: a cell's
/// text wraps at spaces only, never inside a word (a column whose widest word cannot fit gets
/// a smaller font instead), and nothing is cut.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Table {
    /// The columns, left to right; a table without columns draws nothing.
    pub columns: Vec<Column>,
    /// The rows, top to bottom.
    pub rows: Vec<Row>,
}

/// One table column.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    /// Header text.
    pub title: String,
    /// Alignment of header and cells; right for numbers.
    pub align: Align,
}

/// Horizontal alignment of a table column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Align {
    /// Text starts at the left edge of the cell.
    #[default]
    Left,
    /// Text ends at the right edge of the cell (numbers).
    Right,
}

/// One table row.
#[derive(Debug, Clone, PartialEq)]
pub enum Row {
    /// Ordinary cells, one per column (missing cells are empty, extra ones ignored).
    Cells(Vec<String>),
    /// A shaded, full-width group heading row inside the table (e.g. a scale name).
    Group(String),
    /// A bold row with a rule above it (subtotals, totals).
    Total(Vec<String>),
}

/// A PNG image block.
#[derive(Debug, Clone, PartialEq)]
pub struct Image {
    /// The PNG file's bytes (e.g. a chart sent by the browser).
    pub png: Vec<u8>,
    /// Optional caption drawn above the image.
    pub title: Option<String>,
}

/// The footer printed at the bottom of every page.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Footer {
    /// Left-hand text, e.g. "Generated 2026-11-23 14:05 by anna@plant.example".
    pub left: String,
    /// Right-hand page label: `{page}` becomes the page number and `{pages}` the total,
    /// e.g. "Page {page} of {pages}".
    pub page: String,
}

/// Why a document could not be rendered.
#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    /// An [`Image`] block does not hold a usable PNG (the caller's input is at fault).
    #[error("image {index} is not a usable PNG: {reason}")]
    InvalidImage {
        /// Zero-based position of the image among the document's image blocks.
        index: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// The document's images together are larger than [`image::MAX_DOCUMENT_PIXELS`].
    #[error("the images are more than {max} pixels together")]
    TooManyPixels {
        /// The budget, in pixels.
        max: u64,
    },
    /// An embedded font could not be read or subset (a defect of this crate, not of the input).
    #[error("font {face}: {reason}")]
    Font {
        /// Which face failed.
        face: &'static str,
        /// What went wrong.
        reason: String,
    },
}

/// Renders `doc` to the bytes of a PDF file.
///
/// Fails only with [`PdfError::InvalidImage`] for a bad PNG (or with [`PdfError::Font`] if an
/// embedded font is unusable, which would be a defect of this crate).
pub fn render(doc: &Document) -> Result<Vec<u8>, PdfError> {
    let fonts = fonts::fonts()?;
    let pngs: Vec<&[u8]> = doc
        .blocks
        .iter()
        .filter_map(|block| match block {
            Block::Image(image) => Some(image.png.as_slice()),
            _ => None,
        })
        .collect();
    // Every image's size from its header, against the document's budget, before any is decoded.
    image::within_budget(&pngs)?;
    let images = pngs
        .iter()
        .enumerate()
        .map(|(index, png)| image::decode(index, png))
        .collect::<Result<Vec<_>, _>>()?;
    let sizes: Vec<(u32, u32)> = images.iter().map(|i| (i.width, i.height)).collect();

    let pages = layout::layout(doc, fonts, &sizes);

    let mut pdf = PdfDocument::new(&doc.title);
    // printpdf dates a document 1970-01-01 unless told otherwise: it is made now.
    let now = printpdf::OffsetDateTime::now_utc();
    let info = &mut pdf.metadata.info;
    (
        info.creation_date,
        info.modification_date,
        info.metadata_date,
    ) = (now, now, now);
    info.creator = "Batchline".to_string();
    let mut font_ids = draw::FontIds::default();
    for face in [Face::Regular, Face::Bold] {
        let used = used_chars(&pages, face);
        if !used.is_empty() {
            let subset = fonts.subset(face, &used)?;
            font_ids.set(face, pdf.add_font(&subset));
        }
    }
    let image_refs: Vec<_> = images
        .iter()
        .map(|i| draw::ImageRef {
            id: pdf.add_image(&i.raw),
            width: i.width,
            height: i.height,
        })
        .collect();

    let geometry = page::Geometry::a4(doc.landscape);
    let pdf_pages = pages
        .iter()
        .map(|items| {
            let ops = draw::page_ops(items, &geometry, &font_ids, &image_refs);
            PdfPage::new(geometry.width_mm(), geometry.height_mm(), ops)
        })
        .collect();

    let options = PdfSaveOptions {
        optimize: true,
        // printpdf cannot subset without its `text_layout` feature; `fonts` already did.
        subset_fonts: false,
        secure: true,
        image_optimization: Some(ImageOptimizationOptions {
            quality: None,
            max_image_size: None,
            dither_greyscale: None,
            convert_to_greyscale: None,
            auto_optimize: Some(true),
            // Lossless: charts must keep their sharp lines.
            format: Some(ImageCompression::Flate),
        }),
    };
    let mut warnings = Vec::new();
    Ok(pdf.with_pages(pdf_pages).save(&options, &mut warnings))
}

/// Every character drawn in `face` anywhere in the laid-out pages.
fn used_chars(pages: &[Vec<Item>], face: Face) -> BTreeSet<char> {
    pages
        .iter()
        .flatten()
        .filter_map(|item| match item {
            Item::Text { face: f, text, .. } if *f == face => Some(text.chars()),
            _ => None,
        })
        .flatten()
        .collect()
}
