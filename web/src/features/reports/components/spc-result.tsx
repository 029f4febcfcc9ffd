/**
 * What an SPC chart answer shows above its points table: the control limits and capability
 * (center, σ, UCL/LCL, the specification limits and Cp/Cpk/Pp/Ppk), the control chart with its
 * zones and the marked points, the dispersion chart (moving range or range) with its limits,
 * the points that break a rule with the rules named, and the violations kept for the saved
 * set the chart is of. The control chart is the one the PDF carries.
 */
import { Stack, Text, Title } from '@mantine/core';
import type { Ref } from 'react';
import { useIntl } from 'react-intl';
import type { SpcChart as Answer, SpcPoint } from '../api/spc-api';
import { useReportFormat, type ReportFormat } from '../hooks/use-report-format';
import { ruleName } from '../utils/spc-params';
import { useSpcScreen } from '../utils/spc-context';
import type { ChartHandle } from './report-chart';
import { ReportFigures } from './report-figures';
import { ReportTable } from './report-table';
import { SpcChart, type SpcRefLine } from './spc-chart';
import { markedColumns, pointKey, VIOLATION_COLUMNS, violationKey } from './spc-columns';

const CENTER = '#1e7a34';
const LIMIT = '#b02a37';
const ZONE2 = '#a65b00';
const ZONE1 = '#6b7280';

/** What is charted: "Dosing error of CORN · Maize (kg)". */
function subjectTitle(a: Answer, fmt: ReportFormat): string {
  const material = [a.materialCode, a.materialName].filter(Boolean).join(' · ');
  const unit = a.unit || '—';
  if (a.subject === 'PARAMETER') return fmt.t('web.spc.title.parameter', { parameter: [a.parameterCode, a.parameterName].filter(Boolean).join(' · '), unit });
  if (a.subject === 'CONSUMPTION') return fmt.t('web.spc.title.consumption', { material, unit });
  return fmt.t(a.scaleCode ? 'web.spc.title.dosingOnScale' : 'web.spc.title.dosing', { material, scale: a.scaleCode ?? '', unit });
}

function Figures({ a, fmt }: { a: Answer; fmt: ReportFormat }) {
  const intl = useIntl();
  const num = (v: number | null | undefined) => (v === null || v === undefined ? '—' : fmt.kgFine(v));
  const index = (v: number | null | undefined) => (v === null || v === undefined ? '—' : intl.formatNumber(v, { maximumFractionDigits: 2, minimumFractionDigits: 2 }));
  const cap = a.capability;
  return (
    <ReportFigures
      label={fmt.t('web.spc.figures')}
      testId="spc-figures"
      figures={[
        { id: 'points', label: fmt.t('web.spc.fig.points'), value: fmt.count(a.points.length) },
        { id: 'baseline', label: fmt.t('web.spc.fig.baseline', { from: fmt.dateTime(a.baselineFrom), to: fmt.dateTime(a.baselineTo) }), value: fmt.count(a.baselinePoints) },
        { id: 'center', label: fmt.t('web.spc.fig.center'), value: num(a.limits.center) },
        { id: 'sigma', label: fmt.t('web.spc.fig.sigma'), value: num(a.limits.sigma) },
        { id: 'ucl', label: fmt.t('web.spc.fig.ucl'), value: num(a.limits.ucl) },
        { id: 'lcl', label: fmt.t('web.spc.fig.lcl'), value: num(a.limits.lcl) },
        { id: 'lsl', label: fmt.t('web.spc.fig.lsl'), value: num(a.lsl) },
        { id: 'usl', label: fmt.t('web.spc.fig.usl'), value: num(a.usl) },
        { id: 'cp', label: fmt.t('web.spc.fig.cp'), value: index(cap?.cp) },
        { id: 'cpk', label: fmt.t('web.spc.fig.cpk'), value: index(cap?.cpk) },
        { id: 'pp', label: fmt.t('web.spc.fig.pp'), value: index(cap?.pp) },
        { id: 'ppk', label: fmt.t('web.spc.fig.ppk'), value: index(cap?.ppk) },
      ]}
    />
  );
}

/** One sentence of the chart and one per marked point (the first ten). */
function controlSummary(a: Answer, marked: SpcPoint[], fmt: ReportFormat): string {
  const head = fmt.t('web.spc.chart.summary', {
    count: a.points.length,
    center: fmt.kgFine(a.limits.center),
    ucl: fmt.kgFine(a.limits.ucl),
    lcl: fmt.kgFine(a.limits.lcl),
    marked: marked.length,
  });
  const each = marked.slice(0, 10).map((p) =>
    fmt.t('web.spc.chart.summaryPoint', {
      index: p.index + 1,
      time: fmt.dateTime(p.at),
      batch: p.batchId ?? '—',
      value: fmt.kgFine(p.value),
      rules: p.rules.map((r) => `${r} (${fmt.t(ruleName(r))})`).join(', '),
    }),
  );
  return [head, ...each].join(' ');
}

export function SpcResult({ answer: a, chartRef }: { answer: Answer; chartRef: Ref<ChartHandle> }) {
  const fmt = useReportFormat();
  const { set } = useSpcScreen();
  const { limits: l, dispersionLimits: d } = a;
  const marked = a.points.filter((p) => p.rules.length > 0);
  const labels = a.points.map((p) => fmt.plant.short(p.at));
  const xbar = a.chart === 'XBAR_R';
  const title = `${subjectTitle(a, fmt)} – ${fmt.t(xbar ? 'web.spc.chart.means' : 'web.spc.chart.individuals', { n: a.subgroup })}`;
  const zone = (k: number): SpcRefLine[] => [
    { label: fmt.t('web.spc.line.plus', { k }), value: l.center + k * l.sigma, color: k === 2 ? ZONE2 : ZONE1, dash: k === 2 ? [5, 4] : [2, 4] },
    { label: fmt.t('web.spc.line.minus', { k }), value: l.center - k * l.sigma, color: k === 2 ? ZONE2 : ZONE1, dash: k === 2 ? [5, 4] : [2, 4] },
  ];
  const tip = (i: number) => {
    const p = a.points[i];
    if (!p) return '';
    const rules = p.rules.length ? `\n▲ ${p.rules.map((r) => `${r} – ${fmt.t(ruleName(r))}`).join('\n▲ ')}` : '';
    return `${fmt.dateTime(p.at)}\n${fmt.t('web.live.batch', { batchId: p.batchId ?? '—' })}\n${fmt.kgFine(p.value)} ${a.unit}${rules}`;
  };
  const dispersionTitle = fmt.t(xbar ? 'web.spc.chart.range' : 'web.spc.chart.movingRange');
  const dispersion = a.points.map((p) => p.dispersion ?? null);
  const highest = Math.max(0, ...dispersion.filter((v): v is number => v !== null));

  return (
    <Stack gap="xs" data-testid="spc-result">
      <Figures a={a} fmt={fmt} />
      {a.points.length === 0 ? (
        <Text data-testid="spc-no-points">{fmt.t('web.spc.noPoints')}</Text>
      ) : (
        <>
          <SpcChart
            ref={chartRef}
            title={title}
            values={a.points.map((p) => p.value)}
            labels={labels}
            lines={[
              { label: fmt.t('web.spc.line.ucl'), value: l.ucl, color: LIMIT, dash: [8, 4] },
              ...zone(2),
              ...zone(1),
              { label: fmt.t('web.spc.line.center'), value: l.center, color: CENTER },
              { label: fmt.t('web.spc.line.lcl'), value: l.lcl, color: LIMIT, dash: [8, 4] },
            ]}
            marks={a.points.map((p) => p.rules)}
            markLabel={fmt.t('web.spc.line.marked')}
            tip={tip}
            format={fmt.kgFine}
            summary={controlSummary(a, marked, fmt)}
            testId="spc-control-chart"
          />
          <SpcChart
            title={dispersionTitle}
            values={dispersion}
            labels={labels}
            lines={[
              { label: fmt.t('web.spc.line.ucl'), value: d.ucl, color: LIMIT, dash: [8, 4] },
              { label: fmt.t('web.spc.line.center'), value: d.center, color: CENTER },
              { label: fmt.t('web.spc.line.lcl'), value: d.lcl, color: LIMIT, dash: [8, 4] },
            ]}
            tip={(i) => `${labels[i] ?? ''}\n${dispersionTitle}: ${fmt.kgFine(dispersion[i] ?? 0)}`}
            format={fmt.kgFine}
            summary={fmt.t('web.spc.chart.dispersionSummary', { count: dispersion.filter((v) => v !== null).length, center: fmt.kgFine(d.center), ucl: fmt.kgFine(d.ucl), highest: fmt.kgFine(highest) })}
            testId="spc-dispersion-chart"
            height={180}
          />
        </>
      )}
      <Title order={3} size="h5" mt="sm">
        {fmt.t('web.spc.marked')}
      </Title>
      <ReportTable caption={fmt.t('web.spc.markedCaption', { count: marked.length })} columns={markedColumns(fmt)} rows={marked} rowKey={pointKey} empty={fmt.t('web.spc.noMarked')} testId="spc-marked-table" />
      {set || a.kept.length > 0 ? (
        <>
          <Title order={3} size="h5" mt="sm">
            {fmt.t('web.spc.kept', { set: set?.name ?? a.kept[0]?.setName ?? '' })}
          </Title>
          <ReportTable caption={fmt.t('web.spc.keptCaption')} columns={VIOLATION_COLUMNS} rows={a.kept} rowKey={violationKey} empty={fmt.t('web.spc.noKept')} testId="spc-kept-table" />
        </>
      ) : null}
    </Stack>
  );
}
