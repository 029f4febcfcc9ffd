import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQueryErrorNotice } from '@/lib/use-error-notice';
import { useRecipeVersion, type RecipeRecord } from '../api/recipes-api';
import { RecipeEditor } from '../components/editor/recipe-editor';
import { RecipeScreenFallback, ScreenTitle } from '../components/screen-frame';
import { StatusBadge } from '../components/status-badge';
import { RecipeDetails, usePlantIndex } from '../components/view/recipe-details';
import { useCreateVersion } from '../hooks/use-new-version';
import { useRecipeText } from '../hooks/use-recipe-text';
import { recipePaths } from '../utils/paths';

/** /recipemanagement/recipes/editrecipe/{id}: the editor, or a released version read-only with "Create new version". */
export default function EditRecipeScreen() {
  const { t } = useRecipeText();
  const { id } = useParams();
  const version = useRecipeVersion(id);
  useQueryErrorNotice(version);
  /** Bumped by "reload" after someone saved meanwhile: the editor opens the version as saved now. */
  const [opened, setOpened] = useState(0);
  const r = version.data;
  if (!r) return <RecipeScreenFallback title={t('web.recipes.editTitle')} pending={version.isPending} />;
  return (
    <section aria-labelledby="screen-title">
      <ScreenTitle aside={<StatusBadge status={r.status} />}>{t('web.recipes.editTitleOf', { code: r.code, version: r.version })}</ScreenTitle>
      {r.locked ? <LockedVersion record={r} /> : <RecipeEditor key={`${r._id}/${opened}`} record={r} onReload={() => void version.refetch().then(() => setOpened((n) => n + 1))} />}
    </section>
  );
}

/** A released version never changes: it is shown read-only, with the way to a new version. */
function LockedVersion({ record }: { record: RecipeRecord }) {
  const { t } = useRecipeText();
  const plant = usePlantIndex(record.lineId);
  const version = useCreateVersion();
  return (
    <Stack gap="lg">
      <Alert color="#a65b00" variant="light" data-testid="recipe-locked">
        <Text size="sm">{t('web.recipes.lockedText', { code: record.code, version: record.version })}</Text>
        <Group gap="xs" mt="xs">
          <Button size="xs" onClick={() => version.create(record._id)} loading={version.pending} data-testid="create-new-version">
            {t('web.recipes.createNewVersion')}
          </Button>
          <Button size="xs" variant="default" component={Link} to={recipePaths.version(record.recipeGroupId, record._id)}>
            {t('web.recipes.editor.toView')}
          </Button>
        </Group>
      </Alert>
      <RecipeDetails record={record} plant={plant} />
    </Stack>
  );
}
