//! The two embedded faces (DejaVu Sans and DejaVu Sans Bold): glyph metrics for measuring
//! text, cleaning text down to what the faces can draw, and subsetting each face to the
//! characters a document uses before it is embedded.
//!
//! printpdf 0.12 only subsets fonts with its heavy `text_layout` feature; without it, it
//! embeds whatever bytes it is given. So the faces are subset here with allsorts (the same
//! subsetter printpdf uses) and the small subset is handed to printpdf, which then embeds
//! it whole. A one-page document carries about 20 KB of font data instead of 1.4 MB.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use allsorts::binary::read::ReadScope;
use allsorts::font_data::FontData;
use allsorts::subset::{CmapTarget, SubsetProfile, subset};
use printpdf::ParsedFont;

use crate::PdfError;

const REGULAR_TTF: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
const BOLD_TTF: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold.ttf");

/// Which of the two embedded faces a piece of text is set in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Face {
    Regular,
    Bold,
}

impl Face {
    fn name(self) -> &'static str {
        match self {
            Face::Regular => "DejaVu Sans",
            Face::Bold => "DejaVu Sans Bold",
        }
    }

    fn bytes(self) -> &'static [u8] {
        match self {
            Face::Regular => REGULAR_TTF,
            Face::Bold => BOLD_TTF,
        }
    }
}

/// One parsed face: its character map, advance widths and vertical metrics.
struct Metrics {
    font: ParsedFont,
    /// Font units per em, as a divisor.
    units_per_em: f32,
    /// Drawn in place of characters the face has no glyph for.
    fallback: char,
}

impl Metrics {
    fn parse(face: Face) -> Result<Self, String> {
        let mut warnings = Vec::new();
        let font = ParsedFont::from_bytes(face.bytes(), 0, &mut warnings)
            .ok_or_else(|| format!("cannot parse the embedded font: {warnings:?}"))?;
        let units_per_em = f32::from(font.units_per_em.max(1));
        let fallback = if font.lookup_glyph_index(u32::from('\u{FFFD}')).is_some() {
            '\u{FFFD}'
        } else {
            '?'
        };
        Ok(Self {
            font,
            units_per_em,
            fallback,
        })
    }

    fn has(&self, c: char) -> bool {
        self.font.lookup_glyph_index(u32::from(c)).is_some()
    }

    /// Advance width of `c` in em.
    fn advance(&self, c: char) -> f32 {
        self.font
            .lookup_glyph_index(u32::from(c))
            .and_then(|gid| self.font.get_glyph_width(gid))
            .map_or(0.0, |w| f32::from(w) / self.units_per_em)
    }
}

/// Both embedded faces, parsed once per process.
pub(crate) struct Fonts {
    regular: Metrics,
    bold: Metrics,
}

static FONTS: OnceLock<Result<Fonts, (&'static str, String)>> = OnceLock::new();

/// The embedded faces, parsed on first use.
pub(crate) fn fonts() -> Result<&'static Fonts, PdfError> {
    FONTS
        .get_or_init(|| {
            let regular = Metrics::parse(Face::Regular).map_err(|e| (Face::Regular.name(), e))?;
            let bold = Metrics::parse(Face::Bold).map_err(|e| (Face::Bold.name(), e))?;
            Ok(Fonts { regular, bold })
        })
        .as_ref()
        .map_err(|(face, reason)| PdfError::Font {
            face,
            reason: reason.clone(),
        })
}

impl Fonts {
    fn metrics(&self, face: Face) -> &Metrics {
        match face {
            Face::Regular => &self.regular,
            Face::Bold => &self.bold,
        }
    }

    /// `text` with control characters other than `\n` (tabs, carriage returns, …) turned
    /// into spaces and characters the face cannot draw replaced by "�", so that what is
    /// measured is what is drawn. Wrapping breaks lines at the `\n`s; truncating to one
    /// line turns them into spaces.
    pub(crate) fn clean(&self, face: Face, text: &str) -> String {
        let metrics = self.metrics(face);
        text.chars()
            .map(|c| {
                if c == '\n' {
                    c
                } else if c.is_control() {
                    ' '
                } else if metrics.has(c) {
                    c
                } else {
                    metrics.fallback
                }
            })
            .collect()
    }

    /// Width of one character at `size` pt, in pt.
    pub(crate) fn char_width(&self, face: Face, c: char, size: f32) -> f32 {
        self.metrics(face).advance(c) * size
    }

    /// Width of `text` at `size` pt, in pt (no kerning: printpdf draws none either).
    pub(crate) fn width(&self, face: Face, text: &str, size: f32) -> f32 {
        let metrics = self.metrics(face);
        text.chars().map(|c| metrics.advance(c)).sum::<f32>() * size
    }

    /// A copy of `face` holding only the glyphs of `chars` (plus .notdef and the parts of
    /// composite glyphs), ready for `PdfDocument::add_font`.
    pub(crate) fn subset(
        &self,
        face: Face,
        chars: &BTreeSet<char>,
    ) -> Result<ParsedFont, PdfError> {
        let error = |reason: String| PdfError::Font {
            face: face.name(),
            reason,
        };
        let metrics = self.metrics(face);
        // .notdef must come first; the rest ascending and without duplicates.
        let mut glyphs: Vec<u16> = chars
            .iter()
            .filter_map(|c| metrics.font.lookup_glyph_index(u32::from(*c)))
            .filter(|gid| *gid != 0)
            .collect();
        glyphs.sort_unstable();
        glyphs.dedup();
        glyphs.insert(0, 0);

        let data = ReadScope::new(face.bytes())
            .read::<FontData<'_>>()
            .map_err(|e| error(format!("cannot read the embedded font: {e}")))?;
        let provider = data
            .table_provider(0)
            .map_err(|e| error(format!("cannot read the embedded font's tables: {e}")))?;
        let bytes = subset(&provider, &glyphs, &SubsetProfile::Pdf, CmapTarget::Unicode)
            .map_err(|e| error(format!("cannot subset: {e}")))?;
        let mut warnings = Vec::new();
        ParsedFont::from_bytes(&bytes, 0, &mut warnings)
            .ok_or_else(|| error(format!("cannot parse the subset: {warnings:?}")))
    }
}
