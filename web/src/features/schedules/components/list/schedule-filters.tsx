import { Group, MultiSelect, TextInput } from '@mantine/core';
import { LineSelect } from '@/components/line-select';
import type { LineRef } from '@/lib/lines';
import { ALL_LINES, SCHEDULE_STATUSES, type StatusRecord } from '../../api/schedule-types';
import { useScheduleText } from '../../hooks/use-schedule-text';
import { fromLocalInput, toLocalInput } from '../../utils/dates';
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

/** Line (or all lines), statuses and the planned-start range of the list. */
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
      <TextInput
        type="datetime-local"
        label={t('web.schedules.from')}
        value={toLocalInput(range.from)}
        onChange={(e) => onChange({ from: fromLocalInput(e.currentTarget.value) })}
        data-testid="schedule-from"
      />
      <TextInput
        type="datetime-local"
        label={t('web.schedules.to')}
        value={toLocalInput(range.to)}
        onChange={(e) => onChange({ to: fromLocalInput(e.currentTarget.value) })}
        error={toError}
        data-testid="schedule-to"
      />
    </Group>
  );
}
