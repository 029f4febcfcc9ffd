/**
 * The pellet-press pressure over the range: a chart per sensor (a sensor is one series) of its
 * mean per bucket, the lowest and highest reading of each bucket as dashed lines with the band
 * between them filled, and with `BOTH` its setpoint as a dashed line; the bucket length and the
 * sensors above. Each chart is named and summed up for screen readers.
 */
import { SimpleGrid, Text } from '@mantine/core';
import type { MutableRefObject } from 'react';
import { useReportFormat, type ReportFormat } from '../hooks/use-report-format';
import { timeAxis } from '../utils/diag-time';
import { bucketParts, sensorStats } from '../utils/pcs-series';
import { BOTH, type PressureGraph, type PressureSeries } from '../utils/pcs-types';
import { ReportChart, type ChartHandle, type ChartSeries } from './report-chart';
import { ReportFigures } from './report-figures';

/** "10 seconds", "5 minutes", "2 hours". */
export function bucketText(seconds: number, fmt: ReportFormat): string {
  const { n, unit } = bucketParts(seconds);
  return fmt.t(`web.pcs.bucket.${unit}`, { n });
}

function SensorChart({ series, graph, chartRef }: { series: PressureSeries; graph: PressureGraph; chartRef: (h: ChartHandle | null) => void }) {
  const fmt = useReportFormat();
  const stats = sensorStats(series);
  const times = series.points.map((p) => p[0]);
  const name = fmt.t('web.pcs.chart.sensor', { sensor: series.sensor, line: stats.lineName });
  const lines: ChartSeries[] = [
    { label: fmt.t('web.pcs.chart.mean'), values: series.points.map((p) => p[1]), kind: 'line' },
    { label: fmt.t('web.pcs.chart.max'), values: series.points.map((p) => p[3]), kind: 'line', color: 'gray', dashed: true },
    { label: fmt.t('web.pcs.chart.min'), values: series.points.map((p) => p[2]), kind: 'line', color: 'gray', dashed: true },
  ];
  // The setpoint's buckets are the pressure's (the api answers both per bucket).
  if (series.setpoint) lines.push({ label: fmt.t('web.pcs.chart.setpoint'), values: series.setpoint.map((p) => p[1]), kind: 'line', color: 'orange', dashed: true });
  const bar = (v: number | null) => (v === null ? '—' : fmt.kg(v));
  return (
    <div data-testid="pcs-sensor" data-sensor={series.sensor}>
      <ReportChart
        ref={chartRef}
        title={name}
        x={timeAxis(fmt.plant, times)}
        series={lines}
        band={[1, 2]}
        format={fmt.kg}
        summary={fmt.t('web.pcs.chart.summary', {
          name,
          buckets: stats.buckets,
          bucket: bucketText(graph.bucketS, fmt),
          mean: bar(stats.meanBar),
          min: bar(stats.minBar),
          max: bar(stats.maxBar),
          setpoint: bar(stats.setpointBar),
          both: series.setpoint ? 'yes' : 'no',
        })}
        testId="pcs-chart"
      />
    </div>
  );
}

export function PressureCharts({ graph, handles }: { graph: PressureGraph; handles: MutableRefObject<(ChartHandle | null)[]> }) {
  const fmt = useReportFormat();
  return (
    <>
      <ReportFigures
        label={fmt.t('web.pcs.graphFacts')}
        testId="pcs-graph"
        figures={[
          { id: 'type', label: fmt.t('web.pcs.filter.type'), value: fmt.t(graph.type === BOTH ? 'web.pcs.type.BOTH' : 'web.pcs.type.PRESSURE') },
          { id: 'bucket', label: fmt.t('web.pcs.bucketLength'), value: bucketText(graph.bucketS, fmt) },
          { id: 'sensors', label: fmt.t('web.pcs.sensors'), value: fmt.count(graph.series.length) },
        ]}
      />
      {graph.series.length === 0 ? (
        <Text mb="md" data-testid="pcs-chart-empty">
          {fmt.t('web.pcs.empty.graph')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xl: graph.series.length > 1 ? 2 : 1 }} spacing="md" mb="md">
          {graph.series.map((s, i) => (
            <SensorChart
              key={`${s.lineId}|${s.sensor}`}
              series={s}
              graph={graph}
              chartRef={(h) => {
                handles.current[i] = h;
              }}
            />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
