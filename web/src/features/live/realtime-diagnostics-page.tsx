/**
 * /reporting/diagnostics/realtime: the running batch of a chosen line — its phase (dosing,
 * mixing, discharge), every ingredient of its plan with its state, setpoint, actual weight and
 * tolerance band, the scale's curve of the dose under way, mixer power and temperature curves,
 * and the alarms of the line in plant time (with their handling when app/ gives the screen the
 * alarm feature's table: `alarms`); the batch record so far as a PDF; below, the data that comes
 * from line ids no configured line has (unknown-lines.tsx).
 */
import { LineConnections } from '@/features/connections/components/line-connections';
import { Badge, Card, Group, Progress, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useMemo, type ComponentType } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { REPORT_PATHS } from '@/features/reports/api/report-types';
import { RecordPdfButton } from '@/features/reports/components/record-pdf-button';
import { useLineNames } from '@/lib/use-lines';
import { usePlantTime } from '@/lib/use-plant-time';
import { batchPhase, ingredientRows, useBatchPlan, type BatchPhase, type IngredientRow, type IngredientState } from './batch-plan';
import { LiveChart } from './live-chart';
import { DOSING_SERIES, useLive } from '@/lib/live/live-store';
import { kg, OfflineBanner, StateBadge } from './live-widgets';
import { topics, type Alarm } from '@/lib/live/protocol';
import { UnknownLines } from './unknown-lines';
import { useLiveSocket } from '@/lib/live/use-live-socket';

const PHASE_COLOR: Record<BatchPhase, string> = { DOSING: '#1c5fa8', MIXING: '#6b3fa0', DISCHARGE: '#1e7a34' };

/** The line's alarm points with their handling (features/alarms `LineAlarms`, given by app/). */
export type LineAlarmsPanel = ComponentType<{ lineId: string; fallback: Alarm[] }>;

export default function RealtimeDiagnosticsPage({ alarms: AlarmsPanel }: { alarms?: LineAlarmsPanel }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [params, setParams] = useSearchParams();
  const lines = useLive((s) => s.lines);
  const names = useLineNames();
  const lineIds = Object.keys(lines).sort();
  const lineId = params.get('lineId') ?? '';
  const plant = usePlantTime(lineId || null);

  // Without a choice, take the first line that reports.
  useEffect(() => {
    if (!lineId && lineIds.length > 0) setParams({ lineId: lineIds[0] }, { replace: true });
  }, [lineId, lineIds, setParams]);

  const withAlarms = AlarmsPanel !== undefined;
  const wanted = useMemo(
    () => [topics.lines, topics.unknownLines, ...(withAlarms ? [topics.alarms] : []), ...(lineId ? [topics.diagnostics(lineId)] : [])],
    [lineId, withAlarms],
  );
  const { online, settled } = useLiveSocket(wanted);
  const view = useLive((s) => (lineId ? s.diagnostics[lineId] : undefined));
  const line = lineId ? lines[lineId] : undefined;
  const options = Array.from(new Set([...lineIds, ...(lineId ? [lineId] : [])])).map((id) => ({ value: id, label: names[id] ?? id }));
  const plan = useBatchPlan(lineId, view?.batch);
  const recipe = plan.data?.recipe ?? null;
  const rows = useMemo(() => (view ? ingredientRows(view, recipe) : []), [view, recipe]);
  const phase = view ? batchPhase(view, recipe) : null;
  const num = (v: number | null | undefined, digits = 1) => kg(intl.locale, v, digits);

  return (
    <section aria-labelledby="screen-title">
      <Title order={1} size="h2" id="screen-title" mb="md">
        {t('web.screen.diagnosticsRealtime')}
      </Title>
      <OfflineBanner show={settled && !online} />
      <Group mb="md" align="end">
        <Select
          label={t('web.live.line')}
          placeholder={t('web.live.chooseLine')}
          data={options}
          value={lineId || null}
          onChange={(v) => v && setParams({ lineId: v })}
          allowDeselect={false}
          w={260}
          data-testid="diag-line"
        />
        {line && <StateBadge state={line.state} testId="diag-state" />}
        {line ? <LineConnections connections={line.connections} testId="diag-connections" /> : null}
      </Group>
      {!view ? (
        <Text c="dimmed">{t(lineId ? 'web.common.loading' : 'web.live.noLines')}</Text>
      ) : (
        <Stack gap="md">
          <Card withBorder>
            {view.batch ? (
              <Stack gap={4}>
                <Group justify="space-between" align="start" wrap="wrap">
                  <Group gap="sm">
                    <Title order={2} size="h4" data-testid="diag-batch">
                      {t('web.live.batch', { batchId: view.batch.batchId })}
                    </Title>
                    {phase && (
                      <Badge size="lg" color={PHASE_COLOR[phase]} c="white" data-testid="diag-phase" data-phase={phase}>
                        {t(`web.live.phase.${phase}`)}
                      </Badge>
                    )}
                  </Group>
                  <RecordPdfButton
                    path={REPORT_PATHS.liveBatch}
                    params={{ lineId }}
                    heading={t('web.batch.recordTitle', { batch: view.batch.batchId })}
                    from={view.batch.startedAt}
                    testId="diag-record-pdf"
                  />
                </Group>
                <Text>
                  {t('web.live.recipe')}: {view.batch.recipeName ?? view.batch.recipeCode ?? view.batch.recipeId ?? '–'}
                  {recipe ? ` v${recipe.recipeVersion}` : ''} · {t('web.live.target', { value: num(view.batch.targetKg, 0) })} ·{' '}
                  {t('web.live.startedAt', { time: plant.seconds(view.batch.startedAt) })}
                </Text>
                {line?.progress != null && (
                  <Progress value={Math.round(line.progress * 100)} size="lg" color="#1e7a34" aria-label={t('web.live.progress')} />
                )}
              </Stack>
            ) : (
              <Text c="dimmed" data-testid="diag-batch">
                {t('web.live.waitingBatch')}
              </Text>
            )}
          </Card>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              {t('web.live.ingredients')}
            </Title>
            <Ingredients rows={rows} />
          </Card>
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
            <ChartCard
              lineId={lineId}
              code={DOSING_SERIES}
              title={view.dosing ? t('web.live.scaleOf', { material: rows.find((r) => r.state === 'DOSING')?.material ?? view.dosing.materialId }) : t('web.live.scaleIdle')}
              color="#a65b00"
              zone={plant.zone}
            />
            <ChartCard lineId={lineId} code="MIXER_POWER_KW" title={t('web.live.power')} color="#1c5fa8" zone={plant.zone} />
            <ChartCard lineId={lineId} code="MIXER_TEMP_C" title={t('web.live.temperature')} color="#b02a37" zone={plant.zone} />
          </SimpleGrid>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              {t('web.live.alarms')}
            </Title>
            {AlarmsPanel ? (
              <AlarmsPanel lineId={lineId} fallback={view.alarms} />
            ) : view.alarms.length === 0 ? (
              <Text c="dimmed">{t('web.live.noAlarms')}</Text>
            ) : (
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('web.live.alarmSeverity')}</Table.Th>
                    <Table.Th>{t('web.live.alarmCode')}</Table.Th>
                    <Table.Th>{t('web.live.alarmText')}</Table.Th>
                    <Table.Th>{t('web.live.timeIn', { zone: plant.zone })}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {view.alarms.map((a) => (
                    <Table.Tr key={`${a.lineId}|${a.code}`}>
                      <Table.Td>
                        <Badge color={a.severity === 'CRITICAL' ? '#b02a37' : a.severity === 'WARNING' ? '#a65b00' : '#1c5fa8'} c="white">
                          {t(`web.live.severity.${a.severity}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{a.code}</Table.Td>
                      <Table.Td>{a.message}</Table.Td>
                      <Table.Td>{plant.seconds(a.time)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Card>
        </Stack>
      )}
      <Stack mt="md">
        <UnknownLines />
      </Stack>
    </section>
  );
}

function ChartCard({ lineId, code, title, color, zone }: { lineId: string; code: string; title: string; color: string; zone: string }) {
  const intl = useIntl();
  // Re-renders only when the curve turns empty or gets its first point.
  const empty = useLive((s) => (s.diagnostics[lineId]?.series[code]?.length ?? 0) === 0);
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {empty && (
        <Text c="dimmed" size="sm" data-testid={`chart-empty-${code}`}>
          {intl.formatMessage({ id: 'web.live.noReadings' })}
        </Text>
      )}
      <LiveChart lineId={lineId} code={code} label={title} color={color} zone={zone} />
    </Card>
  );
}

/** Setpoint vs actual with the tolerance band: the band is the shaded part of the bar. */
export function ToleranceBar({ setpoint, actual, tolerance, label, filling = false }: { setpoint: number; actual: number; tolerance: number | null; label: string; filling?: boolean }) {
  const max = Math.max(setpoint + (tolerance ?? 0), actual, 1) * 1.1;
  const pct = (v: number) => `${Math.min(100, Math.max(0, (v / max) * 100))}%`;
  const inBand = tolerance === null ? null : Math.abs(actual - setpoint) <= tolerance;
  // A dose still filling is judged only once it is weighed (red only when it overshoots).
  const over = tolerance !== null && actual > setpoint + tolerance;
  const fill = filling ? (over ? '#b02a37' : '#1c5fa8') : inBand === false ? '#b02a37' : '#1e7a34';
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={Math.round(max)}
      aria-valuenow={Math.round(actual * 10) / 10}
      style={{ position: 'relative', height: 16, minWidth: 120, background: 'rgba(128,128,128,0.2)', borderRadius: 4 }}
    >
      {tolerance !== null && (
        <div style={{ position: 'absolute', left: pct(setpoint - tolerance), width: `calc(${pct(setpoint + tolerance)} - ${pct(setpoint - tolerance)})`, top: 0, bottom: 0, background: 'rgba(30,122,52,0.3)' }} />
      )}
      <div style={{ position: 'absolute', left: 0, width: pct(actual), top: 4, bottom: 4, background: fill, borderRadius: 2, transition: 'width 150ms linear' }} />
      <div style={{ position: 'absolute', left: pct(setpoint), top: -2, bottom: -2, width: 2, background: 'currentColor' }} />
    </div>
  );
}

const STATE_COLOR: Record<IngredientState, string> = { WAITING: '#5c636a', DOSING: '#1c5fa8', IN_TOLERANCE: '#1e7a34', OUT_OF_TOLERANCE: '#b02a37' };

/** Every ingredient of the batch, in the plan's order, with its state; the one on the scale in bold. */
function Ingredients({ rows }: { rows: IngredientRow[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const num = (v: number) => kg(intl.locale, v);
  if (rows.length === 0) return <Text c="dimmed">{t('web.live.waitingBatch')}</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table data-testid="diag-ingredients">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('web.live.material')}</Table.Th>
            <Table.Th>{t('web.live.scale')}</Table.Th>
            <Table.Th ta="right">{t('web.live.setpoint')}</Table.Th>
            <Table.Th ta="right">{t('web.live.actual')}</Table.Th>
            <Table.Th ta="right">{t('web.live.tolerance')}</Table.Th>
            <Table.Th w="26%">{t('web.live.filling')}</Table.Th>
            <Table.Th>{t('web.live.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key} data-testid={r.state === 'DOSING' ? 'diag-dosing' : 'diag-ingredient'} data-state={r.state}>
              <Table.Td fw={r.state === 'DOSING' ? 700 : undefined}>
                {r.material}
                {r.material !== r.code && (
                  <Text span c="dimmed" size="sm">
                    {' '}
                    {r.code}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{r.scale ?? '–'}</Table.Td>
              <Table.Td ta="right">{num(r.setpointKg)}</Table.Td>
              <Table.Td ta="right">{r.actualKg === null ? '–' : num(r.actualKg)}</Table.Td>
              <Table.Td ta="right">{r.toleranceKg === null ? '–' : `± ${num(r.toleranceKg)}`}</Table.Td>
              <Table.Td>
                {r.actualKg !== null && <ToleranceBar setpoint={r.setpointKg} actual={r.actualKg} tolerance={r.toleranceKg} filling={r.state === 'DOSING'} label={`${r.material} ${t('web.live.filling')}`} />}
              </Table.Td>
              <Table.Td>
                <Badge color={STATE_COLOR[r.state]} c="white">
                  {t(`web.live.ingredient.${r.state}`)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
