import { useParams } from 'react-router-dom';
import { useQueryErrorNotice } from '@/lib/use-error-notice';
import { useLatestRecipe, useRecipeVersion } from '../api/recipes-api';
import { RecipeScreenFallback } from '../components/screen-frame';
import { RecipeViewPage } from '../components/view/recipe-view-page';
import { useRecipeText } from '../hooks/use-recipe-text';

/** /recipemanagement/recipes/view/{id} (the latest version) and /view/{id}/{versionId} (that version). */
export default function RecipeViewScreen() {
  const { t } = useRecipeText();
  const { id, versionId } = useParams();
  const latest = useLatestRecipe(versionId ? undefined : id);
  const version = useRecipeVersion(versionId);
  const query = versionId ? version : latest;
  useQueryErrorNotice(query);
  if (!query.data) return <RecipeScreenFallback title={t('web.screen.recipe')} pending={query.isPending} />;
  return <RecipeViewPage key={query.data._id} record={query.data} />;
}
