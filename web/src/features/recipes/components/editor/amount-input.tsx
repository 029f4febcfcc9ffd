import { Group, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import type { Amount, Unit } from '../../utils/draft';
import { useRecipeText } from '../../hooks/use-recipe-text';

export interface AmountInputProps {
  /** The input's accessible name ("Setpoint, item 2 on S-MAJOR"). */
  label: string;
  value: Amount;
  unit: Unit;
  onValue: (value: Amount) => void;
  /** Switches the unit; the caller converts the value so the quantity stays. */
  onUnit: (unit: Unit) => void;
  /** The same amount in the other unit ("= 600 kg"), read with the input. */
  equivalent?: string;
  error?: string;
  field: string;
  readOnly?: boolean;
}

/** A setpoint or tolerance: a number, a kg/% switch and what it comes to in the other unit. */
export function AmountInput({ label, value, unit, onValue, onUnit, equivalent, error, field, readOnly }: AmountInputProps) {
  const { t } = useRecipeText();
  const hintId = useId();
  const errorId = useId();
  const describedBy = [error ? errorId : null, equivalent ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Stack gap={2}>
      <Group gap={4} wrap="nowrap" align="flex-start">
        <NumberInput
          aria-label={label}
          aria-describedby={describedBy}
          value={value}
          onChange={onValue}
          min={0}
          allowNegative={false}
          decimalScale={unit === 'KG' ? 3 : 4}
          hideControls
          w={100}
          error={Boolean(error)}
          readOnly={readOnly}
          data-field={field}
        />
        <SegmentedControl
          aria-label={t('web.recipes.unitOf', { field: label })}
          size="xs"
          mt={4}
          value={unit}
          onChange={(u) => onUnit(u)}
          readOnly={readOnly}
          data={[
            { value: 'KG', label: t('web.recipes.unit.kg') },
            { value: 'PERCENT', label: t('web.recipes.unit.percent') },
          ]}
          data-field={`${field}Unit`}
        />
      </Group>
      {error ? (
        <Text id={errorId} size="xs" c="var(--mantine-color-error)" maw={240}>
          {error}
        </Text>
      ) : null}
      {equivalent ? (
        <Text id={hintId} size="xs" c="dimmed">
          {equivalent}
        </Text>
      ) : null}
    </Stack>
  );
}
