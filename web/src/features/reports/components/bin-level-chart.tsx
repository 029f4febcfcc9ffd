/**
 * A bin's level over the range (the bin history with one bin chosen): the level at each step as
 * a line, and the lowest and highest level within the step as dashed lines with the band
 * between them filled. Without a bin chosen it asks for one.
 */
import { Text } from '@mantine/core';
import type { Ref } from 'react';
import type { BinHistory } from '../api/report-types';
import { useReportContext } from '../hooks/report-context';
import { useReportFormat } from '../hooks/use-report-format';
import { ReportChart, type ChartHandle } from './report-chart';

export function BinLevelChart({ answer: history, chartRef }: { answer: BinHistory; chartRef: Ref<ChartHandle> }) {
  const fmt = useReportFormat();
  const bin = useReportContext().values.binId;
  if (!bin)
    return (
      <Text mb="md" data-testid="bin-level-idle">
        {fmt.t('web.report.chooseBin')}
      </Text>
    );
  const levels = history.levels;
  if (levels.length === 0)
    return (
      <Text mb="md" data-testid="bin-level-empty">
        {fmt.t('web.report.empty.levels')}
      </Text>
    );
  const values = levels.map((l) => l.levelKg);
  const lowest = Math.min(...levels.map((l) => l.minKg));
  const highest = Math.max(...levels.map((l) => l.maxKg));
  const summary = fmt.t('web.report.chart.levelSummary', {
    bin,
    count: levels.length,
    first: fmt.kg(values[0]),
    last: fmt.kg(values[values.length - 1]),
    low: fmt.kg(lowest),
    high: fmt.kg(highest),
  });
  return (
    <ReportChart
      ref={chartRef}
      title={fmt.t('web.report.chart.level', { bin })}
      x={{
        times: levels.map((l) => new Date(l.time).getTime()),
        label: fmt.plant.short,
        zone: fmt.zone,
        span: [new Date(history.fromDateTime).getTime(), new Date(history.toDateTime).getTime()],
      }}
      series={[
        { label: fmt.t('web.report.col.levelKg'), values, kind: 'line' },
        { label: fmt.t('web.report.chart.maxKg'), values: levels.map((l) => l.maxKg), kind: 'line', color: 'gray', dashed: true },
        { label: fmt.t('web.report.chart.minKg'), values: levels.map((l) => l.minKg), kind: 'line', color: 'gray', dashed: true },
      ]}
      band={[1, 2]}
      format={fmt.kg}
      summary={summary}
      testId="bin-level-chart"
    />
  );
}
