/**
 * A Shewhart chart of the SPC screens (uPlot): the plotted values in order, horizontal lines
 * for the center line, the control limits and the σ zones, and the points that break a run
 * rule marked with a red triangle and the codes of the rules above it (so not by colour
 * alone). Hovering a point shows its time, batch, value and rules. A screen reader hears the
 * title and a summary naming the marked points; the tables below hold every value. The plot
 * is drawn on canvas (exported as PNG for the PDF, markers included); jsdom draws none.
 */
import { Box, Group, Text, VisuallyHidden, useMantineTheme } from '@mantine/core';
import { useEffect, useId, useImperativeHandle, useRef, type Ref } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { AXIS, GRID, pngOf, useUPlot } from './chart-canvas';
import type { ChartHandle } from './report-chart';

/** A horizontal line: a center line, a limit, a zone's edge. */
export interface SpcRefLine {
  label: string;
  value: number;
  color: string;
  /** Dash pattern (none: solid). */
  dash?: number[];
}

export interface SpcChartProps {
  title: string;
  values: readonly (number | null)[];
  /** The x axis' text of each point (its time, short). */
  labels: readonly string[];
  lines: readonly SpcRefLine[];
  /** The rule codes each point breaks (none: nothing marked). */
  marks?: readonly (readonly string[])[];
  /** The legend's name of the marker. */
  markLabel?: string;
  /** The hover text of a point. */
  tip: (index: number) => string;
  format: (n: number) => string;
  summary: string;
  testId: string;
  height?: number;
  ref?: Ref<ChartHandle>;
}

export const MARK_COLOR = '#b02a37';
const VALUE_COLOR = '#1c5fa8';
/** Points drawn as dots while there are at most this many. */
const FEW = 120;

/**
 * A triangle pointing up, centred on (x, y), with its rule codes above it in a white box (read
 * on a light or dark theme and in the PDF alike).
 */
function drawMark(ctx: CanvasRenderingContext2D, x: number, y: number, codes: string, px: number) {
  const r = 6 * px;
  ctx.beginPath();
  ctx.moveTo(x, y - r);
  ctx.lineTo(x + r, y + r * 0.8);
  ctx.lineTo(x - r, y + r * 0.8);
  ctx.closePath();
  ctx.fillStyle = MARK_COLOR;
  ctx.fill();
  ctx.lineWidth = 1.5 * px;
  ctx.strokeStyle = '#000';
  ctx.stroke();
  ctx.font = `bold ${11 * px}px sans-serif`;
  const w = ctx.measureText(codes).width + 6 * px;
  const h = 15 * px;
  const top = y - r - 3 * px - h;
  ctx.fillStyle = '#fff';
  ctx.fillRect(x - w / 2, top, w, h);
  ctx.lineWidth = px;
  ctx.strokeStyle = MARK_COLOR;
  ctx.strokeRect(x - w / 2, top, w, h);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#000';
  ctx.fillText(codes, x, top + h / 2);
}

/** uPlot's data: the point indexes, the values, then each line as a constant. */
function dataOf(values: readonly (number | null)[], lines: readonly SpcRefLine[]): uPlot.AlignedData {
  return [values.map((_, i) => i), [...values], ...lines.map((l) => values.map(() => l.value))];
}

export function SpcChart({ title, values, labels, lines, marks, markLabel, tip, format, summary, testId, height = 260, ref }: SpcChartProps) {
  const theme = useMantineTheme();
  const box = useRef<HTMLDivElement>(null);
  const tipBox = useRef<HTMLDivElement>(null);
  const summaryId = useId();
  const latest = useRef({ values, labels, lines, marks, tip, format });
  useEffect(() => {
    latest.current = { values, labels, lines, marks, tip, format };
  });
  const dataKey = JSON.stringify([dataOf(values, lines), marks]);
  const shape = JSON.stringify([lines.map((l) => [l.label, l.color, l.dash]), values.length <= FEW, height, title]);
  const marked = (marks ?? []).filter((m) => m.length > 0).length;

  const plot = useUPlot(
    box,
    shape,
    dataKey,
    (el, width) => {
      const markers = (u: uPlot) => {
        const { values: vs, marks: ms } = latest.current;
        const ctx = u.ctx;
        ctx.save();
        (ms ?? []).forEach((codes, i) => {
          const v = vs[i];
          if (codes.length === 0 || v === null || v === undefined) return;
          drawMark(ctx, u.valToPos(i, 'x', true), u.valToPos(v, 'y', true), codes.join(' '), uPlot.pxRatio);
        });
        ctx.restore();
      };
      const showTip = (u: uPlot) => {
        const tipEl = tipBox.current;
        const i = u.cursor.idx;
        if (!tipEl) return;
        if (i === null || i === undefined || latest.current.values[i] === null) {
          tipEl.style.display = 'none';
          return;
        }
        tipEl.textContent = latest.current.tip(i);
        tipEl.style.display = 'block';
        tipEl.style.left = `${Math.max(0, Math.min((u.cursor.left ?? 0) + u.over.offsetLeft + 12, el.clientWidth - 240))}px`;
        tipEl.style.top = `${Math.max(0, (u.cursor.top ?? 0) + u.over.offsetTop - 10)}px`;
      };
      return new uPlot(
        {
          width,
          height,
          legend: { show: false },
          cursor: { drag: { x: false, y: false }, y: false, points: { show: false } },
          scales: {
            x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
            y: {
              range: (_u, min, max) => {
                const all = [min, max, ...latest.current.lines.map((l) => l.value)].filter((n) => Number.isFinite(n));
                const lo = Math.min(...all);
                const hi = Math.max(...all);
                const pad = hi > lo ? (hi - lo) * 0.12 : Math.abs(hi) * 0.1 || 1;
                // Room above the highest point for a marker's codes.
                return [lo - pad, hi + pad * 2];
              },
            },
          },
          axes: [
            {
              stroke: AXIS,
              grid: { show: false },
              space: 110,
              incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000],
              values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? (latest.current.labels[s] ?? '') : '')),
              size: 40,
            },
            { stroke: AXIS, grid: { stroke: GRID }, size: 80, values: (_u, splits) => splits.map((v) => latest.current.format(v)) },
          ],
          series: [
            {},
            { label: title, stroke: VALUE_COLOR, width: 1.5, points: { show: latest.current.values.length <= FEW, size: 5, fill: VALUE_COLOR } },
            ...latest.current.lines.map((l): uPlot.Series => ({ label: l.label, stroke: l.color, width: 1.5, dash: l.dash, points: { show: false } })),
          ],
          hooks: { draw: [markers], setCursor: [showTip] },
        },
        dataOf(latest.current.values, latest.current.lines),
        el,
      );
    },
    () => dataOf(latest.current.values, latest.current.lines),
  );

  useImperativeHandle(ref, () => ({ png: () => pngOf(plot.current), title }), [plot, title]);

  const sample = (color: string, dash?: number[]) => <Box w={22} h={0} style={{ borderTop: `2px ${dash ? 'dashed' : 'solid'} ${color}` }} />;
  return (
    <Box mb="md">
      <Text fw={600} size="sm" mb={4} aria-hidden>
        {title}
      </Text>
      <Group gap="md" mb={4} aria-hidden data-testid={`${testId}-legend`}>
        <Group gap={6} wrap="nowrap">
          {sample(VALUE_COLOR)}
          <Text size="xs">{title}</Text>
        </Group>
        {lines.map((l) => (
          <Group key={l.label} gap={6} wrap="nowrap">
            {sample(l.color, l.dash)}
            <Text size="xs">{l.label}</Text>
          </Group>
        ))}
        {markLabel && marked > 0 ? (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c={MARK_COLOR} fw={700} lh={1}>
              ▲
            </Text>
            <Text size="xs">{markLabel}</Text>
          </Group>
        ) : null}
      </Group>
      <Box pos="relative">
        <div ref={box} role="img" aria-label={title} aria-describedby={summaryId} data-testid={testId} data-points={values.length} data-marked={marked} />
        <Box
        ref={tipBox}
        aria-hidden
        pos="absolute"
        p={6}
        bg="var(--mantine-color-body)"
        maw={240}
        style={{ display: 'none', pointerEvents: 'none', border: `1px solid ${theme.colors.gray[5]}`, borderRadius: 4, fontSize: 12, whiteSpace: 'pre-line', zIndex: 2 }}
        data-testid={`${testId}-tip`}
        />
      </Box>
      <VisuallyHidden id={summaryId} data-testid={`${testId}-summary`}>
        {summary}
      </VisuallyHidden>
    </Box>
  );
}
