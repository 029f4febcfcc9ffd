import { ReadTable } from '@/components/read-table';
import type { OrderHistoryEntry } from '../../api/schedule-types';
import { useScheduleText } from '../../hooks/use-schedule-text';

const ACTIONS = ['created', 'updated', 'deleted', 'status', 'signed', 'signature_failed'];

/** An order's history, newest first: when, who, what, and for status moves from → to. */
export function HistoryTable({ entries, lineId }: { entries: OrderHistoryEntry[]; lineId: string }) {
  const text = useScheduleText(lineId);
  const { t, dateTime } = text;
  const sorted = [...entries].sort((a, b) => b.at.localeCompare(a.at));
  const action = (a: string) => (ACTIONS.includes(a) ? t(`web.schedules.history.action.${a}`) : a);
  const change = (e: OrderHistoryEntry) =>
    e.fromStatus || e.toStatus
      ? t('web.schedules.history.fromTo', { from: e.fromStatus ? text.status(e.fromStatus) : '—', to: e.toStatus ? text.status(e.toStatus) : '—' })
      : '—';
  return (
    <ReadTable
      labelledBy="history-title"
      testId="schedule-history"
      maw={960}
      striped={false}
      empty={t('web.schedules.history.none')}
      headers={['when', 'who', 'what', 'change'].map((k) => t(`web.schedules.history.${k}`))}
      rows={sorted.map((e, i) => ({
        key: `${e.at}-${i}`,
        data: { 'data-action': e.action },
        cells: [dateTime(e.at), e.actor ?? '—', action(e.action), change(e)],
      }))}
    />
  );
}
