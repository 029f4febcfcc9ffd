import { useSearchParams } from 'react-router-dom';
import { useLines } from '@/lib/use-lines';
import { Spinner } from '@/components/spinner';
import { RecipeEditor } from '../components/editor/recipe-editor';
import { ScreenTitle } from '../components/screen-frame';
import { useRecipeText } from '../hooks/use-recipe-text';

/** /recipemanagement/recipes/addrecipe: a new recipe on the line of `?lineId` (else the first line). */
export default function AddRecipeScreen() {
  const { t } = useRecipeText();
  const [params] = useSearchParams();
  const { lines, loading } = useLines();
  const wanted = params.get('lineId');
  const lineId = lines.some((l) => l._id === wanted) ? wanted : (lines[0]?._id ?? null);
  return (
    <section aria-labelledby="screen-title">
      <ScreenTitle>{t('web.recipes.new')}</ScreenTitle>
      {loading ? <Spinner fill /> : <RecipeEditor initialLineId={lineId} />}
    </section>
  );
}
