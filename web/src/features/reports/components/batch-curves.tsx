/**
 * A batch's process curves (mixer power, temperature, …) as small multiples: one chart per
 * curve, seconds since the batch's start across, its low and high limits as dashed lines. Each
 * chart is named and summed up in a sentence for screen readers. For the PDF the charts are
 * drawn one under the other, each under its title, as one image.
 */
import { SimpleGrid, Text } from '@mantine/core';
import { useImperativeHandle, useRef, type Ref } from 'react';
import type { BatchMixing, Curve } from '../utils/batch-types';
import { useReportFormat, type ReportFormat } from '../hooks/use-report-format';
import { ReportChart, type ChartHandle, type ChartSeries } from './report-chart';

const curveName = (c: Curve) => [c.name || c.code, c.unit ? `(${c.unit})` : null].filter(Boolean).join(' ');

function summaryOf(c: Curve, fmt: ReportFormat): string {
  const values = c.points.map((p) => p[1]);
  const end = c.points.length > 0 ? c.points[c.points.length - 1][0] : 0;
  const limit = (v: number | null | undefined) => (v === null || v === undefined ? '—' : fmt.kg(v));
  const over = values.some((v) => (c.highLimit !== null && c.highLimit !== undefined && v > c.highLimit) || (c.lowLimit !== null && c.lowLimit !== undefined && v < c.lowLimit));
  return fmt.t('web.batch.chart.curveSummary', {
    name: curveName(c),
    count: values.length,
    duration: fmt.duration(end),
    low: fmt.kg(Math.min(...values)),
    high: fmt.kg(Math.max(...values)),
    lowLimit: limit(c.lowLimit),
    highLimit: limit(c.highLimit),
    past: over ? 'yes' : 'no',
  });
}

/** The axis' text of an instant of the curve: seconds with a decimal for a short batch ("12.5 s"), else h:mm:ss. */
function secondsLabel(curve: Curve, fmt: ReportFormat): (ms: number) => string {
  const end = curve.points.length > 0 ? curve.points[curve.points.length - 1][0] : 0;
  if (end >= 120) return (ms) => fmt.duration(Math.round(ms / 1000));
  return (ms) => fmt.t('web.batch.chart.seconds', { seconds: fmt.kg(ms / 1000) });
}

function CurveChart({ curve }: { curve: Curve }) {
  const fmt = useReportFormat();
  const n = curve.points.length;
  const flat = (v: number) => Array.from({ length: n }, () => v);
  const series: ChartSeries[] = [{ label: curveName(curve), values: curve.points.map((p) => p[1]), kind: 'line' }];
  if (curve.highLimit !== null && curve.highLimit !== undefined)
    series.push({ label: fmt.t('web.batch.chart.highLimit'), values: flat(curve.highLimit), kind: 'line', color: 'red', dashed: true });
  if (curve.lowLimit !== null && curve.lowLimit !== undefined)
    series.push({ label: fmt.t('web.batch.chart.lowLimit'), values: flat(curve.lowLimit), kind: 'line', color: 'orange', dashed: true });
  return (
    <div data-curve={curve.code} data-title={curveName(curve)}>
      <ReportChart
        title={curveName(curve)}
        x={{ times: curve.points.map((p) => p[0] * 1000), label: secondsLabel(curve, fmt) }}
        series={series}
        format={fmt.kg}
        summary={summaryOf(curve, fmt)}
        testId="batch-curve"
        height={200}
      />
    </div>
  );
}

/** The charts under `box` drawn one under the other on white, each under its title (null: none drawn). */
function stacked(box: HTMLElement | null): string | null {
  const charts = Array.from(box?.querySelectorAll<HTMLElement>('[data-curve]') ?? [])
    .map((el) => ({ title: el.dataset.title ?? '', canvas: el.querySelector('canvas') }))
    .filter((c): c is { title: string; canvas: HTMLCanvasElement } => c.canvas !== null && c.canvas.width > 0);
  if (charts.length === 0) return null;
  const scale = window.devicePixelRatio || 1;
  const titleH = Math.round(24 * scale);
  const out = document.createElement('canvas');
  out.width = Math.max(...charts.map((c) => c.canvas.width));
  out.height = charts.reduce((h, c) => h + titleH + c.canvas.height, 0);
  const g = out.getContext('2d');
  if (!g) return null;
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, out.width, out.height);
  let y = 0;
  for (const c of charts) {
    g.fillStyle = '#222222';
    g.font = `600 ${Math.round(14 * scale)}px sans-serif`;
    g.fillText(c.title, 4 * scale, y + titleH * 0.7);
    g.drawImage(c.canvas, 0, y + titleH);
    y += titleH + c.canvas.height;
  }
  return out.toDataURL('image/png');
}

/** Above the mixing steps: the batch's curves (the section's chart, for its PDF). */
export function BatchCurves({ answer, chartRef }: { answer: BatchMixing; chartRef: Ref<ChartHandle> }) {
  const fmt = useReportFormat();
  const box = useRef<HTMLDivElement>(null);
  const title = fmt.t('web.batch.chart.curves');
  useImperativeHandle(chartRef, () => ({ png: () => stacked(box.current), title }), [title]);
  const curves = answer.curves.filter((c) => c.points.length > 0);
  if (curves.length === 0)
    return (
      <Text mb="md" data-testid="batch-curves-empty">
        {fmt.t('web.batch.empty.curves')}
      </Text>
    );
  return (
    <SimpleGrid ref={box} cols={{ base: 1, lg: curves.length > 1 ? 2 : 1 }} spacing="md" mb="md" data-testid="batch-curves">
      {curves.map((c) => (
        <CurveChart key={`${c.lineId}|${c.batchId}|${c.code}`} curve={c} />
      ))}
    </SimpleGrid>
  );
}
