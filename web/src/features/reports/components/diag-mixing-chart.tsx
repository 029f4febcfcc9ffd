/**
 * Above the mixing per recipe and step: each step's mean time as run (bars) against its mean
 * planned time (a line), and which step ran furthest from its plan.
 */
import type { Ref } from 'react';
import { useReportFormat } from '../hooks/use-report-format';
import type { ConsolidatedMixing } from '../utils/diag-types';
import { ReportChart, type ChartHandle } from './report-chart';

export function MixingChart({ answer, chartRef }: { answer: ConsolidatedMixing; chartRef: Ref<ChartHandle> }) {
  const fmt = useReportFormat();
  const rows = answer.rows;
  if (rows.length === 0) return null;
  const labels = rows.map((r) => `${r.recipeCode ?? r.recipeId} v${r.recipeVersion} · ${r.actionCode}`);
  const off = rows.map((r) => Math.abs(r.actualMeanS - r.plannedMeanS));
  const worst = off.indexOf(Math.max(...off));
  return (
    <ReportChart
      ref={chartRef}
      title={fmt.t('web.diag.chart.mixing')}
      x={{ labels }}
      series={[
        { label: fmt.t('web.diag.col.actualMean'), values: rows.map((r) => r.actualMeanS), kind: 'bar' },
        { label: fmt.t('web.diag.col.plannedMean'), values: rows.map((r) => r.plannedMeanS), kind: 'line', color: 'orange', dashed: true },
      ]}
      format={fmt.duration}
      summary={fmt.t('web.diag.chart.mixingSummary', {
        steps: rows.length,
        worst: labels[worst],
        actual: fmt.duration(rows[worst].actualMeanS),
        planned: fmt.duration(rows[worst].plannedMeanS),
      })}
      testId="diag-mixing-chart"
    />
  );
}
