import { Select } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { Field } from '../api/config-types';
import { useFieldLabel, useOptionLabel, type References } from '../hooks/use-display';

/** Filter fields the list offers a select for (the list call takes them as `&{name}=value`). */
export function filterable(fields: Field[]): Field[] {
  return fields.filter((f) => f.filter && ['choice', 'bool', 'ref'].includes(f.kind.type));
}

export interface ListFiltersProps {
  fields: Field[];
  values: Record<string, string>;
  onChange: (name: string, value: string | null) => void;
  refs: References;
}

/** One clearable select per filter field: options, yes/no, or the line's records. */
export function ListFilters({ fields, values, onChange, refs }: ListFiltersProps) {
  const intl = useIntl();
  const label = useFieldLabel();
  const option = useOptionLabel();
  const data = (f: Field) => {
    const k = f.kind;
    if (k.type === 'choice') return k.options.map((o) => ({ value: o, label: option(o) }));
    if (k.type === 'ref') return refs.options(k.entity);
    return [
      { value: 'true', label: intl.formatMessage({ id: 'web.config.yes' }) },
      { value: 'false', label: intl.formatMessage({ id: 'web.config.no' }) },
    ];
  };
  return (
    <>
      {fields.map((f) => (
        <Select
          key={f.name}
          label={label(f.name)}
          placeholder={intl.formatMessage({ id: 'web.config.all' })}
          data={data(f)}
          value={values[f.name] ?? null}
          onChange={(v) => onChange(f.name, v)}
          clearable
          searchable={f.kind.type === 'ref'}
          maw={240}
          data-testid={`filter-${f.name}`}
        />
      ))}
    </>
  );
}
