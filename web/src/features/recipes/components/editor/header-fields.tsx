import { LIMITS } from '@/lib/limits';
import { NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { LineSelect } from '@/components/line-select';
import type { LineRef } from '@/lib/lines';
import { useRecipeText } from '../../hooks/use-recipe-text';
import { MEDICATION_CLASSES, type Draft, type HeaderField } from '../../utils/draft';
import { recordLabel, type PlantIndex } from '../../utils/plant-index';

export interface HeaderFieldsProps {
  draft: Draft;
  /** A new recipe: line and code can still be chosen. */
  isNew: boolean;
  lines: LineRef[];
  plant: PlantIndex | null;
  onChange: <K extends HeaderField>(field: K, value: Draft[K]) => void;
  errorOf: (key: string) => string | undefined;
}

/** The recipe's own values: line and code (fixed once created), name, product, description, batch size, class, mode. */
export function HeaderFields({ draft, isNew, lines, plant, onChange, errorOf }: HeaderFieldsProps) {
  const { t, medicationClass } = useRecipeText();
  const lineName = lines.find((l) => l._id === draft.lineId)?.name ?? draft.lineId ?? '';
  const modes = (plant?.lists.modes ?? []).map((m) => ({ value: m._id, label: recordLabel(m) }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" maw={960} data-testid="recipe-header">
      {isNew ? (
        <LineSelect lines={lines} value={draft.lineId} onChange={(v) => onChange('lineId', v)} required error={errorOf('lineId')} maw={undefined} />
      ) : (
        <TextInput label={t('web.recipes.field.line')} value={lineName} readOnly description={t('web.recipes.fixedAfterCreate')} data-testid="recipe-line" />
      )}
      <TextInput
        label={t('web.recipes.field.code')}
        value={draft.code}
        onChange={(e) => onChange('code', e.currentTarget.value)}
        readOnly={!isNew}
        required={isNew}
        description={isNew ? undefined : t('web.recipes.fixedAfterCreate')}
        maxLength={LIMITS.code}
        error={errorOf('code')}
        data-field="code"
      />
      <TextInput label={t('web.recipes.field.name')} value={draft.name} onChange={(e) => onChange('name', e.currentTarget.value)} required maxLength={LIMITS.name} error={errorOf('name')} data-field="name" />
      <TextInput label={t('web.recipes.field.product')} value={draft.product} onChange={(e) => onChange('product', e.currentTarget.value)} maxLength={LIMITS.name} error={errorOf('product')} data-field="product" />
      <NumberInput
        label={t('web.recipes.field.batchSizeKg')}
        value={draft.batchSizeKg}
        onChange={(v) => onChange('batchSizeKg', v)}
        min={0}
        allowNegative={false}
        hideControls
        required
        rightSection={t('web.recipes.unit.kg')}
        rightSectionPointerEvents="none"
        error={errorOf('batchSizeKg')}
        data-field="batchSizeKg"
      />
      <Select
        label={t('web.recipes.field.medicationClass')}
        data={MEDICATION_CLASSES.map((c) => ({ value: c, label: medicationClass(c) }))}
        value={draft.medicationClass}
        onChange={(v) => onChange('medicationClass', v ?? 'NONE')}
        allowDeselect={false}
        error={errorOf('medicationClass')}
        data-field="medicationClass"
      />
      <Select
        label={t('web.recipes.field.mixingMode')}
        data={modes}
        value={draft.mixingModeId}
        onChange={(v) => onChange('mixingModeId', v)}
        clearable
        placeholder={t('web.recipes.mixing.noMode')}
        error={errorOf('mixingModeId')}
        data-field="mixingModeId"
      />
      <Textarea
        label={t('web.recipes.field.description')}
        value={draft.description}
        onChange={(e) => onChange('description', e.currentTarget.value)}
        rows={3}
        maxLength={LIMITS.description}
        error={errorOf('description')}
        data-field="description"
      />
    </SimpleGrid>
  );
}
