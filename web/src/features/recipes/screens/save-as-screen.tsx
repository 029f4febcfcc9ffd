import { Text } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { useQueryErrorNotice } from '@/lib/use-error-notice';
import { useRecipeVersion } from '../api/recipes-api';
import { SaveAsForm } from '../components/save-as-form';
import { RecipeScreenFallback, ScreenTitle } from '../components/screen-frame';
import { useRecipeText } from '../hooks/use-recipe-text';

/** /recipemanagement/recipes/{id}/saveAs: a version copied into a new recipe. */
export default function SaveAsScreen() {
  const { t } = useRecipeText();
  const { id } = useParams();
  const version = useRecipeVersion(id);
  useQueryErrorNotice(version);
  const r = version.data;
  if (!r) return <RecipeScreenFallback title={t('web.recipes.saveAsTitle')} pending={version.isPending} />;
  return (
    <section aria-labelledby="screen-title">
      <ScreenTitle>{t('web.recipes.saveAsTitleOf', { code: r.code, version: r.version })}</ScreenTitle>
      <Text size="sm" mb="md">
        {t('web.recipes.saveAsIntro')}
      </Text>
      <SaveAsForm record={r} />
    </section>
  );
}
