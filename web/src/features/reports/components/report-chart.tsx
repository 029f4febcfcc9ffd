/**
 * A small uPlot chart of the reports: one or more series over categories (materials, recipes,
 * stop reasons) or over time — bars, lines (dashed for limits), a band filled between two
 * series, and a second axis on the right (a cumulative %). The plot is made once per shape and
 * fed with `setData` (the live chart's pattern); its canvas is exported as a PNG data URL on
 * white for the PDF. A screen reader hears its title and a one-sentence summary; the table
 * below holds every value. With several series a legend names them.
 */
import { Box, Group, Text, VisuallyHidden, useMantineTheme } from '@mantine/core';
import { useEffect, useId, useImperativeHandle, useRef, type Ref } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { AXIS, GRID, pngOf, useUPlot } from './chart-canvas';

export interface ChartHandle {
  /** The chart as a PNG data URL (null when nothing is drawn). */
  png: () => string | null;
  title: string;
}

export interface ChartSeries {
  label: string;
  values: readonly (number | null)[];
  kind: 'bar' | 'line';
  /** A colour of the theme's palette (`blue`, `orange`, …); blue by default. */
  color?: string;
  /** The right axis (its own format and range). */
  right?: boolean;
  /** A dashed line (a limit). */
  dashed?: boolean;
  /** A line drawn across its missing values (one line's points among several lines' instants). */
  join?: boolean;
}

/** The x axis: category labels, or instants (epoch ms) with their short text and the span to show (the report's range). */
/** Categories, or instants named by `label` whose ticks fall on the hours of `zone` (plant time; default the browser's). */
export type ChartX = { labels: readonly string[] } | { times: readonly number[]; label: (ms: number) => string; span?: [number, number]; zone?: string };

/** Lines of at most this many points show their points too (one or two readings draw no line). */
const FEW_POINTS = 60;

export interface ReportChartProps {
  title: string;
  x: ChartX;
  series: readonly ChartSeries[];
  /** Left axis values as shown ("1,200.5"). */
  format: (n: number) => string;
  /** Right axis values as shown, and its fixed range. */
  right?: { format: (n: number) => string; range: [number, number] };
  /** Indexes of two series (upper, lower) whose space between is filled. */
  band?: [number, number];
  /** One sentence for screen readers. */
  summary: string;
  testId: string;
  height?: number;
  ref?: Ref<ChartHandle>;
}

const LABEL_MAX = 16;

const short = (s: string) => (s.length > LABEL_MAX ? `${s.slice(0, LABEL_MAX - 1)}…` : s);

const isTime = (x: ChartX): x is Extract<ChartX, { times: readonly number[] }> => 'times' in x;

/** uPlot's data: x positions (category indexes, or seconds), then each series. */
function dataOf(x: ChartX, series: readonly ChartSeries[]): uPlot.AlignedData {
  const xs = isTime(x) ? x.times.map((t) => t / 1000) : x.labels.map((_, i) => i);
  return [xs, ...series.map((s) => [...s.values])];
}

export function ReportChart({ title, x, series, format, right, band, summary, testId, height = 240, ref }: ReportChartProps) {
  const theme = useMantineTheme();
  const box = useRef<HTMLDivElement>(null);
  const summaryId = useId();
  // The axes and the data read the newest props through refs: the plot is not made again.
  const latest = useRef({ x, series, format, right });
  useEffect(() => {
    latest.current = { x, series, format, right };
  });
  const colorOf = (s: ChartSeries) => theme.colors[s.color ?? 'blue']?.[7] ?? theme.colors.blue[7];
  const time = isTime(x);
  const points = time ? x.times.length : x.labels.length;
  // New arrays come with every render: the plot is fed only when what they hold changes.
  const dataKey = JSON.stringify(dataOf(x, series));
  // What makes a new plot: the axis kind, the series' look, the band, the size.
  const few = points <= FEW_POINTS;
  const shape = JSON.stringify([time, few, series.map((s) => [s.label, s.kind, colorOf(s), s.right, s.dashed, s.join]), band, right?.range, height, title]);

  const plot = useUPlot(
    box,
    shape,
    dataKey,
    (el, width) => {
      const labels = () => {
        const cx = latest.current.x;
        return isTime(cx) ? [] : cx.labels;
      };
      const categoryAxis: uPlot.Axis = {
        stroke: AXIS,
        grid: { show: false },
        splits: () => labels().map((_, i) => i),
        // Every label while they fit, else every n-th.
        values: (_u, splits) => {
          const step = Math.max(1, Math.ceil(labels().length / 24));
          return splits.map((i) => (i % step === 0 ? short(labels()[i] ?? '') : ''));
        },
        rotate: () => (labels().length > 6 ? -45 : 0),
        size: () => (labels().length > 6 ? 90 : 40),
      };
      const timeAxis: uPlot.Axis = {
        stroke: AXIS,
        grid: { stroke: GRID },
        // A date and time take room: ticks far enough apart that they do not overlap.
        space: 120,
        values: (_u, splits) => {
          const cx = latest.current.x;
          return splits.map((s) => (isTime(cx) ? cx.label(s * 1000) : ''));
        },
        size: 50,
      };
      const axes: uPlot.Axis[] = [
        time ? timeAxis : categoryAxis,
        { stroke: AXIS, grid: { stroke: GRID }, size: 80, values: (_u, splits) => splits.map((v) => latest.current.format(v)) },
      ];
      if (right) axes.push({ scale: 'right', side: 1, stroke: AXIS, grid: { show: false }, size: 60, values: (_u, splits) => splits.map((v) => latest.current.right?.format(v) ?? '') });
      const scales: uPlot.Scales = {
        x: time
          ? {
              time: true,
              // The span asked for; else the data's, an hour either side of a single reading.
              range: (_u, min, max) => {
                const cx = latest.current.x;
                if (isTime(cx) && cx.span) return [cx.span[0] / 1000, cx.span[1] / 1000];
                return min === max ? [min - 3600, max + 3600] : [min, max];
              },
            }
          : { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
        y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.08 : 1] },
      };
      if (right) scales.right = { range: () => right.range };
      return new uPlot(
        {
          width,
          height,
          legend: { show: false },
          cursor: { show: false },
          tzDate: (ts) => {
            const cx = latest.current.x;
            return isTime(cx) && cx.zone ? uPlot.tzDate(new Date(ts * 1e3), cx.zone) : new Date(ts * 1e3);
          },
          scales,
          axes,
          series: [
            {},
            ...series.map((s): uPlot.Series => {
              const color = colorOf(s);
              const bars = s.kind === 'bar';
              return {
                label: s.label,
                scale: s.right ? 'right' : 'y',
                stroke: color,
                width: bars ? 1 : 2,
                fill: bars ? `${color}cc` : undefined,
                dash: s.dashed ? [6, 4] : undefined,
                spanGaps: s.join,
                paths: bars ? uPlot.paths.bars!({ size: [0.7, 64] }) : undefined,
                // A limit (dashed) is a line, not readings: no markers on it.
                points: { show: !bars && !s.dashed && (!time || few) },
              };
            }),
          ],
          bands: band ? [{ series: [band[0] + 1, band[1] + 1], fill: `${colorOf(series[band[0]])}22` }] : undefined,
        },
        dataOf(latest.current.x, latest.current.series),
        el,
      );
    },
    () => dataOf(latest.current.x, latest.current.series),
  );

  useImperativeHandle(ref, () => ({ png: () => pngOf(plot.current), title }), [plot, title]);

  return (
    <Box mb="md">
      <Text fw={600} size="sm" mb={4} aria-hidden>
        {title}
      </Text>
      {series.length > 1 ? (
        <Group gap="md" mb={4} aria-hidden>
          {series.map((s) => (
            <Group key={s.label} gap={6} wrap="nowrap">
              <Box w={18} h={s.kind === 'bar' ? 10 : 0} bg={s.kind === 'bar' ? colorOf(s) : undefined} style={s.kind === 'bar' ? undefined : { borderTop: `2px ${s.dashed ? 'dashed' : 'solid'} ${colorOf(s)}` }} />
              <Text size="xs">{s.label}</Text>
            </Group>
          ))}
        </Group>
      ) : null}
      <div ref={box} role="img" aria-label={title} aria-describedby={summaryId} data-testid={testId} data-points={points} />
      <VisuallyHidden id={summaryId}>{summary}</VisuallyHidden>
    </Box>
  );
}
