import { RecipeListPage } from '../components/list/recipe-list-page';

/** /recipemanagement/recipes */
export default function RecipeListScreen() {
  return <RecipeListPage />;
}
