import { Badge, Group } from '@mantine/core';
import type { RecipeStatus } from '../api/recipes-api';
import { useRecipeText } from '../hooks/use-recipe-text';
import type { GroupLevel } from '../utils/list-filter';

/** Dark enough for white text (WCAG AA) in both colour schemes. */
const STATUS_COLOR: Record<RecipeStatus, string> = { DRAFT: '#495057', VALIDATED: '#1864ab', RELEASED: '#237032', WITHDRAWN: '#a61e4d' };

/** Badges in table cells keep their whole text (Mantine's would shrink to an ellipsis). */
const FULL = { minWidth: 'max-content' } as const;

/** A version's status (Draft, Validated, Released, Withdrawn) in the server's words. */
export function StatusBadge({ status }: { status: RecipeStatus }) {
  const { status: label } = useRecipeText();
  return (
    <Badge color={STATUS_COLOR[status]} style={FULL} data-testid="recipe-status" data-status={status}>
      {label(status)}
    </Badge>
  );
}

/**
 * The release levels a recipe holds; a level held by another version than `version` names
 * that version ("Production · v1").
 */
export function LevelBadges({ levels, version }: { levels: GroupLevel[]; version?: number }) {
  const { t } = useRecipeText();
  if (levels.length === 0) return <span aria-label={t('web.recipes.noLevels')}>—</span>;
  return (
    <Group gap={4} wrap="wrap">
      {levels.map((l) => (
        <Badge key={l.level} variant="outline" color="#2b6f3a" style={FULL} data-testid="recipe-level">
          {version === undefined || l.version === version ? l.name : t('web.recipes.levelOfVersion', { level: l.name, version: l.version })}
        </Badge>
      ))}
    </Group>
  );
}
