/**
 * Downstream equipment's trends: for each downstream report parameter a small chart of its
 * mean per batch (by the batch's end, across the batches' own span), its low and high limits as dashed lines;
 * each chart named and summed up for screen readers. Without such parameters it says which are
 * shown, and links to the report parameters for those who may configure them.
 */
import { Anchor, Paper, SimpleGrid, Text } from '@mantine/core';
import type { MutableRefObject } from 'react';
import { Link } from 'react-router-dom';
import { allows, RULES } from '@/lib/access';
import { useSession } from '@/lib/session-store';
import { useReportFormat } from '../hooks/use-report-format';
import { coded } from '../utils/batch-format';
import { timeAxis } from '../utils/diag-time';
import type { Downstream, Downstreams } from '../utils/diag-types';
import { ReportChart, type ChartHandle, type ChartSeries } from './report-chart';

const REPORT_PARAMETERS = '/configurator/additionalparameters/reportparameters';

const given = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

function Trend({ row, chartRef }: { row: Downstream; chartRef: (h: ChartHandle | null) => void }) {
  const fmt = useReportFormat();
  const name = [coded(row.code, row.name), row.unit ? `(${row.unit})` : null, row.lineName ? `· ${row.lineName}` : null].filter(Boolean).join(' ');
  const n = row.points.length;
  const times = row.points.map((p) => p[0]);
  const flat = (v: number) => Array.from({ length: n }, () => v);
  const series: ChartSeries[] = [{ label: fmt.t('web.diag.chart.batchMean'), values: row.points.map((p) => p[1]), kind: 'line' }];
  if (given(row.highLimit)) series.push({ label: fmt.t('web.batch.chart.highLimit'), values: flat(row.highLimit), kind: 'line', color: 'red', dashed: true });
  if (given(row.lowLimit)) series.push({ label: fmt.t('web.batch.chart.lowLimit'), values: flat(row.lowLimit), kind: 'line', color: 'orange', dashed: true });
  const limit = (v: number | null | undefined) => (given(v) ? fmt.kg(v) : '—');
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="diag-trend" data-code={row.code}>
      {n === 0 ? (
        <>
          <Text fw={600} size="sm">
            {name}
          </Text>
          <Text size="sm" data-testid="diag-trend-empty">
            {fmt.t('web.diag.empty.trend')}
          </Text>
        </>
      ) : (
        <ReportChart
          ref={chartRef}
          title={name}
          x={timeAxis(fmt.plant, times)}
          series={series}
          format={fmt.kg}
          summary={fmt.t('web.diag.chart.trendSummary', {
            name,
            batches: row.batches,
            exceeded: row.exceededBatches,
            low: limit(row.min),
            high: limit(row.max),
            lowLimit: limit(row.lowLimit),
            highLimit: limit(row.highLimit),
          })}
          testId="diag-trend-chart"
          height={180}
        />
      )}
    </Paper>
  );
}

export function DownstreamTrends({ answer, handles }: { answer: Downstreams; handles: MutableRefObject<(ChartHandle | null)[]> }) {
  return (
    <SimpleGrid cols={{ base: 1, md: answer.rows.length > 1 ? 2 : 1 }} spacing="md" mb="md" data-testid="diag-trends">
      {answer.rows.map((row, i) => (
        <Trend
          key={`${row.lineId}|${row.code}`}
          row={row}
          chartRef={(h) => {
            handles.current[i] = h;
          }}
        />
      ))}
    </SimpleGrid>
  );
}

/** Which parameters are shown, and where they are configured (for who may). */
export function NoDownstream() {
  const { t } = useReportFormat();
  const role = useSession((s) => s.role);
  const privileges = useSession((s) => s.privileges);
  const may = allows(RULES.configurator, role, privileges);
  return (
    <Paper withBorder p="md" radius="sm" role="status" data-testid="diag-no-downstream">
      <Text fw={600} mb={4}>
        {t('web.diag.empty.downstream')}
      </Text>
      <Text size="sm">{t('web.diag.downstreamHint')}</Text>
      {may ? (
        <Anchor component={Link} to={REPORT_PARAMETERS} size="sm" mt="xs" display="inline-block" data-testid="diag-configure-parameters">
          {t('web.diag.configureParameters')}
        </Anchor>
      ) : null}
    </Paper>
  );
}
