/**
 * A small uPlot chart of one series over categories (materials, recipes, lines, time buckets):
 * bars, or a line for time. The plot is made once and fed with `setData` (the live chart's
 * pattern); its canvas is exported as a PNG data URL on white for the PDF. A screen reader
 * hears its title and a one-sentence summary; the table below holds every value.
 */
import { Box, Text, VisuallyHidden, useMantineTheme } from '@mantine/core';
import { useEffect, useId, useImperativeHandle, useRef, type Ref } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartHandle {
  /** The chart as a PNG data URL (null when nothing is drawn). */
  png: () => string | null;
  title: string;
}

export interface ReportChartProps {
  title: string;
  labels: string[];
  values: number[];
  kind: 'bar' | 'line';
  /** Axis values as shown ("1,200.5"). */
  format: (n: number) => string;
  /** One sentence for screen readers. */
  summary: string;
  testId: string;
  height?: number;
  ref?: Ref<ChartHandle>;
}

const AXIS = '#666';
const GRID = 'rgba(128,128,128,0.25)';
const LABEL_MAX = 16;

const short = (s: string) => (s.length > LABEL_MAX ? `${s.slice(0, LABEL_MAX - 1)}…` : s);

/** True where a canvas can be drawn on (not in jsdom). */
function canDraw(): boolean {
  try {
    return Boolean(document.createElement('canvas').getContext('2d'));
  } catch {
    return false;
  }
}

/** The canvas drawn on white, as PNG. */
function pngOf(plot: uPlot | null): string | null {
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

export function ReportChart({ title, labels, values, kind, format, summary, testId, height = 240, ref }: ReportChartProps) {
  const theme = useMantineTheme();
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const summaryId = useId();
  // The axes read the newest labels and format through refs: the plot is not made again.
  const labelsRef = useRef(labels);
  const valuesRef = useRef(values);
  const formatRef = useRef(format);
  useEffect(() => {
    labelsRef.current = labels;
    valuesRef.current = values;
    formatRef.current = format;
  });
  // New arrays come with every render: the plot is fed only when what they hold changes.
  const dataKey = `${labels.join('\u0001')}\u0002${values.join(',')}`;
  const color = theme.colors.blue[6];

  useImperativeHandle(ref, () => ({ png: () => pngOf(plot.current), title }), [title]);

  useEffect(() => {
    const el = box.current;
    if (!el || !canDraw()) return;
    const bars = kind === 'bar';
    const made = new uPlot(
      {
        width: Math.max(280, el.clientWidth),
        height,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
          y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.08 : 1] },
        },
        axes: [
          {
            stroke: AXIS,
            grid: { show: false },
            splits: () => labelsRef.current.map((_, i) => i),
            // Every label while they fit, else every n-th.
            values: (_u, splits) => {
              const step = Math.max(1, Math.ceil(labelsRef.current.length / 24));
              return splits.map((i) => (i % step === 0 ? short(labelsRef.current[i] ?? '') : ''));
            },
            rotate: () => (labelsRef.current.length > 6 ? -45 : 0),
            size: () => (labelsRef.current.length > 6 ? 90 : 40),
          },
          { stroke: AXIS, grid: { stroke: GRID }, size: 80, values: (_u, splits) => splits.map((v) => formatRef.current(v)) },
        ],
        series: [
          {},
          {
            label: title,
            stroke: color,
            width: bars ? 1 : 2,
            fill: bars ? `${color}cc` : `${color}22`,
            paths: bars ? uPlot.paths.bars!({ size: [0.7, 64] }) : undefined,
            points: { show: !bars },
          },
        ],
      },
      [labelsRef.current.map((_, i) => i), valuesRef.current],
      el,
    );
    plot.current = made;
    const resize = new ResizeObserver(() => made.setSize({ width: Math.max(280, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      made.destroy();
      plot.current = null;
    };
    // The data goes in through setData below; only the chart's kind and look make a new plot.
  }, [kind, height, color, title]);

  useEffect(() => {
    plot.current?.setData([labelsRef.current.map((_, i) => i), valuesRef.current]);
  }, [dataKey]);

  return (
    <Box mb="md">
      <Text fw={600} size="sm" mb={4} aria-hidden>
        {title}
      </Text>
      <div ref={box} role="img" aria-label={title} aria-describedby={summaryId} data-testid={testId} data-points={values.length} />
      <VisuallyHidden id={summaryId}>{summary}</VisuallyHidden>
    </Box>
  );
}
