/**
 * /reporting/diagnostics/realtime: the running batch of a chosen line — each ingredient's
 * setpoint against its actual weight with the tolerance band, the ingredient dosing now filling
 * live, mixer power and temperature curves, and the alarms of the batch; below, the data that
 * comes from line ids no configured line has (unknown-lines.tsx).
 */
import { Badge, Card, Group, Progress, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { useLineNames } from '@/lib/use-lines';
import { LiveChart } from './live-chart';
import { useLive } from './live-store';
import { kg, OfflineBanner, StateBadge } from './live-widgets';
import { topics, type Dosing, type WeighingSample } from './protocol';
import { UnknownLines } from './unknown-lines';
import { useLiveSocket } from './use-live-socket';

export default function RealtimeDiagnosticsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [params, setParams] = useSearchParams();
  const lines = useLive((s) => s.lines);
  const names = useLineNames();
  const lineIds = Object.keys(lines).sort();
  const lineId = params.get('lineId') ?? '';

  // Without a choice, take the first line that reports.
  useEffect(() => {
    if (!lineId && lineIds.length > 0) setParams({ lineId: lineIds[0] }, { replace: true });
  }, [lineId, lineIds, setParams]);

  const wanted = useMemo(() => [topics.lines, topics.unknownLines, ...(lineId ? [topics.diagnostics(lineId)] : [])], [lineId]);
  const { online, settled } = useLiveSocket(wanted);
  const view = useLive((s) => (lineId ? s.diagnostics[lineId] : undefined));
  const line = lineId ? lines[lineId] : undefined;
  const options = Array.from(new Set([...lineIds, ...(lineId ? [lineId] : [])])).map((id) => ({ value: id, label: names[id] ?? id }));

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
      </Group>
      {!view ? (
        <Text c="dimmed">{t(lineId ? 'web.common.loading' : 'web.live.noLines')}</Text>
      ) : (
        <Stack gap="md">
          <Card withBorder>
            {view.batch ? (
              <Stack gap={4}>
                <Title order={2} size="h4" data-testid="diag-batch">
                  {t('web.live.batch', { batchId: view.batch.batchId })}
                </Title>
                <Text>
                  {t('web.live.recipe')}: {view.batch.recipeName ?? view.batch.recipeCode ?? view.batch.recipeId ?? '–'} · {t('web.live.target', { value: kg(view.batch.targetKg, 0) })}
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
            <Ingredients weighings={view.weighings} dosing={view.dosing} />
          </Card>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <ChartCard lineId={lineId} code="MIXER_POWER_KW" title={t('web.live.power')} color="#1c5fa8" />
            <ChartCard lineId={lineId} code="MIXER_TEMP_C" title={t('web.live.temperature')} color="#b02a37" />
          </SimpleGrid>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              {t('web.live.alarms')}
            </Title>
            {view.alarms.length === 0 ? (
              <Text c="dimmed">{t('web.live.noAlarms')}</Text>
            ) : (
              <Table>
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
                      <Table.Td>{new Date(a.time).toLocaleTimeString(intl.locale)}</Table.Td>
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

function ChartCard({ lineId, code, title, color }: { lineId: string; code: string; title: string; color: string }) {
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <LiveChart lineId={lineId} code={code} label={title} color={color} />
    </Card>
  );
}

/** Setpoint vs actual with the tolerance band: the band is the shaded part of the bar. */
export function ToleranceBar({ setpoint, actual, tolerance, label }: { setpoint: number; actual: number; tolerance: number | null; label: string }) {
  const max = Math.max(setpoint + (tolerance ?? 0), actual, 1) * 1.1;
  const pct = (v: number) => `${Math.min(100, Math.max(0, (v / max) * 100))}%`;
  const inBand = tolerance === null ? null : Math.abs(actual - setpoint) <= tolerance;
  const fill = inBand === false ? '#b02a37' : '#1e7a34';
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

function Ingredients({ weighings, dosing }: { weighings: WeighingSample[]; dosing?: Dosing | null }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  if (weighings.length === 0 && !dosing) return <Text c="dimmed">{t('web.live.waitingBatch')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table data-testid="diag-ingredients">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('web.live.material')}</Table.Th>
            <Table.Th ta="right">{t('web.live.setpoint')}</Table.Th>
            <Table.Th ta="right">{t('web.live.actual')}</Table.Th>
            <Table.Th ta="right">{t('web.live.tolerance')}</Table.Th>
            <Table.Th w="30%">{t('web.live.filling')}</Table.Th>
            <Table.Th>{t('web.live.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {weighings.map((w) => (
            <Table.Tr key={w.id}>
              <Table.Td>{w.materialId}</Table.Td>
              <Table.Td ta="right">{kg(w.setpointKg)}</Table.Td>
              <Table.Td ta="right">{kg(w.actualKg)}</Table.Td>
              <Table.Td ta="right">± {kg(w.toleranceKg)}</Table.Td>
              <Table.Td>
                <ToleranceBar setpoint={w.setpointKg} actual={w.actualKg} tolerance={w.toleranceKg} label={`${w.materialId} ${t('web.live.filling')}`} />
              </Table.Td>
              <Table.Td>
                <Badge color={w.inTolerance ? '#1e7a34' : '#b02a37'} c="white">
                  {t(w.inTolerance ? 'web.live.inTolerance' : 'web.live.outOfTolerance')}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
          {dosing && (
            <Table.Tr data-testid="diag-dosing">
              <Table.Td fw={700}>{dosing.materialId}</Table.Td>
              <Table.Td ta="right">{kg(dosing.setpointKg)}</Table.Td>
              <Table.Td ta="right">{kg(dosing.actualKg)}</Table.Td>
              <Table.Td ta="right">–</Table.Td>
              <Table.Td>
                <ToleranceBar setpoint={dosing.setpointKg} actual={dosing.actualKg} tolerance={null} label={`${dosing.materialId} ${t('web.live.filling')}`} />
              </Table.Td>
              <Table.Td>
                <Badge color="#1c5fa8" c="white">
                  {t('web.live.dosingNow')}
                </Badge>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
