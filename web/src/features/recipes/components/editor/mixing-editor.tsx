import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useRecipeText } from '../../hooks/use-recipe-text';
import { emptyMixing, moved, type MixingRow } from '../../utils/draft';
import type { PlantIndex } from '../../utils/plant-index';
import { MixingStep } from './mixing-step';

export interface MixingEditorProps {
  rows: MixingRow[];
  plant: PlantIndex;
  onChange: (rows: MixingRow[], key?: string) => void;
  errorOf: (key: string) => string | undefined;
}

/** The mixing sequence in order; steps move with buttons. */
export function MixingEditor({ rows, plant, onChange, errorOf }: MixingEditorProps) {
  const { t } = useRecipeText();
  const listError = errorOf('mixingItems');
  return (
    <Stack gap="sm" component="section" aria-labelledby="mixing-title" data-testid="mixing-editor">
      <Title order={2} size="h4" id="mixing-title">
        {t('web.recipes.mixing.title')}
      </Title>
      {listError ? (
        <Alert color="red" variant="light" data-field="mixingItems">
          {listError}
        </Alert>
      ) : null}
      {rows.length === 0 ? <Text size="sm">{t('web.recipes.mixing.none')}</Text> : null}
      {rows.map((row, i) => (
        <MixingStep
          key={row.key}
          row={row}
          n={i + 1}
          plant={plant}
          first={i === 0}
          last={i === rows.length - 1}
          onChange={(next, key) => onChange(rows.map((r) => (r.key === row.key ? next : r)), key)}
          onMove={(by) => onChange(moved(rows, i, by))}
          onRemove={() => onChange(rows.filter((r) => r.key !== row.key))}
          errorOf={errorOf}
        />
      ))}
      <div>
        <Button variant="default" onClick={() => onChange([...rows, emptyMixing()])} data-testid="add-step">
          {t('web.recipes.mixing.add')}
        </Button>
      </div>
    </Stack>
  );
}
