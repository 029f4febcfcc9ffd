import { Select } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { LineRef } from '@/lib/lines';

/** A line select of the import and copy screens: no line is assumed, the admin names it. */
export function LinePicker({
  lines,
  value,
  onChange,
  label,
  testId,
  error,
  disabled,
}: {
  lines: LineRef[];
  value: string | null;
  onChange: (lineId: string) => void;
  label: string;
  testId: string;
  error?: string;
  disabled?: boolean;
}) {
  const intl = useIntl();
  const data = lines.map((l) => ({ value: l._id, label: l.name || l._id }));
  if (value && !data.some((o) => o.value === value)) data.push({ value, label: value });
  return (
    <Select
      label={label}
      placeholder={intl.formatMessage({ id: 'web.import.chooseLine' })}
      data={data}
      value={value}
      onChange={(v) => v && onChange(v)}
      allowDeselect={false}
      searchable={data.length > 8}
      nothingFoundMessage={intl.formatMessage({ id: 'web.config.nothingFound' })}
      error={error}
      disabled={disabled}
      withAsterisk
      maw={360}
      data-testid={testId}
    />
  );
}
