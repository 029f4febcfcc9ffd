import { Button, Group, Modal, Text } from '@mantine/core';
import type { RecipeRecord } from '../../api/recipes-api';
import { useRecipeText } from '../../hooks/use-recipe-text';

export interface DeleteRecipeDialogProps {
  /** The recipe to delete; null closes the dialog. */
  target: RecipeRecord | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a recipe goes, with all its versions. */
export function DeleteRecipeDialog({ target, busy, onConfirm, onClose }: DeleteRecipeDialogProps) {
  const { t } = useRecipeText();
  return (
    <Modal opened={target !== null} onClose={onClose} title={t('web.recipes.delete.title')} closeButtonProps={{ 'aria-label': t('web.recipes.close') }} centered>
      <Text size="sm">{t('web.recipes.delete.confirm', { code: target?.code ?? '', versions: target?.latestVersion ?? 0 })}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('web.common.cancel')}
        </Button>
        <Button color="#c92a2a" loading={busy} onClick={onConfirm} data-testid="confirm-delete">
          {t('web.recipes.delete.action')}
        </Button>
      </Group>
    </Modal>
  );
}
