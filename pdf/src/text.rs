//! Fitting text into a width: greedy word wrapping (with words longer than a line broken
//! between characters) and truncation with "…", both measured with the faces' real glyph
//! advances. Input is expected to be cleaned by `Fonts::clean` already.

use crate::fonts::{Face, Fonts};

/// Appended to text cut to fit.
pub(crate) const ELLIPSIS: char = '…';

/// Height of DejaVu Sans capitals, in em (OS/2 sCapHeight 1493 / 2048 units).
const CAP_HEIGHT: f32 = 0.729;

/// The baseline that centres the capitals of `size` pt text in a line box `height` pt
/// tall whose top is at `top`.
pub(crate) fn baseline(top: f32, height: f32, size: f32) -> f32 {
    top + (height + CAP_HEIGHT * size) / 2.0
}

/// A face at a size, with the fonts to measure it.
#[derive(Clone, Copy)]
pub(crate) struct Style<'a> {
    pub fonts: &'a Fonts,
    pub face: Face,
    pub size: f32,
}

impl<'a> Style<'a> {
    pub(crate) fn new(fonts: &'a Fonts, face: Face, size: f32) -> Self {
        Self { fonts, face, size }
    }

    pub(crate) fn width(&self, text: &str) -> f32 {
        self.fonts.width(self.face, text, self.size)
    }

    fn char_width(&self, c: char) -> f32 {
        self.fonts.char_width(self.face, c, self.size)
    }
}

/// Whether a line may break at `c`: whitespace other than the no-break spaces (French
/// "82\u{202f}°C", "1\u{202f}800,5" from number formatting).
fn breakable(c: char) -> bool {
    c.is_whitespace() && !matches!(c, '\u{a0}' | '\u{2007}' | '\u{202f}')
}

/// The words of `text`, split at breakable whitespace.
pub(crate) fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(breakable).filter(|w| !w.is_empty())
}

/// Breaks `text` into lines no wider than `max` pt. Runs of whitespace become one space,
/// `\n` forces a break, and a word wider than a line is split between characters (a line
/// always takes at least one character, so even an absurdly narrow width terminates).
/// Empty or blank text gives no lines.
pub(crate) fn wrap(style: Style<'_>, text: &str, max: f32) -> Vec<String> {
    let space = style.char_width(' ');
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        let mut width = 0.0;
        for word in words(paragraph) {
            let word_width = style.width(word);
            if !line.is_empty() && width + space + word_width <= max {
                line.push(' ');
                line.push_str(word);
                width += space + word_width;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            if word_width <= max {
                line.push_str(word);
                width = word_width;
            } else {
                let mut pieces = break_word(style, word, max);
                // The last piece stays open so that following words can join it.
                let last = pieces.pop().unwrap_or_default();
                lines.extend(pieces);
                width = style.width(&last);
                line = last;
            }
        }
        if !line.is_empty() {
            lines.push(line);
        }
    }
    lines
}

/// Splits one word into pieces no wider than `max` (each at least one character).
fn break_word(style: Style<'_>, word: &str, max: f32) -> Vec<String> {
    let mut pieces = Vec::new();
    let mut piece = String::new();
    let mut width = 0.0;
    for c in word.chars() {
        let w = style.char_width(c);
        if !piece.is_empty() && width + w > max {
            pieces.push(std::mem::take(&mut piece));
            width = 0.0;
        }
        piece.push(c);
        width += w;
    }
    if !piece.is_empty() {
        pieces.push(piece);
    }
    pieces
}

/// `text` on one line no wider than `max` pt: as is if it fits, otherwise cut and ended
/// with "…" (or empty if not even "…" fits).
pub(crate) fn truncate(style: Style<'_>, text: &str, max: f32) -> String {
    let text = words(text).collect::<Vec<_>>().join(" ");
    if style.width(&text) <= max {
        return text;
    }
    cut(style, &text, max)
}

/// The longest start of `text` that fits in `max` pt together with a final "…".
fn cut(style: Style<'_>, text: &str, max: f32) -> String {
    let room = max - style.char_width(ELLIPSIS);
    if room < 0.0 {
        return String::new();
    }
    let mut out = String::new();
    let mut width = 0.0;
    for c in text.chars() {
        let w = style.char_width(c);
        if width + w > room {
            break;
        }
        out.push(c);
        width += w;
    }
    let mut out = out.trim_end().to_string();
    out.push(ELLIPSIS);
    out
}

/// Like [`wrap`], but at most `max_lines` lines (at least one); if the text needs more,
/// the last line kept is ended with "…".
pub(crate) fn wrap_at_most(
    style: Style<'_>,
    text: &str,
    max: f32,
    max_lines: usize,
) -> Vec<String> {
    let max_lines = max_lines.max(1);
    let mut lines = wrap(style, text, max);
    if lines.len() > max_lines {
        let rest = lines.split_off(max_lines - 1).join(" ");
        lines.push(cut(style, &rest, max));
    }
    lines
}
