/** What the signed-in user may do with recipes, by the server's named rules (access.json). */
import { allows, RULES } from '@/lib/access';
import { useSession } from '@/lib/session-store';

export interface RecipeAccess {
  create: boolean;
  update: boolean;
  delete: boolean;
}

export function useRecipeAccess(): RecipeAccess {
  const role = useSession((s) => s.role);
  const privileges = useSession((s) => s.privileges);
  return {
    create: allows(RULES.recipeCreate, role, privileges),
    update: allows(RULES.recipeUpdate, role, privileges),
    delete: allows(RULES.recipeDelete, role, privileges),
  };
}
