//! Lays a document out onto pages: the heading block on the first page, then each block
//! in order (tables are handed to `table`), breaking pages between lines and rows, and
//! finally the footer of every page, once the number of pages is known.

use crate::fonts::{Face, Fonts};
use crate::page::{FOOTER_SIZE, Geometry, INK, Item, MUTED, Pager, RULE, Rgb, STRONG_RULE};
use crate::text::{Style, baseline, truncate, wrap, wrap_at_most};
use crate::{Block, Document, Footer, Image, Signatures, facts, table};

/// Space after every block.
const BLOCK_GAP: f32 = 8.0;
/// Body text size and line height.
pub(crate) const BODY: (f32, f32) = (10.0, 14.0);
/// Section heading size and line height.
const HEADING: (f32, f32) = (13.0, 17.0);
/// A heading is not left at the bottom of a page with less than this below it.
const KEEP_WITH_NEXT: f32 = 48.0;
/// Side of the logo square.
const LOGO: f32 = 26.0;

/// A last page used less than this (a share of its content height) is "near-empty".
const NEAR_EMPTY: f32 = 0.25;
/// The smaller sizes a document with a near-empty last page is tried at, in turn.
const TIGHTER: [f32; 3] = [0.93, 0.86, 0.8];

/// Lays `doc` out; `images` are the pixel sizes of its image blocks, in order. Returns the
/// items of each page, footers included, in points of the real page. A document whose last
/// page would hold only a few lines is laid out a little smaller (down to 80 %), when that
/// saves the page.
pub(crate) fn layout(doc: &Document, fonts: &Fonts, images: &[(u32, u32)]) -> Vec<Vec<Item>> {
    let (mut pages, mut used) = layout_at(doc, fonts, images, 1.0);
    for scale in TIGHTER {
        if pages.len() < 2 || used >= NEAR_EMPTY {
            break;
        }
        let (tighter, tighter_used) = layout_at(doc, fonts, images, scale);
        if tighter.len() < pages.len() {
            pages = tighter
                .iter()
                .map(|items| items.iter().map(|i| i.scaled(scale)).collect())
                .collect();
            used = tighter_used;
        }
    }
    pages
}

/// `doc` laid out at `scale` times its size (the items still unscaled), and how much of the
/// last page's content height it uses.
fn layout_at(
    doc: &Document,
    fonts: &Fonts,
    images: &[(u32, u32)],
    scale: f32,
) -> (Vec<Vec<Item>>, f32) {
    let geometry = Geometry::a4_scaled(doc.landscape, scale);
    let mut pager = Pager::new(geometry);
    heading_block(&mut pager, fonts, doc);
    let mut images = images.iter().copied().enumerate();
    for block in &doc.blocks {
        match block {
            Block::Heading(text) => heading(&mut pager, fonts, text),
            Block::Paragraph(text) => paragraph(&mut pager, fonts, text),
            Block::Facts(list) => facts::layout(&mut pager, fonts, list, doc.landscape),
            Block::Table(t) => table::layout(&mut pager, fonts, t),
            Block::Image(img) => {
                if let Some((index, size)) = images.next() {
                    image(&mut pager, fonts, img, index, size);
                }
            }
            Block::Signatures(sig) => signatures(&mut pager, fonts, sig),
        }
        pager.gap(BLOCK_GAP);
    }
    let used = (pager.y - geometry.top) / (geometry.bottom - geometry.top);
    let mut pages = pager.pages;
    footers(&mut pages, fonts, &geometry, &doc.footer);
    (pages, used)
}

/// Places one line of text whose line box starts at the pager's `y`.
pub(crate) fn line(
    pager: &mut Pager,
    style: Style<'_>,
    color: Rgb,
    x: f32,
    height: f32,
    text: String,
) {
    if text.is_empty() {
        return;
    }
    let y = baseline(pager.y, height, style.size);
    pager.push(Item::Text {
        x,
        y,
        size: style.size,
        face: style.face,
        color,
        text,
    });
}

/// Wrapped lines, each moved to a new page if it does not fit.
fn lines(pager: &mut Pager, style: Style<'_>, color: Rgb, height: f32, text: &str) {
    let text = style.fonts.clean(style.face, text);
    let x = pager.geometry.left;
    for l in wrap(style, &text, pager.geometry.content_width()) {
        pager.ensure(height);
        line(pager, style, color, x, height, l);
        pager.y += height;
    }
}

/// Logo and product name, title, subtitle and a rule, at the top of the first page.
fn heading_block(pager: &mut Pager, fonts: &Fonts, doc: &Document) {
    let left = pager.geometry.left;
    if doc.logo {
        pager.push(Item::Logo {
            x: left,
            y: pager.y,
            size: LOGO,
        });
        let style = Style::new(fonts, Face::Bold, 15.0);
        line(
            pager,
            style,
            INK,
            left + LOGO + 8.0,
            LOGO,
            "Batchline".to_string(),
        );
        pager.y += LOGO + 12.0;
    }
    lines(
        pager,
        Style::new(fonts, Face::Bold, 18.0),
        INK,
        23.0,
        &doc.title,
    );
    if let Some(subtitle) = &doc.subtitle {
        pager.y += 2.0;
        lines(
            pager,
            Style::new(fonts, Face::Regular, 11.0),
            MUTED,
            15.0,
            subtitle,
        );
    }
    if !pager.at_top() {
        pager.y += 6.0;
        let right = pager.geometry.right;
        pager.push(Item::Rule {
            x1: left,
            x2: right,
            y: pager.y,
            thickness: 0.8,
            color: STRONG_RULE,
        });
        pager.y += 14.0;
    }
}

/// A section heading, kept on the same page as the start of what follows.
fn heading(pager: &mut Pager, fonts: &Fonts, text: &str) {
    let style = Style::new(fonts, Face::Bold, HEADING.0);
    let text = fonts.clean(Face::Bold, text);
    let lines = wrap(style, &text, pager.geometry.content_width());
    if lines.is_empty() {
        return;
    }
    pager.gap(6.0);
    pager.ensure(lines.len() as f32 * HEADING.1 + KEEP_WITH_NEXT);
    let x = pager.geometry.left;
    for l in lines {
        // Only a heading longer than a page breaks here.
        pager.ensure(HEADING.1);
        line(pager, style, INK, x, HEADING.1, l);
        pager.y += HEADING.1;
    }
    pager.y += 2.0;
}

fn paragraph(pager: &mut Pager, fonts: &Fonts, text: &str) {
    lines(
        pager,
        Style::new(fonts, Face::Regular, BODY.0),
        INK,
        BODY.1,
        text,
    );
}

/// An image scaled to the content width (or down to fit a page), with its caption above.
fn image(pager: &mut Pager, fonts: &Fonts, img: &Image, index: usize, (px_w, px_h): (u32, u32)) {
    let style = Style::new(fonts, Face::Bold, BODY.0);
    let caption = img
        .title
        .as_deref()
        .map(|t| fonts.clean(Face::Bold, t))
        .unwrap_or_default();
    let caption = wrap_at_most(style, &caption, pager.geometry.content_width(), 3);
    let caption_height = caption.len() as f32 * BODY.1 + if caption.is_empty() { 0.0 } else { 4.0 };

    let width = pager.geometry.content_width();
    let aspect = px_h.max(1) as f32 / px_w.max(1) as f32;
    let room = pager.geometry.bottom - pager.geometry.top - caption_height;
    let (w, h) = if width * aspect > room {
        (room / aspect, room)
    } else {
        (width, width * aspect)
    };

    pager.ensure(caption_height + h);
    let left = pager.geometry.left;
    for c in caption {
        line(pager, style, INK, left, BODY.1, c);
        pager.y += BODY.1;
    }
    if caption_height > 0.0 {
        pager.y += 4.0;
    }
    let x = left + (width - w) / 2.0;
    pager.push(Item::Image {
        index,
        x,
        y: pager.y,
        w,
        h,
    });
    pager.y += h;
}

/// A row per role: its name, then a line to write on per field with the field's caption
/// under it.
fn signatures(pager: &mut Pager, fonts: &Fonts, sig: &Signatures) {
    const ROW: f32 = 48.0;
    const WRITE: f32 = 28.0;
    const GAP: f32 = 14.0;
    let role_style = Style::new(fonts, Face::Bold, BODY.0);
    let caption_style = Style::new(fonts, Face::Regular, 8.0);
    let roles: Vec<String> = sig
        .roles
        .iter()
        .map(|r| fonts.clean(Face::Bold, r))
        .collect();
    let left = pager.geometry.left;
    let width = pager.geometry.content_width();
    let label = (roles
        .iter()
        .map(|r| role_style.width(r))
        .fold(0.0, f32::max)
        + GAP)
        .min(width * 0.3);
    let fields = sig.fields.len().max(1) as f32;
    let field = (width - label - GAP * (fields - 1.0)) / fields;
    for role in roles {
        pager.ensure(ROW);
        let top = pager.y;
        // A role wider than its column wraps onto a second line above the first, both ending
        // at the writing line; what a third would hold is cut.
        let shown = wrap_at_most(role_style, &role, label - GAP, 2);
        pager.y = top + WRITE - BODY.1 * shown.len() as f32;
        for l in shown {
            line(pager, role_style, INK, left, BODY.1, l);
            pager.y += BODY.1;
        }
        for (i, caption) in sig.fields.iter().enumerate() {
            let x = left + label + i as f32 * (field + GAP);
            pager.push(Item::Rule {
                x1: x,
                x2: x + field,
                y: top + WRITE,
                thickness: 0.6,
                color: STRONG_RULE,
            });
            pager.y = top + WRITE + 2.0;
            let caption = truncate(caption_style, &fonts.clean(Face::Regular, caption), field);
            line(pager, caption_style, MUTED, x, 11.0, caption);
        }
        pager.y = top + ROW;
    }
}

/// The footer of each page: a rule, `left` at the left and the page label at the right.
fn footers(pages: &mut [Vec<Item>], fonts: &Fonts, geometry: &Geometry, footer: &Footer) {
    let style = Style::new(fonts, Face::Regular, FOOTER_SIZE);
    let total = pages.len();
    let left = fonts.clean(Face::Regular, &footer.left);
    let width = geometry.content_width();
    for (i, items) in pages.iter_mut().enumerate() {
        let label = footer
            .page
            .replace("{page}", &(i + 1).to_string())
            .replace("{pages}", &total.to_string());
        let label = truncate(style, &fonts.clean(Face::Regular, &label), width * 0.45);
        let label_width = style.width(&label);
        let left = truncate(style, &left, width - label_width - 16.0);
        let y = geometry.footer_baseline;
        items.push(Item::Rule {
            x1: geometry.left,
            x2: geometry.right,
            y: y - 11.0,
            thickness: 0.5,
            color: RULE,
        });
        for (x, text) in [(geometry.left, left), (geometry.right - label_width, label)] {
            if !text.is_empty() {
                items.push(Item::Text {
                    x,
                    y,
                    size: FOOTER_SIZE,
                    face: Face::Regular,
                    color: MUTED,
                    text,
                });
            }
        }
    }
}
