import { Button, Group, Table } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { RecipeRecord } from '../../api/recipes-api';
import type { RecipeAccess } from '../../hooks/use-recipe-access';
import { useRecipeText } from '../../hooks/use-recipe-text';
import type { RecipeRow } from '../../utils/list-filter';
import { recipePaths } from '../../utils/paths';
import { PdfProgress } from '../pdf-progress';
import { LevelBadges, StatusBadge } from '../status-badge';

export interface RecipeTableProps {
  rows: RecipeRow[];
  lineName: (lineId: string) => string;
  access: RecipeAccess;
  /** The version whose PDF is downloading, with its progress. */
  pdf: { id: string; progress: number | null } | null;
  /** The version a new version is being made of. */
  versioning?: string;
  onNewVersion: (r: RecipeRecord) => void;
  onPdf: (r: RecipeRecord) => void;
  onDelete: (r: RecipeRecord) => void;
}

/** The recipes: code, name, line, version, status, levels held, batch size, last change, actions. */
export function RecipeTable({ rows, lineName, access, pdf, versioning, onNewVersion, onPdf, onDelete }: RecipeTableProps) {
  const { t, kg, date } = useRecipeText();
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped highlightOnHover withTableBorder data-testid="recipe-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('web.recipes.field.code')}</Table.Th>
            <Table.Th>{t('web.recipes.field.name')}</Table.Th>
            <Table.Th>{t('web.recipes.field.line')}</Table.Th>
            <Table.Th>{t('web.recipes.field.version')}</Table.Th>
            <Table.Th>{t('web.recipes.status')}</Table.Th>
            <Table.Th>{t('web.recipes.levelsHeld')}</Table.Th>
            <Table.Th>{t('web.recipes.field.batchSize')}</Table.Th>
            <Table.Th>{t('web.recipes.updated')}</Table.Th>
            <Table.Th>{t('web.recipes.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ record: r, levels }) => (
            <Table.Tr key={r._id} data-code={r.code}>
              <Table.Td fw={600}>{r.code}</Table.Td>
              <Table.Td>
                {r.name}
                {r.product ? <div style={{ fontSize: 'var(--mantine-font-size-xs)' }}>{r.product}</div> : null}
              </Table.Td>
              <Table.Td>{lineName(r.lineId)}</Table.Td>
              <Table.Td aria-label={t('web.recipes.versionOf', { version: r.version, latest: r.latestVersion })}>{r.version}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <StatusBadge status={r.status} />
              </Table.Td>
              <Table.Td miw={120}>
                <LevelBadges levels={levels} version={r.version} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{kg(r.batchSizeKg)}</Table.Td>
              <Table.Td>{t('web.recipes.changedBy', { at: date(r.updatedAt, r.lineId), by: r.updatedBy ?? r.createdBy ?? '' })}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="wrap" miw={190} maw={260}>
                  <Button size="compact-sm" variant="default" component={Link} to={recipePaths.view(r._id)} aria-label={t('web.recipes.viewOf', { code: r.code })}>
                    {t('web.recipes.view')}
                  </Button>
                  {access.update && !r.locked ? (
                    <Button size="compact-sm" variant="default" component={Link} to={recipePaths.edit(r._id)} aria-label={t('web.recipes.editOf', { code: r.code })}>
                      {t('web.recipes.edit')}
                    </Button>
                  ) : null}
                  {access.update && r.locked ? (
                    <Button size="compact-sm" variant="default" loading={versioning === r._id} onClick={() => onNewVersion(r)} aria-label={t('web.recipes.newVersionOf', { code: r.code })}>
                      {t('web.recipes.newVersion')}
                    </Button>
                  ) : null}
                  {access.create ? (
                    <Button size="compact-sm" variant="default" component={Link} to={recipePaths.saveAs(r._id)} aria-label={t('web.recipes.saveAsOf', { code: r.code })}>
                      {t('web.recipes.saveAs')}
                    </Button>
                  ) : null}
                  {pdf?.id === r._id ? (
                    <PdfProgress progress={pdf.progress} />
                  ) : (
                    <Button size="compact-sm" variant="default" disabled={pdf !== null} onClick={() => onPdf(r)} aria-label={t('web.recipes.pdfOf', { code: r.code })}>
                      {t('web.recipes.pdf')}
                    </Button>
                  )}
                  {/* A released recipe is withdrawn (its release reverted) before it can go. */}
                  {access.delete && levels.length === 0 ? (
                    <Button size="compact-sm" color="#c92a2a" variant="outline" onClick={() => onDelete(r)} aria-label={t('web.recipes.deleteOf', { code: r.code })}>
                      {t('web.recipes.delete.action')}
                    </Button>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
