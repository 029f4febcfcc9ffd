import { Select, type SelectProps } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { LineRef } from '@/lib/lines';

export interface LineSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  lines: LineRef[];
  value: string | null;
  onChange: (lineId: string) => void;
}

/**
 * Picks a line among the cached ones (a value naming none of them is kept, shown by its id).
 * Labelled "Line" with the test id `line-select` unless the props say otherwise.
 */
export function LineSelect({ lines, value, onChange, ...props }: LineSelectProps) {
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
      nothingFoundMessage={intl.formatMessage({ id: 'web.config.nothingFound' })}
      maw={320}
      data-testid="line-select"
      {...props}
    />
  );
}
