import { Chip, Group, Input, MultiSelect, NumberInput, Select, Switch, TagsInput, Textarea, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { toText } from '@/lib/text';
import type { Field } from '../api/config-types';
import { useFieldHelp, useFieldLabel, useOptionLabel, type References } from '../hooks/use-display';
import { idListEntity } from '../utils/display';
import { inputFor, maxLengthOf, type FormValues } from '../utils/field-inputs';

export interface FieldInputProps {
  field: Field;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  refs: References;
  /** The whole form (an idList's entity depends on the group type). */
  values: FormValues;
  /** Inside the items editor: no visible label, named "Material, row 2". */
  row?: number;
}

let zones: string[] | null = null;
/** Every IANA zone the browser knows (UTC first). */
function timeZones(): string[] {
  if (!zones) {
    const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    zones = ['UTC', ...known.filter((z) => z !== 'UTC')];
  }
  return zones;
}

/** The decimal separator of the user's locale. */
function decimalSeparator(locale: string): string {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
}

/** One input for one field, chosen by its kind (see `inputFor`). */
export function FieldInput({ field, value, onChange, error, refs, values, row }: FieldInputProps) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const fieldLabel = useFieldLabel();
  const fieldHelp = useFieldHelp();
  const option = useOptionLabel();
  const groupId = useId();
  const helpId = useId();
  const name = fieldLabel(field.name);
  const inCell = row !== undefined;
  const help = inCell ? undefined : fieldHelp(field.name);
  const common = {
    label: inCell ? undefined : name,
    description: help,
    'aria-label': inCell ? t('web.config.cellLabel', { field: name, row }) : undefined,
    required: field.required,
    error,
    name: inCell ? `${field.name}-${row}` : field.name,
    'data-field': field.name,
  };
  const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : toText(value);
  const list = Array.isArray(value) ? value.map(String) : [];
  const k = field.kind;
  const refData = (entity: string) => {
    const data = refs.options(entity);
    const missing = (k.type === 'ref' ? (text ? [text] : []) : list).filter((v) => !data.some((o) => o.value === v));
    return refs.pending ? data : [...data, ...missing.map((v) => ({ value: v, label: v }))];
  };

  switch (inputFor(k)) {
    case 'text':
      return <TextInput {...common} value={text} maxLength={maxLengthOf(k)} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'textarea':
      return <Textarea {...common} value={text} maxLength={maxLengthOf(k)} autosize minRows={2} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'number': {
      const range = k.type === 'int' || k.type === 'decimal' ? k : undefined;
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : text}
          onChange={onChange}
          min={range?.min}
          max={range?.max}
          allowDecimal={k.type !== 'int'}
          clampBehavior="none"
          decimalSeparator={decimalSeparator(intl.locale)}
          rightSection={field.unit ?? undefined}
          rightSectionWidth={field.unit ? Math.max(36, field.unit.length * 9 + 16) : undefined}
          rightSectionPointerEvents="none"
        />
      );
    }
    case 'switch': {
      const toggle = (
        <Switch
          label={inCell ? undefined : name}
          aria-label={common['aria-label']}
          aria-describedby={help ? helpId : undefined}
          name={common.name}
          data-field={field.name}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          error={error}
          mt={inCell ? 0 : 'xs'}
        />
      );
      // The help goes under the switch, not into its label (its name stays the field's).
      return help ? (
        <div>
          {toggle}
          <Input.Description id={helpId} mt={4}>
            {help}
          </Input.Description>
        </div>
      ) : (
        toggle
      );
    }
    case 'select':
      return (
        <Select
          {...common}
          data={(k.type === 'choice' ? k.options : []).map((o) => ({ value: o, label: option(o) }))}
          value={text || null}
          onChange={(v) => onChange(v ?? '')}
          clearable={!field.required}
          allowDeselect={!field.required}
        />
      );
    case 'time':
      return <TimeInput {...common} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'timeZone':
      return <Select {...common} data={timeZones()} value={text || null} onChange={(v) => onChange(v ?? '')} searchable nothingFoundMessage={t('web.config.nothingFound')} />;
    case 'ref':
      return (
        <Select
          {...common}
          data={k.type === 'ref' ? refData(k.entity) : []}
          value={text || null}
          onChange={(v) => onChange(v ?? '')}
          searchable
          clearable={!field.required}
          nothingFoundMessage={t('web.config.nothingFound')}
        />
      );
    case 'refList':
    case 'idList': {
      const entity = k.type === 'refList' ? k.entity : k.type === 'idList' ? idListEntity(k, values) : undefined;
      return (
        <MultiSelect
          {...common}
          data={entity ? refData(entity) : []}
          value={list}
          onChange={onChange}
          searchable
          disabled={!entity}
          description={entity || inCell ? help : t('web.config.chooseGroupType')}
          nothingFoundMessage={t('web.config.nothingFound')}
        />
      );
    }
    case 'chips':
      return (
        <Input.Wrapper label={common.label} description={help} required={field.required} error={error} labelElement="div" labelProps={{ id: groupId }}>
          <Chip.Group multiple value={list} onChange={onChange}>
            <Group gap="xs" mt={4} role="group" aria-labelledby={inCell ? undefined : groupId} aria-label={common['aria-label']} data-field={field.name}>
              {(k.type === 'textList' ? k.options : []).map((o) => (
                <Chip key={o} value={o} size="sm">
                  {option(o)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>
      );
    case 'tags':
      return <TagsInput {...common} value={list} onChange={onChange} clearable />;
    case 'items':
      return null; // the form renders items with the items editor
  }
}
