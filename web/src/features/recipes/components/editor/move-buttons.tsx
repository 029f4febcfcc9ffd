import { Button, Group } from '@mantine/core';
import { useRecipeText } from '../../hooks/use-recipe-text';

export interface MoveButtonsProps {
  /** What the buttons act on, for their names ("item 2 on S-MAJOR", "step 3"). */
  what: string;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** Up, down and remove as buttons with text: reordering needs no mouse. */
export function MoveButtons({ what, first, last, onMove, onRemove }: MoveButtonsProps) {
  const { t } = useRecipeText();
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-xs" variant="default" disabled={first} onClick={() => onMove(-1)} aria-label={t('web.recipes.moveUpOf', { what })}>
        {t('web.recipes.moveUp')}
      </Button>
      <Button size="compact-xs" variant="default" disabled={last} onClick={() => onMove(1)} aria-label={t('web.recipes.moveDownOf', { what })}>
        {t('web.recipes.moveDown')}
      </Button>
      <Button size="compact-xs" variant="subtle" color="#c92a2a" onClick={onRemove} aria-label={t('web.recipes.removeOf', { what })}>
        {t('web.recipes.remove')}
      </Button>
    </Group>
  );
}
