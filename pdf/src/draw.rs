//! Turns the positioned items of a laid-out page into printpdf operations: text lines in
//! the embedded faces, filled rectangles (shading and rules), images and the logo, with
//! y flipped to PDF's bottom-up coordinates.

use printpdf::{
    Color, FontId, Op, PaintMode, PdfFontHandle, Point, Pt, Rect, TextItem, XObjectId,
    XObjectTransform,
};

use crate::fonts::Face;
use crate::logo;
use crate::page::{Geometry, Item, Rgb};

/// The document's font resources (a face no text uses is not added).
#[derive(Default)]
pub(crate) struct FontIds {
    regular: Option<FontId>,
    bold: Option<FontId>,
}

impl FontIds {
    pub(crate) fn set(&mut self, face: Face, id: FontId) {
        match face {
            Face::Regular => self.regular = Some(id),
            Face::Bold => self.bold = Some(id),
        }
    }

    fn get(&self, face: Face) -> Option<&FontId> {
        match face {
            Face::Regular => self.regular.as_ref(),
            Face::Bold => self.bold.as_ref(),
        }
    }
}

/// An embedded image and its size in pixels.
pub(crate) struct ImageRef {
    pub id: XObjectId,
    pub width: u32,
    pub height: u32,
}

/// The operations of one page.
pub(crate) fn page_ops(
    items: &[Item],
    geometry: &Geometry,
    fonts: &FontIds,
    images: &[ImageRef],
) -> Vec<Op> {
    let mut ops = Vec::with_capacity(items.len() * 4);
    let flip = |y: f32| geometry.height - y;
    // Fill colour and font last set, so that runs of alike items do not repeat them.
    let mut fill: Option<Rgb> = None;
    let mut font: Option<(Face, f32)> = None;
    let mut set_fill = |ops: &mut Vec<Op>, color: Rgb| {
        if fill != Some(color) {
            ops.push(Op::SetFillColor { col: color.into() });
            fill = Some(color);
        }
    };
    for item in items {
        match item {
            Item::Text {
                x,
                y,
                size,
                face,
                color,
                text,
            } => {
                let Some(id) = fonts.get(*face) else { continue };
                set_fill(&mut ops, *color);
                ops.push(Op::StartTextSection);
                if font != Some((*face, *size)) {
                    ops.push(Op::SetFont {
                        font: PdfFontHandle::External(id.clone()),
                        size: Pt(*size),
                    });
                    font = Some((*face, *size));
                }
                ops.push(Op::SetTextCursor {
                    pos: Point {
                        x: Pt(*x),
                        y: Pt(flip(*y)),
                    },
                });
                ops.push(Op::ShowText {
                    items: vec![TextItem::Text(text.clone())],
                });
                ops.push(Op::EndTextSection);
            }
            Item::Fill { x, y, w, h, color } => {
                set_fill(&mut ops, *color);
                ops.push(rectangle(*x, flip(*y + *h), *w, *h));
            }
            Item::Rule {
                x1,
                x2,
                y,
                thickness,
                color,
            } => {
                set_fill(&mut ops, *color);
                ops.push(rectangle(
                    *x1,
                    flip(*y + thickness / 2.0),
                    x2 - x1,
                    *thickness,
                ));
            }
            Item::Image { index, x, y, w, h } => {
                let Some(image) = images.get(*index) else {
                    continue;
                };
                let transform = XObjectTransform {
                    translate_x: Some(Pt(*x)),
                    translate_y: Some(Pt(flip(*y + *h))),
                    // At 72 dpi one pixel is one point; scale from there.
                    dpi: Some(72.0),
                    scale_x: Some(w / image.width.max(1) as f32),
                    scale_y: Some(h / image.height.max(1) as f32),
                    ..XObjectTransform::default()
                };
                ops.push(Op::UseXobject {
                    id: image.id.clone(),
                    transform,
                });
            }
            // Drawn inside its own saved graphics state: the fill colour is restored after.
            Item::Logo { x, y, size } => ops.extend(logo::ops(*x, flip(*y), *size)),
        }
    }
    ops
}

/// A filled rectangle; (`x`, `y`) is its lower left corner in PDF coordinates.
fn rectangle(x: f32, y: f32, width: f32, height: f32) -> Op {
    Op::DrawRectangle {
        rectangle: Rect {
            x: Pt(x),
            y: Pt(y),
            width: Pt(width),
            height: Pt(height),
            mode: Some(PaintMode::Fill),
            winding_order: None,
        },
    }
}

impl From<Rgb> for Color {
    fn from(Rgb(r, g, b): Rgb) -> Self {
        let c = |v: u8| f32::from(v) / 255.0;
        Color::Rgb(printpdf::Rgb::new(c(r), c(g), c(b), None))
    }
}
