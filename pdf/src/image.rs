//! PNG images: checked to really be PNG and of a sane size before they are decoded (so a
//! hostile upload cannot make the renderer allocate gigabytes), then decoded into the raw
//! pixels printpdf embeds. Every failure is an error, never a panic.

use printpdf::RawImage;

use crate::PdfError;

/// The eight bytes every PNG file starts with.
const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
/// Largest accepted width or height, in pixels.
const MAX_SIDE: u32 = 16_384;
/// Largest accepted number of pixels (a 2× screenshot of a large chart is about 4 million).
const MAX_PIXELS: u64 = 40_000_000;

/// Largest number of pixels of all the images of one document together (ten charts drawn at
/// twice the screen's resolution are about 40 million).
pub const MAX_DOCUMENT_PIXELS: u64 = 40_000_000;

/// The images' sizes from their headers, within the document's budget (an image that is not
/// a usable PNG by itself is left to `decode` to name).
pub(crate) fn within_budget(pngs: &[&[u8]]) -> Result<(), PdfError> {
    let mut total = 0u64;
    for png in pngs {
        let Ok((w, h)) = header(png) else { continue };
        let pixels = u64::from(w) * u64::from(h);
        if w > MAX_SIDE || h > MAX_SIDE || pixels > MAX_PIXELS {
            continue;
        }
        total += pixels;
        if total > MAX_DOCUMENT_PIXELS {
            return Err(PdfError::TooManyPixels {
                max: MAX_DOCUMENT_PIXELS,
            });
        }
    }
    Ok(())
}

/// A decoded image and its size in pixels.
pub(crate) struct Decoded {
    pub raw: RawImage,
    pub width: u32,
    pub height: u32,
}

/// Decodes the PNG of the `index`th image block.
pub(crate) fn decode(index: usize, png: &[u8]) -> Result<Decoded, PdfError> {
    let invalid = |reason: String| PdfError::InvalidImage { index, reason };
    let (width, height) = header(png).map_err(|r| invalid(r.to_string()))?;
    if width == 0 || height == 0 {
        return Err(invalid(format!("it is {width}×{height} pixels")));
    }
    if width > MAX_SIDE || height > MAX_SIDE || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(invalid(format!(
            "it is {width}×{height} pixels, more than allowed"
        )));
    }
    let mut warnings = Vec::new();
    let raw = RawImage::decode_from_bytes(png, &mut warnings).map_err(invalid)?;
    if raw.width != width as usize || raw.height != height as usize {
        return Err(invalid(
            "its decoded size does not match its header".to_string(),
        ));
    }
    Ok(Decoded { raw, width, height })
}

/// Width and height from the PNG signature and IHDR chunk.
fn header(png: &[u8]) -> Result<(u32, u32), &'static str> {
    if png.get(..8) != Some(&SIGNATURE[..]) {
        return Err("it does not start with the PNG signature");
    }
    // Length (4 bytes, 13 for IHDR), type "IHDR", then width and height (big-endian).
    if png.get(12..16) != Some(&b"IHDR"[..]) {
        return Err("its first chunk is not IHDR");
    }
    let be = |at: usize| -> Result<u32, &'static str> {
        png.get(at..at + 4)
            .and_then(|b| <[u8; 4]>::try_from(b).ok())
            .map(u32::from_be_bytes)
            .ok_or("it is cut short")
    };
    Ok((be(16)?, be(20)?))
}
