import { Select } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { EntityDescriptor } from '@/features/config/api/config-types';

/** Picks the entity type among those offered (translated screen names, alphabetical). */
export function TypeSelect({
  types,
  value,
  onChange,
  label,
  testId,
}: {
  types: EntityDescriptor[];
  value: string | null;
  onChange: (key: string) => void;
  label: string;
  testId: string;
}) {
  const intl = useIntl();
  const data = types
    .map((d) => ({ value: d.key, label: intl.formatMessage({ id: `web.screen.${d.screen}` }) }))
    .sort((a, b) => a.label.localeCompare(b.label, intl.locale));
  return (
    <Select
      label={label}
      placeholder={intl.formatMessage({ id: 'web.import.chooseType' })}
      data={data}
      value={value}
      onChange={(v) => v && v !== value && onChange(v)}
      allowDeselect={false}
      searchable={data.length > 8}
      nothingFoundMessage={intl.formatMessage({ id: 'web.config.nothingFound' })}
      maw={360}
      data-testid={testId}
    />
  );
}
