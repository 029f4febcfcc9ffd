/**
 * Above the OEE report's table: the selection's figures as cards (OEE, availability,
 * performance and quality with one decimal — "—" and the reason where not measurable — then the
 * planned and running time and the good and all kilograms), and per day or per shift a trend of
 * the factors: with one line OEE, availability, performance and quality over time, with several
 * lines one series per line of the factor chosen (OEE at first). The trend is the section's
 * chart (the PDF carries it).
 */
import { SegmentedControl, Stack } from '@mantine/core';
import { useState, type Ref } from 'react';
import { useIntl } from 'react-intl';
import type { Oee, OeeRow } from '../api/report-types';
import { useReportFormat, type ReportFormat } from '../hooks/use-report-format';
import { factorLabel, factorText, factorValue, OEE_FACTORS, type OeeFactor } from '../utils/oee';
import { ReportChart, type ChartHandle, type ChartSeries } from './report-chart';
import { ReportFigures, type ReportFigure } from './report-figures';

const HINTS: Record<OeeFactor, string> = {
  oee: 'web.report.oee.kpi.oeeHint',
  availability: 'web.report.oee.kpi.availabilityHint',
  performance: 'web.report.oee.kpi.performanceHint',
  quality: 'web.report.oee.kpi.qualityHint',
};

const FACTOR_COLORS: Record<OeeFactor, string> = { oee: 'blue', availability: 'teal', performance: 'orange', quality: 'grape' };
/** The lines' colours, in turn. */
const LINE_COLORS = ['blue', 'orange', 'teal', 'grape', 'red', 'cyan', 'lime', 'pink', 'indigo', 'yellow'];

function OeeCards({ answer }: { answer: Oee }) {
  const fmt = useReportFormat();
  const intl = useIntl();
  const all = answer.totals;
  const factors = OEE_FACTORS.map((f): ReportFigure => {
    const { text, reason } = factorText(all, f, intl);
    // Not measurable: the dash is left to the eye, the reason under it said to everyone.
    return { id: f, label: fmt.t(factorLabel(f)), value: reason === null ? text : <span aria-hidden>{text}</span>, hint: reason ?? fmt.t(HINTS[f]) };
  });
  return (
    <ReportFigures
      label={fmt.t('web.report.oee.kpis')}
      testId="oee-kpis"
      headings={3}
      figures={[
        ...factors,
        {
          id: 'planned',
          label: fmt.t('web.report.oee.kpi.planned'),
          value: fmt.duration(all.plannedS),
          hint: fmt.t('web.report.oee.kpi.plannedHint', { shifts: fmt.duration(all.shiftS), stops: fmt.duration(all.plannedStopS) }),
        },
        { id: 'running', label: fmt.t('web.report.oee.kpi.running'), value: fmt.duration(all.runningS) },
        { id: 'goodKg', label: fmt.t('web.report.oee.kpi.goodKg'), value: fmt.kg(all.goodKg) },
        {
          id: 'actualKg',
          label: fmt.t('web.report.oee.kpi.actualKg'),
          value: fmt.kg(all.actualKg),
          hint: all.unratedKg > 0 ? fmt.t('web.report.oee.kpi.unratedHint', { kg: fmt.kg(all.unratedKg) }) : undefined,
        },
      ]}
    />
  );
}

/** A factor as a percentage on the chart's scale (null where not measurable). */
const pctOf = (row: OeeRow, factor: OeeFactor) => {
  const v = factorValue(row, factor);
  return v === null ? null : v * 100;
};

/** What a row is called in the chart's summary: its line, and its date (and shift). */
function rowName(row: OeeRow, fmt: ReportFormat, several: boolean): string {
  const when = [row.date ? fmt.bucket('day', `${row.date}T00:00`) : fmt.dateTime(row.from), row.shiftName].filter(Boolean).join(' ');
  return several ? `${row.lineName} · ${when}` : when;
}

function OeeTrend({ answer, chartRef }: { answer: Oee; chartRef: Ref<ChartHandle> }) {
  const fmt = useReportFormat();
  const intl = useIntl();
  const [chosen, setChosen] = useState<OeeFactor>('oee');
  const group = answer.groupBy;
  if (group === 'line' || answer.rows.length === 0) return null;

  const rows = [...answer.rows].sort((a, b) => Date.parse(a.from) - Date.parse(b.from));
  const lines = [...new Map(rows.map((r) => [r.lineId, r.lineName])).entries()];
  const several = lines.length > 1;
  const times = [...new Set(rows.map((r) => Date.parse(r.from)))].sort((a, b) => a - b);
  const at = (lineId: string, factor: OeeFactor) => {
    const byTime = new Map(rows.filter((r) => r.lineId === lineId).map((r) => [Date.parse(r.from), pctOf(r, factor)]));
    return times.map((t) => byTime.get(t) ?? null);
  };
  // One line: its four factors; several: each line's chosen factor, drawn across the others' instants.
  const factor = several ? chosen : 'oee';
  const series: ChartSeries[] = several
    ? lines.map(([id, name], i) => ({ label: name, values: at(id, factor), kind: 'line', color: LINE_COLORS[i % LINE_COLORS.length], join: true }))
    : OEE_FACTORS.map((f) => ({ label: fmt.t(factorLabel(f)), values: at(lines[0][0], f), kind: 'line', color: FACTOR_COLORS[f] }));

  const percent = (n: number) => intl.formatNumber(n / 100, { style: 'percent', maximumFractionDigits: 1 });
  const measured = rows.filter((r) => pctOf(r, factor) !== null);
  const values = measured.map((r) => pctOf(r, factor) ?? 0);
  const hi = values.indexOf(Math.max(...values));
  const lo = values.indexOf(Math.min(...values));
  const name = fmt.t(factorLabel(factor));
  const summary =
    measured.length === 0
      ? fmt.t('web.report.oee.chart.none', { factor: name })
      : fmt.t('web.report.oee.chart.summary', {
          factor: name,
          summary: fmt.t('web.report.chart.summary', {
            count: values.length,
            high: rowName(measured[hi], fmt, several),
            highValue: percent(values[hi]),
            low: rowName(measured[lo], fmt, several),
            lowValue: percent(values[lo]),
          }),
        });
  const title = fmt.t(group === 'shift' ? 'web.report.oee.chart.shift' : 'web.report.oee.chart.day', { factor: name });
  return (
    <Stack gap={4}>
      {several ? (
        <SegmentedControl
          aria-label={fmt.t('web.report.oee.chart.show')}
          value={chosen}
          onChange={(v) => setChosen(OEE_FACTORS.find((f) => f === v) ?? 'oee')}
          data={OEE_FACTORS.map((f) => ({ value: f, label: fmt.t(factorLabel(f)) }))}
          size="xs"
          w="fit-content"
          data-testid="oee-chart-factor"
        />
      ) : null}
      <ReportChart
        ref={chartRef}
        title={title}
        x={{
          times,
          label: group === 'day' ? fmt.plant.dayMonth : fmt.plant.short,
          zone: fmt.zone,
          span: [Date.parse(answer.fromDateTime), Date.parse(answer.toDateTime)],
        }}
        series={series}
        format={percent}
        summary={summary}
        testId="oee-chart"
      />
    </Stack>
  );
}

/** The cards, then the trend (the section's chart, for the PDF). */
export function OeeSummary({ answer, chartRef }: { answer: Oee; chartRef: Ref<ChartHandle> }) {
  return (
    <>
      <OeeCards answer={answer} />
      <OeeTrend answer={answer} chartRef={chartRef} />
    </>
  );
}
