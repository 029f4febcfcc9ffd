/**
 * Above the out-of-spec list: how many of the rows of the page shown fall on each material or
 * process value, as bars (most first) — said to be of this page, as the list is paged by the
 * server.
 */
import type { Ref } from 'react';
import { useReportFormat } from '../hooks/use-report-format';
import { groupBy } from '../utils/diag-align';
import type { OutOfSpecList } from '../utils/diag-types';
import { ReportChart, type ChartHandle } from './report-chart';

export function ExcursionChart({ answer, chartRef }: { answer: OutOfSpecList; chartRef: Ref<ChartHandle> }) {
  const fmt = useReportFormat();
  if (answer.rows.length === 0) return null;
  const codes = groupBy(answer.rows, (r) => r.code)
    .map((g) => ({ code: g.key, rows: g.items.length }))
    .sort((a, b) => b.rows - a.rows || a.code.localeCompare(b.code));
  const top = codes[0];
  const title = fmt.t('web.diag.chart.perCode', { rows: answer.rows.length, total: answer.total });
  return (
    <ReportChart
      ref={chartRef}
      title={title}
      x={{ labels: codes.map((c) => c.code) }}
      series={[{ label: title, values: codes.map((c) => c.rows), kind: 'bar', color: 'red' }]}
      format={fmt.count}
      summary={fmt.t('web.diag.chart.perCodeSummary', { codes: codes.length, top: top.code, count: top.rows })}
      testId="diag-excursion-chart"
    />
  );
}
