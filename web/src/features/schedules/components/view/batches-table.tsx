import { BatchStatus } from '@/generated/enums';
import { ReadTable } from '@/components/read-table';
import type { BatchRecord } from '../../api/schedule-types';
import { useScheduleText } from '../../hooks/use-schedule-text';

const BATCH_STATUSES: readonly string[] = BatchStatus;

/** The batches an order produced, newest last. */
export function BatchesTable({ batches, lineId }: { batches: BatchRecord[]; lineId: string }) {
  const { t, kg, dateTime } = useScheduleText(lineId);
  const status = (s: string) => (BATCH_STATUSES.includes(s) ? t(`web.schedules.batches.status.${s}`) : s);
  return (
    <ReadTable
      labelledBy="batches-title"
      testId="schedule-batches"
      minWidth={640}
      empty={t('web.schedules.batches.none')}
      headers={['batches.id', 'status', 'batches.started', 'batches.ended', 'batches.target', 'batches.actual'].map((k) => t(`web.schedules.${k}`))}
      rows={batches.map((b) => ({
        key: b.batchId,
        data: { 'data-batch': b.batchId },
        cells: [b.batchId, status(b.status), dateTime(b.startedAt), dateTime(b.endedAt), kg(b.targetKg), kg(b.actualKg)],
      }))}
    />
  );
}
