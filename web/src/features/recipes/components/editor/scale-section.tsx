import { Button, Group, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useRecipeText } from '../../hooks/use-recipe-text';
import { emptyWeighing, moved, type Amount, type ScaleGroup } from '../../utils/draft';
import type { PlantIndex } from '../../utils/plant-index';
import { WeighingRowEditor } from './weighing-row';

export interface ScaleSectionProps {
  group: ScaleGroup;
  plant: PlantIndex;
  batchKg: Amount;
  /** This scale's sum of setpoints, kg. */
  subtotalKg: number;
  onChange: (group: ScaleGroup, key?: string) => void;
  onRemove: () => void;
  errorOf: (key: string) => string | undefined;
}

/** The items weighed on one scale, in dosing order, with the scale's subtotal. */
export function ScaleSection({ group, plant, batchKg, subtotalKg, onChange, onRemove, errorOf }: ScaleSectionProps) {
  const { t, kg } = useRecipeText();
  const scale = plant.scale(group.scaleId);
  const code = scale?.code ?? group.scaleId;
  const headingId = `scale-${group.scaleId}`;
  const setItems = (items: ScaleGroup['items'], key?: string) => onChange({ ...group, items }, key);

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={headingId} data-scale={code}>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <div>
          <Title order={3} size="h5" id={headingId}>
            {t('web.recipes.weighing.scaleTitle', { scale: scale ? `${scale.code} · ${scale.name}` : code })}
          </Title>
          {scale ? (
            <Text size="xs" c="dimmed">
              {t('web.recipes.weighing.scaleRange', { min: kg(scale.minWeighKg ?? 0), max: kg(scale.capacityKg) })}
            </Text>
          ) : null}
        </div>
        <Button size="compact-sm" variant="subtle" color="#c92a2a" onClick={onRemove} aria-label={t('web.recipes.weighing.removeScaleOf', { scale: code })}>
          {t('web.recipes.weighing.removeScale')}
        </Button>
      </Group>
      {group.items.length > 0 ? (
        <Table.ScrollContainer minWidth={980}>
          <Table verticalSpacing={4} aria-labelledby={headingId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={32}>{t('web.recipes.weighing.position')}</Table.Th>
                <Table.Th>{t('web.recipes.field.material')}</Table.Th>
                <Table.Th>{t('web.recipes.field.bin')}</Table.Th>
                <Table.Th>{t('web.recipes.field.setpoint')}</Table.Th>
                <Table.Th>{t('web.recipes.weighing.toleranceHead')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('web.recipes.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.items.map((row, i) => (
                <WeighingRowEditor
                  key={row.key}
                  row={row}
                  n={i + 1}
                  scaleId={group.scaleId}
                  scaleCode={code}
                  plant={plant}
                  batchKg={batchKg}
                  first={i === 0}
                  last={i === group.items.length - 1}
                  onChange={(next, key) => setItems(group.items.map((r) => (r.key === row.key ? next : r)), key)}
                  onMove={(by) => setItems(moved(group.items, i, by))}
                  onRemove={() => setItems(group.items.filter((r) => r.key !== row.key))}
                  errorOf={errorOf}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          {t('web.recipes.weighing.noItems')}
        </Text>
      )}
      <Group justify="space-between" mt="xs" wrap="wrap">
        <Button size="compact-sm" variant="default" onClick={() => setItems([...group.items, emptyWeighing()])} aria-label={t('web.recipes.weighing.addItemOf', { scale: code })}>
          {t('web.recipes.weighing.addItem')}
        </Button>
        <Text size="sm" fw={600} data-testid="scale-subtotal">
          {t('web.recipes.weighing.subtotal', { scale: code, kg: kg(subtotalKg) })}
        </Text>
      </Group>
    </Paper>
  );
}
