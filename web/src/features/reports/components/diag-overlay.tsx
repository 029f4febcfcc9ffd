/**
 * The compare's overlays: one chart per process value code, every compared batch's curve
 * against its own start (seconds across), the reference batch drawn dashed and dark and named
 * "reference" in the legend, the value's limits as dashed red lines. Each chart is named and
 * summed up for screen readers.
 */
import { SimpleGrid, Text } from '@mantine/core';
import type { MutableRefObject } from 'react';
import { useReportFormat } from '../hooks/use-report-format';
import { coded } from '../utils/batch-format';
import { align, groupBy } from '../utils/diag-align';
import type { ComparedBatch, CompareMixing, Curve } from '../utils/diag-types';
import { ReportChart, type ChartHandle, type ChartSeries } from './report-chart';

/** The compared batches' colours (red stays for the limits); the reference is dark. */
const PALETTE = ['blue', 'teal', 'grape', 'green', 'cyan', 'pink', 'violet', 'lime', 'indigo'];

const given = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

function Overlay({ curves, batches, chartRef }: { curves: Curve[]; batches: readonly ComparedBatch[]; chartRef: (h: ChartHandle | null) => void }) {
  const fmt = useReportFormat();
  const first = curves[0];
  const name = [coded(first.code, first.name), first.unit ? `(${first.unit})` : null].filter(Boolean).join(' ');
  const golden = (c: Curve) => batches.some((b) => b.golden && b.batchId === c.batchId && b.lineId === c.lineId);
  const aligned = align(curves.map((c) => c.points));
  const flat = (v: number) => aligned.seconds.map(() => v);
  let colour = 0;
  const series: ChartSeries[] = curves.map((c, i) => {
    const ref = golden(c);
    const color = ref ? 'dark' : PALETTE[colour++ % PALETTE.length];
    return { label: ref ? fmt.t('web.diag.referenceOf', { batch: c.batchId }) : c.batchId, values: aligned.values[i], kind: 'line', color, dashed: ref };
  });
  if (given(first.highLimit)) series.push({ label: fmt.t('web.batch.chart.highLimit'), values: flat(first.highLimit), kind: 'line', color: 'red', dashed: true });
  if (given(first.lowLimit)) series.push({ label: fmt.t('web.batch.chart.lowLimit'), values: flat(first.lowLimit), kind: 'line', color: 'red', dashed: true });
  const reference = curves.find(golden);
  const end = aligned.seconds[aligned.seconds.length - 1] ?? 0;
  return (
    <div data-testid="diag-overlay" data-code={first.code}>
      <ReportChart
        ref={chartRef}
        title={name}
        x={{ times: aligned.seconds.map((s) => s * 1000), label: (ms) => fmt.duration(Math.round(ms / 1000)) }}
        series={series}
        format={fmt.kg}
        summary={fmt.t('web.diag.chart.overlaySummary', { name, batches: curves.length, duration: fmt.duration(Math.round(end)), reference: reference?.batchId ?? '—' })}
        testId="diag-overlay-chart"
        height={220}
      />
    </div>
  );
}

export function Overlays({ answer, handles }: { answer: CompareMixing; handles: MutableRefObject<(ChartHandle | null)[]> }) {
  const { t } = useReportFormat();
  const order = (c: Curve) => answer.batches.findIndex((b) => b.batchId === c.batchId && b.lineId === c.lineId);
  const codes = groupBy(
    answer.curves.filter((c) => c.points.length > 0),
    (c) => c.code,
  ).map((g) => ({ code: g.key, curves: [...g.items].sort((a, b) => order(a) - order(b)) }));
  if (codes.length === 0)
    return (
      <Text mb="md" data-testid="diag-overlay-empty">
        {t('web.diag.empty.curves')}
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, lg: codes.length > 1 ? 2 : 1 }} spacing="md" mb="md" data-testid="diag-overlays">
      {codes.map((g, i) => (
        <Overlay
          key={g.code}
          curves={g.curves}
          batches={answer.batches}
          chartRef={(h) => {
            handles.current[i] = h;
          }}
        />
      ))}
    </SimpleGrid>
  );
}
