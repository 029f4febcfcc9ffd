/**
 * A line's shifts today: per shift occurrence (and the time outside shifts) the batches and
 * kilograms made, the share of its time so far the line ran, and kilograms per running hour.
 * Each shift occurrence of the line's production day is one row (the api keeps a night shift
 * whole), its times in the line's zone.
 */
import { Table, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { usePlantTime } from '@/lib/use-plant-time';
import type { LineRows, ShiftUtilization } from './today-api';

interface ShiftLine {
  key: string;
  name: string;
  /** False for the time outside shifts. */
  shift: boolean;
  from?: string | null;
  to?: string | null;
  batches: number;
  kg: number;
  uptimePct?: number | null;
  kgPerHour?: number | null;
}

/** The headings of the figures of a shift, in their order. */
const FIGURES = ['web.dashboard.batches', 'web.dashboard.kg', 'web.dashboard.running', 'web.dashboard.kgPerHour'];

/** The shift rows of a line joined to their utilisation (by shift and start). */
export function shiftLines(rows: LineRows | undefined, utilization: readonly ShiftUtilization[]): ShiftLine[] {
  return (rows?.rows ?? []).map((r) => {
    const u = utilization.find((x) => x.lineId === rows?.lineId && x.shiftId === r.key && x.from === r.from);
    return {
      key: `${r.key}|${r.from ?? ''}`,
      name: r.name,
      shift: r.key !== '',
      from: r.from,
      to: r.to,
      batches: r.figures.batches ?? 0,
      kg: r.figures.actualKg,
      uptimePct: u?.states.uptimePct,
      kgPerHour: u?.kgPerHour,
    };
  });
}

export function TodayShifts({ lines, lineId }: { lines: readonly ShiftLine[]; lineId: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const num = (v: number | null | undefined, digits = 0) => (v === null || v === undefined ? '—' : intl.formatNumber(v, { maximumFractionDigits: digits }));
  const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : intl.formatNumber(v / 100, { style: 'percent', maximumFractionDigits: 1 }));
  // Shift times in the line's zone (plant time), whatever the browser's.
  const plant = usePlantTime(lineId);
  if (lines.length === 0) return null;
  return (
    <Table fz="xs" verticalSpacing={2} horizontalSpacing={4} captionSide="top" data-testid={`today-shifts-${lineId}`}>
      <Table.Caption>{t('web.dashboard.byShift')}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('web.dashboard.shift')}</Table.Th>
          {FIGURES.map((id) => (
            <Table.Th key={id} scope="col" ta="right">
              {t(id)}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((l) => (
          <Table.Tr key={l.key} data-shift={l.name}>
            <Table.Th scope="row" fw={400}>
              {l.name}
              {l.shift && l.from && l.to ? (
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {plant.time(l.from)}–{plant.time(l.to)}
                </Text>
              ) : null}
            </Table.Th>
            <Table.Td ta="right">{num(l.batches)}</Table.Td>
            <Table.Td ta="right">{num(l.kg)}</Table.Td>
            <Table.Td ta="right">{pct(l.uptimePct)}</Table.Td>
            <Table.Td ta="right">{num(l.kgPerHour)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
