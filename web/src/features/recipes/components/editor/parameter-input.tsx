import { NumberInput, Select, Switch, TextInput } from '@mantine/core';
import type { ParameterRecord } from '../../api/plant-api';
import { useRecipeText } from '../../hooks/use-recipe-text';
import type { ParamValue } from '../../utils/draft';
import { rangeHint } from '../../utils/parameters';

export interface ParameterInputProps {
  parameter: ParameterRecord | undefined;
  /** The visible label ("SPEED · Speed"). */
  label: string;
  /** The accessible name when it must say more than the label ("Speed, step 2"). */
  ariaLabel?: string;
  value: ParamValue;
  onChange: (value: ParamValue) => void;
  error?: string;
  field: string;
}

/** A parameter's value, by its data type: a number with its unit and range, a switch, a choice or text. */
export function ParameterInput({ parameter: p, label, ariaLabel, value, onChange, error, field }: ParameterInputProps) {
  const { t, num } = useRecipeText();
  const common = { label, 'aria-label': ariaLabel, error, 'data-field': field };
  switch (p?.dataType) {
    case 'INT':
    case 'DECIMAL':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          onChange={onChange}
          allowDecimal={p.dataType === 'DECIMAL'}
          description={rangeHint(p, (n) => num(n)) || undefined}
          rightSection={p.unit ?? undefined}
          rightSectionWidth={p.unit ? Math.max(36, p.unit.length * 9 + 16) : undefined}
          rightSectionPointerEvents="none"
          hideControls
        />
      );
    case 'BOOL':
      return <Switch {...common} mt="lg" checked={value === true || value === 'true'} onChange={(e) => onChange(e.currentTarget.checked)} />;
    case 'ENUM':
      return (
        <Select
          {...common}
          data={p.options ?? []}
          value={typeof value === 'string' && value !== '' ? value : null}
          onChange={(v) => onChange(v ?? '')}
          clearable
          placeholder={t('web.recipes.chooseValue')}
        />
      );
    default:
      return <TextInput {...common} value={value === null || value === undefined ? '' : String(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}
