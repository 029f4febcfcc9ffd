import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ScheduleRecord } from '../../api/schedule-types';
import { LateBadge } from '../status-badge';
import { useScheduleText } from '../../hooks/use-schedule-text';

function Row({ label, children, field }: { label: string; children: ReactNode; field?: string }) {
  return (
    <Table.Tr data-field={field}>
      <Table.Th scope="row" w="36%">
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

/** An order's numbers and times: sizes, kg planned and produced, when it was released, started and finished. */
export function ScheduleFacts({ record: r }: { record: ScheduleRecord }) {
  const text = useScheduleText(r.lineId);
  const { t, kg, dateTime } = text;
  const by = (at: string | null | undefined, who: string | null | undefined) => (at ? t('web.schedules.atBy', { at: dateTime(at, r.lineId), by: who ?? '—' }) : '—');
  return (
    <Table withTableBorder variant="vertical" maw={760} aria-label={t('web.schedules.view.facts')} data-testid="schedule-facts">
      <Table.Tbody>
        <Row label={t('web.schedules.field.batchSize')} field="batchSizeKg">
          {kg(r.batchSizeKg)}
        </Row>
        <Row label={t('web.schedules.field.batches')} field="batches">
          {t('web.schedules.batchesOf', { done: r.batchesDone, batches: r.batches, aborted: r.batchesAborted })}
        </Row>
        <Row label={t('web.schedules.field.plannedKg')} field="plannedKg">
          {kg(r.plannedKg)}
        </Row>
        <Row label={t('web.schedules.field.producedKg')} field="producedKg">
          {kg(r.producedKg)}
        </Row>
        <Row label={t('web.schedules.field.plannedStart')} field="plannedStart">
          {dateTime(r.plannedStart, r.lineId)} <LateBadge record={r} />
        </Row>
        <Row label={t('web.schedules.field.sequence')}>{r.sequence}</Row>
        <Row label={t('web.schedules.field.released')}>{by(r.releasedAt, r.releasedBy)}</Row>
        <Row label={t('web.schedules.field.started')}>{dateTime(r.startedAt, r.lineId)}</Row>
        <Row label={t('web.schedules.field.finished')}>{dateTime(r.finishedAt, r.lineId)}</Row>
        <Row label={t('web.schedules.field.medicationClass')} field="medicationClass">
          {text.medicationClass(r.medicationClass)}
        </Row>
        <Row label={t('web.schedules.field.notes')}>{r.notes ?? '—'}</Row>
        <Row label={t('web.schedules.field.created')}>{by(r.createdAt, r.createdBy)}</Row>
        <Row label={t('web.schedules.field.updated')}>{by(r.updatedAt, r.updatedBy)}</Row>
      </Table.Tbody>
    </Table>
  );
}
