import { Group, NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import { LineSelect } from '@/components/line-select';
import { PlantDateTimeInput } from '@/components/plant-date-time-input';
import type { RecipeRecord } from '@/features/recipes/api/recipes-api';
import type { LineRef } from '@/lib/lines';
import { useScheduleText } from '../../hooks/use-schedule-text';
import type { FormField, ScheduleFormValues } from '../../utils/form';

export interface ScheduleFieldsProps {
  values: ScheduleFormValues;
  errors: Partial<Record<FormField, string>>;
  lines: LineRef[];
  /** The line is chosen on new orders only; an order never changes line. */
  lineFixed: boolean;
  lineName: string;
  recipes: RecipeRecord[];
  /** The order's own recipe when the released list lacks it (label), so the select still names it. */
  extraRecipe?: { value: string; label: string };
  recipesLoading: boolean;
  onChange: <F extends FormField>(field: F, value: ScheduleFormValues[F]) => void;
  onRecipe: (recipe: RecipeRecord | undefined, id: string | null) => void;
}

/** The order's inputs: line, recipe, number, name, batch size, batches, planned start, sequence, notes. */
export function ScheduleFields({ values, errors, lines, lineFixed, lineName, recipes, extraRecipe, recipesLoading, onChange, onRecipe }: ScheduleFieldsProps) {
  const text = useScheduleText();
  const { t } = text;
  const chosen = recipes.find((r) => r._id === values.recipeId);
  const options = recipes.map((r) => ({
    value: r._id,
    label: t('web.schedules.recipeOption', { code: r.code, name: r.name, version: r.version, size: text.kg(r.batchSizeKg), class: text.medicationClass(r.medicationClass) }),
  }));
  if (extraRecipe && !options.some((o) => o.value === extraRecipe.value)) options.push(extraRecipe);
  return (
    <>
      {lineFixed ? (
        <TextInput label={t('web.schedules.field.line')} value={lineName} readOnly description={t('web.schedules.lineFixed')} />
      ) : (
        <LineSelect lines={lines} value={values.lineId} onChange={(v) => onChange('lineId', v)} error={errors.lineId} required />
      )}
      <Select
        label={t('web.schedules.field.recipe')}
        description={t('web.schedules.recipeHint')}
        placeholder={recipesLoading ? t('web.common.loading') : undefined}
        data={options}
        value={values.recipeId}
        onChange={(id) => onRecipe(recipes.find((r) => r._id === id), id)}
        searchable
        required
        nothingFoundMessage={t('web.schedules.noRecipes')}
        error={errors.recipeId}
        data-testid="schedule-recipe"
      />
      <Group grow align="flex-start" wrap="wrap">
        <TextInput label={t('web.schedules.field.orderNumber')} value={values.orderNumber} onChange={(e) => onChange('orderNumber', e.currentTarget.value)} required error={errors.orderNumber} data-field="orderNumber" />
        <TextInput
          label={t('web.schedules.field.name')}
          description={t('web.schedules.nameHint')}
          value={values.name}
          placeholder={chosen?.name}
          onChange={(e) => onChange('name', e.currentTarget.value)}
          error={errors.name}
          data-field="name"
        />
      </Group>
      <Group grow align="flex-start" wrap="wrap">
        <NumberInput
          label={t('web.schedules.field.batchSizeKg')}
          value={values.batchSizeKg}
          placeholder={chosen ? text.num(chosen.batchSizeKg) : undefined}
          onChange={(v) => onChange('batchSizeKg', v)}
          min={0}
          decimalScale={3}
          error={errors.batchSizeKg}
          data-field="batchSizeKg"
        />
        <NumberInput
          label={t('web.schedules.field.batches')}
          value={values.batches}
          onChange={(v) => onChange('batches', v)}
          min={1}
          allowDecimal={false}
          required
          error={errors.batches}
          data-field="batches"
        />
      </Group>
      <Group grow align="flex-start" wrap="wrap">
        <PlantDateTimeInput
          label={t('web.schedules.field.plannedStart')}
          value={values.plannedStart}
          zone={text.zone(values.lineId)}
          onChange={(iso) => onChange('plannedStart', iso ?? '')}
          required
          error={errors.plannedStart}
          data-field="plannedStart"
        />
        <NumberInput
          label={t('web.schedules.field.sequence')}
          description={t('web.schedules.sequenceHint')}
          value={values.sequence}
          onChange={(v) => onChange('sequence', v)}
          min={1}
          allowDecimal={false}
          error={errors.sequence}
          data-field="sequence"
        />
      </Group>
      <Textarea label={t('web.schedules.field.notes')} value={values.notes} onChange={(e) => onChange('notes', e.currentTarget.value)} rows={3} error={errors.notes} data-field="notes" />
    </>
  );
}
