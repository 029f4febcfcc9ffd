import { Select } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { LineRef } from '@/lib/lines';

/** Picks the line whose records a screen shows (from the cached lines). */
export function LineSelect({ lines, value, onChange }: { lines: LineRef[]; value: string | null; onChange: (lineId: string) => void }) {
  const intl = useIntl();
  const data = lines.map((l) => ({ value: l._id, label: l.name || l._id }));
  if (value && !data.some((o) => o.value === value)) data.push({ value, label: value });
  return (
    <Select
      label={intl.formatMessage({ id: 'web.config.line' })}
      data={data}
      value={value}
      onChange={(v) => v && onChange(v)}
      allowDeselect={false}
      searchable={data.length > 8}
      maw={320}
      data-testid="line-select"
    />
  );
}
