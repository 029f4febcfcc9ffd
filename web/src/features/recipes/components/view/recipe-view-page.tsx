import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { SignatureList } from '@/components/signature-list';
import { useReleaseLevels, type RecipeRecord } from '../../api/recipes-api';
import { useRecipeText } from '../../hooks/use-recipe-text';
import { recipePaths } from '../../utils/paths';
import { StatusBadge } from '../status-badge';
import { HistoryList } from './history-list';
import { RecipeDetails, usePlantIndex } from './recipe-details';
import { VersionList } from './version-list';
import { ViewActions } from './view-actions';

/**
 * A version read-only: its facts and steps, the electronic signatures of its releases, every
 * version of the recipe, this version's history, and the actions.
 */
export function RecipeViewPage({ record }: { record: RecipeRecord }) {
  const { t } = useRecipeText();
  const plant = usePlantIndex(record.lineId);
  const levels = useReleaseLevels();
  return (
    <section aria-labelledby="screen-title">
      <Stack gap="lg">
        <div>
          <Group gap="sm" wrap="wrap" align="center">
            <Title order={1} size="h2" id="screen-title">
              {t('web.recipes.view.title', { code: record.code, version: record.version })}
            </Title>
            <StatusBadge status={record.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {record.name}
            {record.version < record.latestVersion ? (
              <>
                {' · '}
                <Anchor component={Link} to={recipePaths.view(record.recipeGroupId)} size="sm">
                  {t('web.recipes.view.newerExists', { latest: record.latestVersion })}
                </Anchor>
              </>
            ) : null}
          </Text>
        </div>
        <ViewActions record={record} plant={plant} />
        <RecipeDetails record={record} plant={plant} />
        <SignatureList
          signatures={record.signatures ?? []}
          levelName={(n) => levels.data?.find((l) => l.level === n)?.name}
          empty={t('web.signature.none')}
        />
        <section aria-labelledby="versions-title">
          <Title order={2} size="h4" id="versions-title" mb="xs">
            {t('web.recipes.view.versions')}
          </Title>
          <VersionList groupId={record.recipeGroupId} current={record._id} />
        </section>
        <section aria-labelledby="history-title">
          <Title order={2} size="h4" id="history-title" mb="xs">
            {t('web.recipes.view.history', { version: record.version })}
          </Title>
          <HistoryList versionId={record._id} plant={plant} />
        </section>
        <div>
          <Anchor component={Link} to={recipePaths.list(record.lineId)}>
            {t('web.recipes.backToList')}
          </Anchor>
        </div>
      </Stack>
    </section>
  );
}
