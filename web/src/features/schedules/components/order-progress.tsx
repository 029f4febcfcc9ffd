import { Progress, Text } from '@mantine/core';
import type { ScheduleRecord } from '../api/schedule-types';
import { useScheduleText } from '../hooks/use-schedule-text';
import { percentOf } from '../utils/display';

type Done = Pick<ScheduleRecord, 'orderNumber' | 'progress' | 'batchesDone' | 'batches' | 'producedKg'>;

/** Batches done of all as a bar (named with its percentage) and as text with the kg produced. */
export function OrderProgress({ record: r, size = 'md' }: { record: Done; size?: 'sm' | 'md' | 'lg' }) {
  const { t, kg } = useScheduleText();
  const percent = percentOf(r.progress);
  return (
    <div style={{ minWidth: 150 }} data-testid="schedule-progress">
      <Progress value={percent} size={size} color={percent >= 100 ? '#237032' : '#1864ab'} aria-label={t('web.schedules.progressOf', { order: r.orderNumber, percent })} />
      <Text size="xs" mt={4}>
        {t('web.schedules.batchesDone', { done: r.batchesDone, batches: r.batches, kg: kg(r.producedKg) })}
      </Text>
    </div>
  );
}
