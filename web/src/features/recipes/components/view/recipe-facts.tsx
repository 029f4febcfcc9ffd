import { List, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { RecipeRecord } from '../../api/recipes-api';
import { useRecipeText } from '../../hooks/use-recipe-text';
import { nameOf } from '../../utils/display';
import type { PlantIndex } from '../../utils/plant-index';
import { StatusBadge } from '../status-badge';

function Row({ label, children, field }: { label: string; children: ReactNode; field?: string }) {
  return (
    <Table.Tr data-field={field}>
      <Table.Th scope="row" w="32%">
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

/** A version's own values and where it stands: status, the levels it holds with who released them and when. */
export function RecipeFacts({ record: r, plant, lineName }: { record: RecipeRecord; plant: PlantIndex | null; lineName: string }) {
  const { t, kg, date, medicationClass } = useRecipeText(r.lineId);
  return (
    <Table withTableBorder variant="vertical" maw={960} data-testid="recipe-facts">
      <Table.Tbody>
        <Row label={t('web.recipes.field.line')}>{lineName}</Row>
        <Row label={t('web.recipes.field.code')}>{r.code}</Row>
        <Row label={t('web.recipes.field.name')}>{r.name}</Row>
        <Row label={t('web.recipes.field.version')}>{t('web.recipes.versionOf', { version: r.version, latest: r.latestVersion })}</Row>
        <Row label={t('web.recipes.status')} field="status">
          <StatusBadge status={r.status} />
          {r.locked ? (
            <Text span size="sm" ml="sm">
              {t('web.recipes.lockedSince', { at: date(r.lockedAt) })}
            </Text>
          ) : null}
        </Row>
        <Row label={t('web.recipes.levelsHeld')} field="levels">
          {r.levels.length === 0 ? (
            t('web.recipes.noLevels')
          ) : (
            <List size="sm" data-testid="held-levels">
              {r.levels.map((l) => (
                <List.Item key={l.level}>
                  {t('web.recipes.heldBy', { level: l.name, by: l.releasedBy ?? '—', at: date(l.releasedAt) })}
                  {l.replacedVersion ? ` ${t('web.recipes.replacedVersion', { version: l.replacedVersion })}` : ''}
                </List.Item>
              ))}
            </List>
          )}
        </Row>
        <Row label={t('web.recipes.field.product')}>{r.product ?? '—'}</Row>
        <Row label={t('web.recipes.field.description')}>{r.description ?? '—'}</Row>
        <Row label={t('web.recipes.field.batchSize')}>{kg(r.batchSizeKg)}</Row>
        <Row label={t('web.recipes.field.medicationClass')}>{medicationClass(r.medicationClass)}</Row>
        <Row label={t('web.recipes.field.mixingMode')}>{r.mixingModeId ? nameOf(plant, r.mixingModeId) : '—'}</Row>
        <Row label={t('web.recipes.created')}>{t('web.recipes.changedBy', { at: date(r.createdAt), by: r.createdBy ?? '—' })}</Row>
        <Row label={t('web.recipes.updated')}>{t('web.recipes.changedBy', { at: date(r.updatedAt), by: r.updatedBy ?? '—' })}</Row>
      </Table.Tbody>
    </Table>
  );
}
