//! Page geometry (A4, 15 mm margins, the footer band) and the positioned items a laid-out
//! page is made of, plus the `Pager` that places items top to bottom and starts new pages.
//!
//! All lengths are PDF points; y runs from the top of the page downwards here and is
//! flipped only when drawing.

use printpdf::Mm;

/// Points per millimetre.
const PT_PER_MM: f32 = 72.0 / 25.4;

/// An sRGB colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Rgb(pub u8, pub u8, pub u8);

/// Body text.
pub(crate) const INK: Rgb = Rgb(0x21, 0x25, 0x29);
/// Labels, subtitle, footer.
pub(crate) const MUTED: Rgb = Rgb(0x6c, 0x75, 0x7d);
/// Light rules between table rows.
pub(crate) const RULE: Rgb = Rgb(0xde, 0xe2, 0xe6);
/// Rules under headers and above totals.
pub(crate) const STRONG_RULE: Rgb = Rgb(0x86, 0x8e, 0x96);
/// Shading of table group rows.
pub(crate) const SHADE: Rgb = Rgb(0xf1, 0xf3, 0xf5);
/// Shading of table header rows.
pub(crate) const HEADER_SHADE: Rgb = Rgb(0xe7, 0xf5, 0xff);

/// Footer text size.
pub(crate) const FOOTER_SIZE: f32 = 8.0;
/// Height kept free above the bottom margin for the footer.
const FOOTER_BAND: f32 = 22.0;

/// The page size and the area content may use.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Geometry {
    pub width: f32,
    pub height: f32,
    /// Left edge of the content.
    pub left: f32,
    /// Right edge of the content.
    pub right: f32,
    /// Top edge of the content.
    pub top: f32,
    /// Lowest y content may reach (the footer band lies below it).
    pub bottom: f32,
    /// Baseline of the footer text (on the bottom margin).
    pub footer_baseline: f32,
}

impl Geometry {
    /// A4 with 15 mm margins, portrait or landscape.
    pub(crate) fn a4(landscape: bool) -> Self {
        let (short, long) = (210.0 * PT_PER_MM, 297.0 * PT_PER_MM);
        let (width, height) = if landscape {
            (long, short)
        } else {
            (short, long)
        };
        let margin = 15.0 * PT_PER_MM;
        Self {
            width,
            height,
            left: margin,
            right: width - margin,
            top: margin,
            bottom: height - margin - FOOTER_BAND,
            footer_baseline: height - margin,
        }
    }

    /// The A4 page as seen by content drawn `scale` times its size: larger by `1 / scale`
    /// in every length, so that content laid out on it and then scaled fills the real page.
    pub(crate) fn a4_scaled(landscape: bool, scale: f32) -> Self {
        let g = Self::a4(landscape);
        let f = |v: f32| v / scale;
        Self {
            width: f(g.width),
            height: f(g.height),
            left: f(g.left),
            right: f(g.right),
            top: f(g.top),
            bottom: f(g.bottom),
            footer_baseline: f(g.footer_baseline),
        }
    }

    pub(crate) fn content_width(&self) -> f32 {
        self.right - self.left
    }

    pub(crate) fn width_mm(&self) -> Mm {
        Mm(self.width / PT_PER_MM)
    }

    pub(crate) fn height_mm(&self) -> Mm {
        Mm(self.height / PT_PER_MM)
    }
}

/// Something drawn at a fixed place on a page.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Item {
    /// One line of text, starting at `x` on the baseline `y`.
    Text {
        x: f32,
        y: f32,
        size: f32,
        face: crate::fonts::Face,
        color: Rgb,
        text: String,
    },
    /// A filled rectangle with its top left corner at (`x`, `y`).
    Fill {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        color: Rgb,
    },
    /// A horizontal rule from `x1` to `x2` at height `y`.
    Rule {
        x1: f32,
        x2: f32,
        y: f32,
        thickness: f32,
        color: Rgb,
    },
    /// The document's `index`th image, top left corner at (`x`, `y`), `w` × `h` pt.
    Image {
        index: usize,
        x: f32,
        y: f32,
        w: f32,
        h: f32,
    },
    /// The Batchline logo, a `size` pt square with its top left corner at (`x`, `y`).
    Logo { x: f32, y: f32, size: f32 },
}

impl Item {
    /// The item drawn `s` times its size (positions from the page's top left corner).
    pub(crate) fn scaled(&self, s: f32) -> Item {
        match self.clone() {
            Item::Text {
                x,
                y,
                size,
                face,
                color,
                text,
            } => Item::Text {
                x: x * s,
                y: y * s,
                size: size * s,
                face,
                color,
                text,
            },
            Item::Fill { x, y, w, h, color } => Item::Fill {
                x: x * s,
                y: y * s,
                w: w * s,
                h: h * s,
                color,
            },
            Item::Rule {
                x1,
                x2,
                y,
                thickness,
                color,
            } => Item::Rule {
                x1: x1 * s,
                x2: x2 * s,
                y: y * s,
                thickness: thickness * s,
                color,
            },
            Item::Image { index, x, y, w, h } => Item::Image {
                index,
                x: x * s,
                y: y * s,
                w: w * s,
                h: h * s,
            },
            Item::Logo { x, y, size } => Item::Logo {
                x: x * s,
                y: y * s,
                size: size * s,
            },
        }
    }
}

/// Places items top to bottom, starting a new page when something does not fit.
pub(crate) struct Pager {
    pub geometry: Geometry,
    pub pages: Vec<Vec<Item>>,
    /// Where the next item goes.
    pub y: f32,
}

impl Pager {
    pub(crate) fn new(geometry: Geometry) -> Self {
        Self {
            geometry,
            pages: vec![Vec::new()],
            y: geometry.top,
        }
    }

    /// Space left on the current page.
    pub(crate) fn remaining(&self) -> f32 {
        self.geometry.bottom - self.y
    }

    /// Whether nothing has been placed on the current page yet.
    pub(crate) fn at_top(&self) -> bool {
        self.y <= self.geometry.top + 0.01
    }

    /// Starts a new page.
    pub(crate) fn break_page(&mut self) {
        self.pages.push(Vec::new());
        self.y = self.geometry.top;
    }

    /// Makes sure `height` pt fit on the current page, breaking the page if they do not
    /// (unless it is empty: something taller than a page is placed anyway). Returns whether
    /// a new page was started.
    pub(crate) fn ensure(&mut self, height: f32) -> bool {
        if height > self.remaining() && !self.at_top() {
            self.break_page();
            true
        } else {
            false
        }
    }

    /// Adds vertical space, unless at the top of a page.
    pub(crate) fn gap(&mut self, height: f32) {
        if !self.at_top() {
            self.y = (self.y + height).min(self.geometry.bottom);
        }
    }

    /// Adds an item to the current page.
    pub(crate) fn push(&mut self, item: Item) {
        if let Some(page) = self.pages.last_mut() {
            page.push(item);
        }
    }
}
