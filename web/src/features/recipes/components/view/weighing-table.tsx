import { Table, Text } from '@mantine/core';
import { Fragment } from 'react';
import type { RecipeRecord } from '../../api/recipes-api';
import { useRecipeText } from '../../hooks/use-recipe-text';
import { setpointKg, toleranceKg, totals } from '../../utils/amounts';
import { draftOf } from '../../utils/draft';
import { nameOf } from '../../utils/display';
import type { PlantIndex } from '../../utils/plant-index';

/** The weighing items read-only, grouped by scale, with each scale's subtotal and the total against the batch size. */
export function WeighingTable({ record, plant }: { record: RecipeRecord; plant: PlantIndex | null }) {
  const { t, kg, num } = useRecipeText();
  const draft = draftOf(record);
  const sums = totals(draft);
  if (draft.scales.length === 0) return <Text size="sm">{t('web.recipes.weighing.none')}</Text>;
  const amount = (v: number | string, unit: 'KG' | 'PERCENT') => (unit === 'KG' ? kg(Number(v)) : t('web.recipes.percent', { value: num(Number(v), 4) }));
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table withTableBorder data-testid="view-weighing">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('web.recipes.weighing.position')}</Table.Th>
            <Table.Th>{t('web.recipes.field.material')}</Table.Th>
            <Table.Th>{t('web.recipes.field.bin')}</Table.Th>
            <Table.Th>{t('web.recipes.field.setpoint')}</Table.Th>
            <Table.Th>{t('web.recipes.weighing.setpointKg')}</Table.Th>
            <Table.Th>{t('web.recipes.field.tolerance')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {draft.scales.map((g) => (
            <Fragment key={g.scaleId}>
              <Table.Tr>
                <Table.Th colSpan={6} scope="colgroup" bg="var(--mantine-color-default-hover)">
                  {t('web.recipes.weighing.scaleTitle', { scale: nameOf(plant, g.scaleId) })}
                </Table.Th>
              </Table.Tr>
              {g.items.map((w, i) => {
                const sp = setpointKg(w, draft.batchSizeKg);
                const tol = toleranceKg(w, draft.batchSizeKg);
                return (
                  <Table.Tr key={w.key} data-material={plant?.material(w.materialId)?.code}>
                    <Table.Td>{i + 1}</Table.Td>
                    <Table.Td>{nameOf(plant, w.materialId)}</Table.Td>
                    <Table.Td>{w.binId ? nameOf(plant, w.binId) : t('web.recipes.weighing.anyBin')}</Table.Td>
                    <Table.Td data-field="setpoint">{amount(w.setpoint, w.setpointUnit)}</Table.Td>
                    <Table.Td>{sp === null ? '—' : kg(sp)}</Table.Td>
                    <Table.Td>
                      ± {amount(w.tolerance, w.toleranceUnit)}
                      {w.toleranceUnit === 'PERCENT' && tol !== null ? ` (${kg(tol)})` : ''}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              <Table.Tr>
                <Table.Td colSpan={4} ta="right" fw={600}>
                  {t('web.recipes.weighing.subtotalOf', { scale: plant?.scale(g.scaleId)?.code ?? g.scaleId })}
                </Table.Td>
                <Table.Td fw={600} colSpan={2}>
                  {kg(sums.perScale.find((p) => p.scaleId === g.scaleId)?.kg ?? 0)}
                </Table.Td>
              </Table.Tr>
            </Fragment>
          ))}
          <Table.Tr>
            <Table.Td colSpan={4} ta="right" fw={700}>
              {t('web.recipes.weighing.total')}
            </Table.Td>
            <Table.Td fw={700} colSpan={2} data-testid="view-total">
              {t('web.recipes.totals.ofBatch', { total: kg(sums.totalKg), batch: kg(record.batchSizeKg), percent: t('web.recipes.percent', { value: num(sums.percent ?? 0, 2) }) })}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
