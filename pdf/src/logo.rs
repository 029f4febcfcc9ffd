//! The Batchline logo (web/public/logo.svg) as vector shapes: a blue rounded square, the
//! white "B" of the SVG's path (its straight lines and cubic curves taken over exactly)
//! and the green bar.

use printpdf::{
    Color, LinePoint, Op, PaintMode, Point, Polygon, PolygonRing, Pt, Rgb, WindingOrder,
};

/// Side of the SVG's view box.
const VIEW: f32 = 64.0;
/// Circle approximation constant for cubic Bézier corners.
const KAPPA: f32 = 0.552_284_8;

/// One path node in SVG coordinates (y down); `control` marks a Bézier handle.
type Node = (f32, f32, bool);

/// Operations drawing the logo as a `size` pt square whose top left corner is at
/// (`x`, `top`) in PDF coordinates (y up).
pub(crate) fn ops(x: f32, top: f32, size: f32) -> Vec<Op> {
    let scale = size / VIEW;
    let shape = |nodes: Vec<Node>, hex: u32| {
        let points = nodes
            .into_iter()
            .map(|(sx, sy, control)| LinePoint {
                p: Point {
                    x: Pt(x + sx * scale),
                    y: Pt(top - sy * scale),
                },
                bezier: control,
            })
            .collect();
        let color = Color::Rgb(Rgb::new(
            channel(hex, 16),
            channel(hex, 8),
            channel(hex, 0),
            None,
        ));
        let polygon = Polygon {
            rings: vec![PolygonRing { points }],
            mode: PaintMode::Fill,
            winding_order: WindingOrder::NonZero,
        };
        [Op::SetFillColor { col: color }, Op::DrawPolygon { polygon }]
    };

    let mut ops = vec![Op::SaveGraphicsState];
    // <rect width="64" height="64" rx="12" fill="#1971c2"/>
    ops.extend(shape(rounded_rect(0.0, 0.0, 64.0, 64.0, 12.0), 0x1971c2));
    // <path d="M14 46V18h14c6 0 10 3 10 8 0 3-2 5-4 6 3 1 5 4 5 7 0 5-4 7-10 7z" fill="#fff"/>
    let b = vec![
        (14.0, 46.0, false),
        (14.0, 18.0, false),
        (28.0, 18.0, false),
        (34.0, 18.0, true),
        (38.0, 21.0, true),
        (38.0, 26.0, false),
        (38.0, 29.0, true),
        (36.0, 31.0, true),
        (34.0, 32.0, false),
        (37.0, 33.0, true),
        (39.0, 36.0, true),
        (39.0, 39.0, false),
        (39.0, 44.0, true),
        (35.0, 46.0, true),
        (29.0, 46.0, false),
    ];
    ops.extend(shape(b, 0xffffff));
    // <rect x="42" y="18" width="8" height="28" rx="2" fill="#40c057"/>
    ops.extend(shape(rounded_rect(42.0, 18.0, 8.0, 28.0, 2.0), 0x40c057));
    ops.push(Op::RestoreGraphicsState);
    ops
}

/// Red, green or blue of a 0xRRGGBB colour, from 0 to 1.
fn channel(hex: u32, shift: u32) -> f32 {
    ((hex >> shift) & 0xff) as f32 / 255.0
}

/// The outline of a rectangle with rounded corners of radius `r`.
fn rounded_rect(x: f32, y: f32, w: f32, h: f32, r: f32) -> Vec<Node> {
    let k = r * KAPPA;
    let (right, bottom) = (x + w, y + h);
    vec![
        (x + r, y, false),
        (right - r, y, false),
        (right - r + k, y, true),
        (right, y + r - k, true),
        (right, y + r, false),
        (right, bottom - r, false),
        (right, bottom - r + k, true),
        (right - r + k, bottom, true),
        (right - r, bottom, false),
        (x + r, bottom, false),
        (x + r - k, bottom, true),
        (x, bottom - r + k, true),
        (x, bottom - r, false),
        (x, y + r, false),
        (x, y + r - k, true),
        (x + r - k, y, true),
        (x + r, y, false),
    ]
}
