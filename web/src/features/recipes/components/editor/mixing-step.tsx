import { Group, NumberInput, Paper, Select, SimpleGrid, Text, Title } from '@mantine/core';
import { useRecipeText } from '../../hooks/use-recipe-text';
import type { MixingRow } from '../../utils/draft';
import { inputKey } from '../../utils/field-errors';
import { shownParameters, syncParameters, withParameter } from '../../utils/parameters';
import { recordLabel, type PlantIndex } from '../../utils/plant-index';
import { MoveButtons } from './move-buttons';
import { ParameterInput } from './parameter-input';

export interface MixingStepProps {
  row: MixingRow;
  n: number;
  plant: PlantIndex;
  first: boolean;
  last: boolean;
  onChange: (row: MixingRow, key?: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  errorOf: (key: string) => string | undefined;
}

/** One step of the mixing sequence: action, optional mode, duration and the parameters they take. */
export function MixingStep({ row, n, plant, first, last, onChange, onMove, onRemove, errorOf }: MixingStepProps) {
  const { t } = useRecipeText();
  const what = t('web.recipes.mixing.step', { n });
  const cell = (name: string) => t('web.recipes.cellOf', { field: name, what });
  const headingId = `step-${row.key}`;
  const actions = plant.lists.actions.map((a) => ({ value: a._id, label: recordLabel(a) }));
  const modes = plant.lists.modes.map((m) => ({ value: m._id, label: recordLabel(m) }));
  const withStep = (patch: Partial<MixingRow>, key: string) => {
    const next = { ...row, ...patch };
    onChange({ ...next, parameters: syncParameters(next, plant) }, key);
  };

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={headingId} data-step={n}>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={3} size="h5" id={headingId}>
          {what}
        </Title>
        <MoveButtons what={what} first={first} last={last} onMove={onMove} onRemove={onRemove} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
        <Select
          label={t('web.recipes.field.action')}
          aria-label={cell(t('web.recipes.field.action'))}
          data={actions}
          value={row.mixingActionId}
          onChange={(v) => withStep({ mixingActionId: v }, inputKey.mixing(row.key, 'mixingActionId'))}
          searchable
          required
          error={errorOf(inputKey.mixing(row.key, 'mixingActionId'))}
          data-field="mixingActionId"
        />
        <Select
          label={t('web.recipes.field.stepMode')}
          aria-label={cell(t('web.recipes.field.stepMode'))}
          data={modes}
          value={row.mixingModeId}
          onChange={(v) => withStep({ mixingModeId: v }, inputKey.mixing(row.key, 'mixingModeId'))}
          clearable
          placeholder={t('web.recipes.mixing.noMode')}
          error={errorOf(inputKey.mixing(row.key, 'mixingModeId'))}
          data-field="mixingModeId"
        />
        <NumberInput
          label={t('web.recipes.field.duration')}
          aria-label={cell(t('web.recipes.field.duration'))}
          value={row.durationS}
          onChange={(v) => onChange({ ...row, durationS: v }, inputKey.mixing(row.key, 'durationS'))}
          min={0}
          allowNegative={false}
          hideControls
          required
          rightSection={t('web.recipes.unit.seconds')}
          rightSectionPointerEvents="none"
          error={errorOf(inputKey.mixing(row.key, 'durationS'))}
          data-field="durationS"
        />
      </SimpleGrid>
      {row.mixingActionId ? (
        <Parameters row={row} plant={plant} what={what} onChange={onChange} errorOf={errorOf} />
      ) : (
        <Text size="sm" c="dimmed" mt="xs">
          {t('web.recipes.mixing.chooseAction')}
        </Text>
      )}
    </Paper>
  );
}

function Parameters({ row, plant, what, onChange, errorOf }: Pick<MixingStepProps, 'row' | 'plant' | 'onChange' | 'errorOf'> & { what: string }) {
  const { t } = useRecipeText();
  const entries = shownParameters(row, plant);
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed" mt="xs">
        {t('web.recipes.mixing.noParameters')}
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs" mt="xs" role="group" aria-label={t('web.recipes.mixing.parametersOf', { what })}>
      {entries.map((e) => {
        const p = plant.parameter(e.parameterId);
        const label = p ? recordLabel(p) : (plant.label(e.parameterId) ?? e.parameterId);
        const key = inputKey.parameter(row.key, e.parameterId);
        return (
          <ParameterInput
            key={e.parameterId}
            parameter={p}
            label={label}
            ariaLabel={t('web.recipes.cellOf', { field: label, what })}
            value={e.value}
            onChange={(v) => onChange(withParameter(row, plant, e.parameterId, v), key)}
            error={errorOf(key)}
            field="parameter"
          />
        );
      })}
    </SimpleGrid>
  );
}
