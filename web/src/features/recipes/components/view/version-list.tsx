import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { useQueryErrorNotice } from '@/lib/use-error-notice';
import { useRecipeVersions } from '../../api/recipes-api';
import { useRecipeText } from '../../hooks/use-recipe-text';
import { recipePaths } from '../../utils/paths';
import { LevelBadges, StatusBadge } from '../status-badge';

/** Every version of the recipe, newest first, each a link; the one shown is marked. */
export function VersionList({ groupId, current }: { groupId: string; current: string }) {
  const { t, date } = useRecipeText();
  const versions = useRecipeVersions(groupId);
  useQueryErrorNotice(versions);
  if (versions.isPending) return <Spinner />;
  return (
    <Table withTableBorder maw={960} data-testid="version-list">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('web.recipes.field.version')}</Table.Th>
          <Table.Th>{t('web.recipes.status')}</Table.Th>
          <Table.Th>{t('web.recipes.levelsHeld')}</Table.Th>
          <Table.Th>{t('web.recipes.updated')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {(versions.data ?? []).map((v) => (
          <Table.Tr key={v._id} data-version={v.version}>
            <Table.Td>
              <Anchor component={Link} to={recipePaths.version(groupId, v._id)} aria-current={v._id === current ? 'page' : undefined} fw={v._id === current ? 700 : undefined}>
                {t('web.recipes.versionN', { version: v.version })}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <StatusBadge status={v.status} />
            </Table.Td>
            <Table.Td>
              <LevelBadges levels={v.levels.map((l) => ({ level: l.level, name: l.name, version: v.version, recipeId: v._id }))} />
            </Table.Td>
            <Table.Td>{t('web.recipes.changedBy', { at: date(v.updatedAt, v.lineId), by: v.updatedBy ?? v.createdBy ?? '—' })}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
