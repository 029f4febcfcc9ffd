/** What the report charts share about their canvas: whether one can be drawn, and its PNG for the PDF. */
import type uPlot from 'uplot';

/** True where a canvas can be drawn on (not in jsdom). */
export function canDraw(): boolean {
  try {
    return Boolean(document.createElement('canvas').getContext('2d'));
  } catch {
    return false;
  }
}

/** The plot's canvas drawn on white, as a PNG data URL (null when nothing is drawn). */
export function pngOf(plot: uPlot | null): string | null {
  const src = plot?.ctx?.canvas;
  if (!src) return null;
  const out = document.createElement('canvas');
  out.width = src.width;
  out.height = src.height;
  const g = out.getContext('2d');
  if (!g) return src.toDataURL('image/png');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, out.width, out.height);
  g.drawImage(src, 0, 0);
  return out.toDataURL('image/png');
}

export const AXIS = '#666';
export const GRID = 'rgba(128,128,128,0.25)';
