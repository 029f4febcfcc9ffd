/**
 * Above the stop-time report's Pareto table: its totals (stops, downtime, unqualified stops and
 * their time, planned against unplanned time) and the Pareto chart — a bar of downtime per
 * reason with the cumulative share as a line on the right axis.
 */
import type { Ref } from 'react';
import type { StopReport } from '../api/report-types';
import { useReportFormat } from '../hooks/use-report-format';
import { paretoSeries } from '../utils/pareto';
import { ReportChart, type ChartHandle } from './report-chart';
import { ReportFigures } from './report-figures';

function StopTotals({ report }: { report: StopReport }) {
  const fmt = useReportFormat();
  const t = report.totals;
  return (
    <ReportFigures
      label={fmt.t('web.report.stopTotals')}
      testId="stop-totals"
      figures={[
        { id: 'stops', label: fmt.t('web.report.col.stops'), value: fmt.count(t.stops) },
        { id: 'downtime', label: fmt.t('web.report.downtime'), value: fmt.duration(t.durationS) },
        { id: 'unqualified', label: fmt.t('web.report.unqualifiedStops'), value: `${fmt.count(t.unqualified)} · ${fmt.duration(t.unqualifiedS)}` },
        { id: 'planned', label: fmt.t('web.report.planned'), value: fmt.duration(t.plannedS) },
        { id: 'unplanned', label: fmt.t('web.report.unplanned'), value: fmt.duration(t.unplannedS) },
      ]}
    />
  );
}

function ParetoChart({ report, chartRef }: { report: StopReport; chartRef: Ref<ChartHandle> }) {
  const fmt = useReportFormat();
  if (report.pareto.length === 0) return null;
  const { labels, durations, cumulative } = paretoSeries(report.pareto);
  const top = report.pareto[0];
  const summary = fmt.t('web.report.chart.paretoSummary', {
    count: report.pareto.length,
    name: labels[0],
    duration: fmt.duration(top.durationS),
    share: fmt.pct(top.sharePct),
  });
  return (
    <ReportChart
      ref={chartRef}
      title={fmt.t('web.report.chart.pareto')}
      x={{ labels }}
      series={[
        { label: fmt.t('web.report.downtime'), values: durations, kind: 'bar' },
        { label: fmt.t('web.report.col.cumulativePct'), values: cumulative, kind: 'line', color: 'orange', right: true },
      ]}
      format={fmt.duration}
      right={{ format: (n) => fmt.pct(n), range: [0, 100] }}
      summary={summary}
      testId="pareto-chart"
    />
  );
}

/** The totals, then the Pareto chart (the section's chart, for the PDF). */
export function StopSummary({ answer, chartRef }: { answer: StopReport; chartRef: Ref<ChartHandle> }) {
  return (
    <>
      <StopTotals report={answer} />
      <ParetoChart report={answer} chartRef={chartRef} />
    </>
  );
}
