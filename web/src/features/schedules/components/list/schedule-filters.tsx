import { Group, MultiSelect } from '@mantine/core';
import { LineSelect } from '@/components/line-select';
import { PlantDateTimeInput } from '@/components/plant-date-time-input';
import type { LineRef } from '@/lib/lines';
import { ALL_LINES, SCHEDULE_STATUSES, type StatusRecord } from '../../api/schedule-types';
import { useScheduleText } from '../../hooks/use-schedule-text';
import type { ScheduleFilters as Filters } from '../../utils/filters';

export interface ScheduleFiltersProps {
  filters: Filters;
  /** The range shown (the URL's, else the default). */
  range: { from: string; to: string };
  lines: LineRef[];
  statuses: StatusRecord[] | undefined;
  /** The server's (or our own) message on the end of the range. */
  toError?: string;
  onChange: (patch: Partial<Filters>) => void;
}

/** Line (or all lines), statuses and the planned-start range of the list (in plant time). */
export function ScheduleFilters({ filters, range, lines, statuses, toError, onChange }: ScheduleFiltersProps) {
  const text = useScheduleText();
  const { t } = text;
  const options = statuses?.map((s) => ({ value: s.status, label: s.name })) ?? SCHEDULE_STATUSES.map((s) => ({ value: s, label: text.status(s) }));
  return (
    <Group align="flex-start" mb="md" wrap="wrap" gap="md">
      <LineSelect lines={[{ _id: ALL_LINES, name: t('web.schedules.allLines') }, ...lines]} value={filters.lineId} onChange={(lineId) => onChange({ lineId })} />
      <MultiSelect
        label={t('web.schedules.status')}
        placeholder={filters.statuses.length === 0 ? t('web.schedules.anyStatus') : undefined}
        data={options}
        value={filters.statuses}
        onChange={(v) => onChange({ statuses: v })}
        clearable
        miw={220}
        maw={420}
        data-testid="schedule-status-filter"
      />
      <PlantDateTimeInput label={t('web.schedules.from')} value={range.from} zone={text.zone(filters.lineId)} onChange={(from) => onChange({ from })} w={190} data-testid="schedule-from" />
      <PlantDateTimeInput label={t('web.schedules.to')} value={range.to} zone={text.zone(filters.lineId)} onChange={(to) => onChange({ to })} error={toError} w={190} data-testid="schedule-to" />
    </Group>
  );
}
