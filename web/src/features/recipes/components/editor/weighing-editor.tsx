import { Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useRecipeText } from '../../hooks/use-recipe-text';
import { totals as sumUp } from '../../utils/amounts';
import { emptyWeighing, type Draft, type ScaleGroup } from '../../utils/draft';
import { recordLabel, type PlantIndex } from '../../utils/plant-index';
import { ScaleSection } from './scale-section';
import { WeighingTotals } from './weighing-totals';

export interface WeighingEditorProps {
  draft: Pick<Draft, 'scales' | 'batchSizeKg'>;
  plant: PlantIndex;
  onChange: (scales: ScaleGroup[], key?: string) => void;
  errorOf: (key: string) => string | undefined;
}

/** Weighing items grouped by scale: a section per scale, a picker to add one, the totals. */
export function WeighingEditor({ draft, plant, onChange, errorOf }: WeighingEditorProps) {
  const { t } = useRecipeText();
  const [adding, setAdding] = useState<string | null>(null);
  const sums = sumUp(draft);
  const free = plant.lists.scales.filter((s) => !draft.scales.some((g) => g.scaleId === s._id)).sort((a, b) => a.code.localeCompare(b.code));
  const listError = errorOf('weighingItems');

  const addScale = () => {
    if (!adding) return;
    onChange([...draft.scales, { scaleId: adding, items: [emptyWeighing()] }]);
    setAdding(null);
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="weighing-title" data-testid="weighing-editor">
      <Title order={2} size="h4" id="weighing-title">
        {t('web.recipes.weighing.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('web.recipes.weighing.unitsHint')}
      </Text>
      {listError ? (
        <Alert color="red" variant="light" data-field="weighingItems">
          {listError}
        </Alert>
      ) : null}
      {draft.scales.map((g) => (
        <ScaleSection
          key={g.scaleId}
          group={g}
          plant={plant}
          batchKg={draft.batchSizeKg}
          subtotalKg={sums.perScale.find((p) => p.scaleId === g.scaleId)?.kg ?? 0}
          onChange={(next, key) => onChange(draft.scales.map((s) => (s.scaleId === g.scaleId ? next : s)), key)}
          onRemove={() => onChange(draft.scales.filter((s) => s.scaleId !== g.scaleId))}
          errorOf={errorOf}
        />
      ))}
      {draft.scales.length === 0 ? <Text size="sm">{t('web.recipes.weighing.noScales')}</Text> : null}
      {free.length > 0 ? (
        <Group align="flex-end" gap="xs">
          <Select
            label={t('web.recipes.weighing.addScaleLabel')}
            data={free.map((s) => ({ value: s._id, label: recordLabel(s) }))}
            value={adding}
            onChange={setAdding}
            placeholder={t('web.recipes.weighing.chooseScale')}
            maw={280}
            data-testid="add-scale-select"
          />
          <Button variant="default" onClick={addScale} disabled={!adding} data-testid="add-scale">
            {t('web.recipes.weighing.addScale')}
          </Button>
        </Group>
      ) : null}
      <WeighingTotals totals={sums} />
    </Stack>
  );
}
