import { Table, Text } from '@mantine/core';
import type { RecipeRecord } from '../../api/recipes-api';
import { useRecipeText } from '../../hooks/use-recipe-text';
import { nameOf, parameterText } from '../../utils/display';
import type { PlantIndex } from '../../utils/plant-index';

interface Props {
  record: RecipeRecord;
  plant: PlantIndex | null;
}

/** The mixing sequence read-only: action, mode, duration and parameter values per step. */
export function MixingTable({ record, plant }: Props) {
  const text = useRecipeText();
  const { t, num } = text;
  const steps = [...(record.mixingItems ?? [])].sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0));
  if (steps.length === 0) return <Text size="sm">{t('web.recipes.mixing.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table withTableBorder data-testid="view-mixing">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('web.recipes.weighing.position')}</Table.Th>
            <Table.Th>{t('web.recipes.field.action')}</Table.Th>
            <Table.Th>{t('web.recipes.field.stepMode')}</Table.Th>
            <Table.Th>{t('web.recipes.field.duration')}</Table.Th>
            <Table.Th>{t('web.recipes.field.parameters')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {steps.map((m, i) => (
            <Table.Tr key={m._id ?? i}>
              <Table.Td>{i + 1}</Table.Td>
              <Table.Td>{nameOf(plant, m.mixingActionId)}</Table.Td>
              <Table.Td>{m.mixingModeId ? nameOf(plant, m.mixingModeId) : '—'}</Table.Td>
              <Table.Td>{typeof m.durationS === 'number' ? t('web.recipes.seconds', { value: num(m.durationS) }) : '—'}</Table.Td>
              <Table.Td>
                {(m.parameters ?? []).length === 0
                  ? '—'
                  : (m.parameters ?? []).map((p) => `${nameOf(plant, p.parameterId)} = ${parameterText(plant?.parameter(p.parameterId), p.value, text)}`).join('; ')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The miscellaneous values read-only. */
export function MiscTable({ record, plant }: Props) {
  const text = useRecipeText();
  const items = record.miscellaneousItems ?? [];
  if (items.length === 0) return <Text size="sm">{text.t('web.recipes.misc.none')}</Text>;
  return (
    <Table withTableBorder maw={720} data-testid="view-misc">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{text.t('web.recipes.field.parameter')}</Table.Th>
          <Table.Th>{text.t('web.recipes.field.value')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((m, i) => (
          <Table.Tr key={m._id ?? i}>
            <Table.Td>{nameOf(plant, m.miscellaneousParameterId)}</Table.Td>
            <Table.Td>{parameterText(plant?.parameter(m.miscellaneousParameterId), m.value, text)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
