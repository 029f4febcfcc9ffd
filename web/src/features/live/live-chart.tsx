/**
 * A uPlot time chart of one process series of a line, fed through refs: it subscribes to the
 * live store itself and calls `setData`, so samples never re-render React.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useLive } from '@/lib/live/live-store';

interface Props {
  lineId: string;
  code: string;
  label: string;
  color: string;
  /** The plant's zone the time axis reads in (the line's). */
  zone: string;
  height?: number;
}

/** `[epoch ms, value]` points as uPlot's columns. */
function columns(points: readonly number[][] | undefined): uPlot.AlignedData {
  const pts = points ?? [];
  return [pts.map((p) => p[0] / 1000), pts.map((p) => p[1])];
}

export function LiveChart({ lineId, code, label, color, zone, height = 220 }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const select = () => useLive.getState().diagnostics[lineId]?.series[code];
    let last = select();
    const plot = new uPlot(
      {
        width: Math.max(280, el.clientWidth),
        height,
        scales: { x: { time: true } },
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1e3), zone),
        axes: [{ stroke: 'currentColor', grid: { stroke: 'rgba(128,128,128,0.25)' } }, { stroke: 'currentColor', grid: { stroke: 'rgba(128,128,128,0.25)' } }],
        series: [{}, { label, stroke: color, width: 2, fill: `${color}22` }],
        legend: { show: true },
      },
      columns(last),
      el,
    );
    // How many points it draws, for a test or a screen reader's description to read.
    const count = () => (el.dataset.points = String(last?.length ?? 0));
    count();
    let frame = 0;
    const unsubscribe = useLive.subscribe(() => {
      const next = select();
      if (next === last) return;
      last = next;
      if (!frame) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          plot.setData(columns(last));
          count();
        });
      }
    });
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(280, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      unsubscribe();
      resize.disconnect();
      if (frame) cancelAnimationFrame(frame);
      plot.destroy();
    };
  }, [lineId, code, label, color, zone, height]);
  return <div ref={box} role="img" aria-label={label} data-testid={`chart-${code}`} />;
}
