import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notify } from '@/lib/notify';
import { useErrorNotice } from '@/lib/use-error-notice';
import { useRevertLevel, type RecipeRecord } from '../../api/recipes-api';
import { useRecipeText } from '../../hooks/use-recipe-text';
import { revertedWith } from '../../utils/levels';

export interface RevertDialogProps {
  record: RecipeRecord;
  opened: boolean;
  onClose: () => void;
}

/** Takes a held level back from a version; the levels above it go with it (said before confirming). */
export function RevertDialog({ record, opened, onClose }: RevertDialogProps) {
  const { t } = useRecipeText();
  const held = [...record.levels].sort((a, b) => a.level - b.level);
  const [chosen, setChosen] = useState<number | null>(null);
  const level = chosen ?? held.at(-1)?.level ?? null;
  const revert = useRevertLevel();
  const showError = useErrorNotice();
  const name = held.find((h) => h.level === level)?.name ?? '';
  const higher = level === null ? [] : revertedWith(held, level);

  const close = () => {
    setChosen(null);
    onClose();
  };
  const confirm = () =>
    level !== null &&
    revert.mutate(
      { id: record._id, level },
      {
        onSuccess: ({ message }) => {
          notify(message ?? t('web.recipes.revert.done'), 'success');
          close();
        },
        onError: showError,
      },
    );

  return (
    <Modal opened={opened} onClose={close} title={t('web.recipes.revert.title', { code: record.code, version: record.version })} closeButtonProps={{ 'aria-label': t('web.recipes.close') }} centered>
      {held.length === 0 ? (
        <Text size="sm">{t('web.recipes.revert.nothing')}</Text>
      ) : (
        <Stack gap="sm" data-testid="revert-dialog">
          <Select
            label={t('web.recipes.revert.level')}
            data={held.map((h) => ({ value: String(h.level), label: h.name }))}
            value={level === null ? null : String(level)}
            onChange={(v) => v && setChosen(Number(v))}
            allowDeselect={false}
          />
          <Alert color="#a65b00" variant="light" aria-live="polite">
            {higher.length > 0
              ? t('web.recipes.revert.withHigher', { level: name, higher: higher.map((h) => h.name).join(', ') })
              : t('web.recipes.revert.only', { level: name })}
          </Alert>
          <Text size="sm">{t('web.recipes.revert.staysLocked')}</Text>
        </Stack>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={close} disabled={revert.isPending}>
          {t('web.common.cancel')}
        </Button>
        {level !== null ? (
          <Button color="#c92a2a" onClick={() => void confirm()} loading={revert.isPending} data-testid="revert-confirm">
            {t('web.recipes.revert.confirm', { level: name })}
          </Button>
        ) : null}
      </Group>
    </Modal>
  );
}
