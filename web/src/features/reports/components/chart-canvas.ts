/**
 * What the report charts share about their canvas: whether one can be drawn, its PNG for the
 * PDF, and the life of a uPlot chart in a box (`useUPlot`).
 */
import { useEffect, useRef, type RefObject } from 'react';
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

/** The narrowest a report chart is drawn, px. */
const MIN_WIDTH = 280;

/**
 * A uPlot chart in `box`: `make` draws it (at the box's width) when `shape` changes, and only
 * then; `data` replaces its data when `dataKey` changes; it follows the box's width and is
 * destroyed with the component. Answers the plot (for its PNG). Nothing is drawn where no canvas
 * can be (jsdom).
 */
export function useUPlot(
  box: RefObject<HTMLDivElement | null>,
  shape: string,
  dataKey: string,
  make: (el: HTMLDivElement, width: number) => uPlot,
  data: () => uPlot.AlignedData,
): RefObject<uPlot | null> {
  const plot = useRef<uPlot | null>(null);
  const latest = useRef({ make, data });
  useEffect(() => {
    latest.current = { make, data };
  });
  useEffect(() => {
    const el = box.current;
    if (!el || !canDraw()) return;
    const made = latest.current.make(el, Math.max(MIN_WIDTH, el.clientWidth));
    plot.current = made;
    const resize = new ResizeObserver(() => made.setSize({ width: Math.max(MIN_WIDTH, el.clientWidth), height: made.height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      made.destroy();
      plot.current = null;
    };
  }, [box, shape]);
  useEffect(() => {
    plot.current?.setData(latest.current.data());
  }, [dataKey]);
  return plot;
}
