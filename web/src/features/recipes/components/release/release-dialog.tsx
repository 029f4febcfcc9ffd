import { Alert, Button, Group, List, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { SignatureFields, useSignature } from '@/components/signature-fields';
import { Spinner } from '@/components/spinner';
import { notify } from '@/lib/notify';
import { useLevelDiff, useReleaseLevel, useValidation, type RecipeRecord, type ReleaseLevel } from '../../api/recipes-api';
import { useRecipeText } from '../../hooks/use-recipe-text';
import { releasableLevels } from '../../utils/levels';
import type { PlantIndex } from '../../utils/plant-index';
import { ProblemList } from '../problem-list';
import { DiffView } from './diff-view';

export interface ReleaseDialogProps {
  record: RecipeRecord;
  levels: ReleaseLevel[];
  plant: PlantIndex | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * Releasing a version to its next level: the three checks run first (any problem holds the
 * release back) and the changes against the version holding that level now are shown. The
 * production level takes the releaser's electronic signature (issue 35): password and meaning.
 */
export function ReleaseDialog({ record, levels, plant, opened, onClose }: ReleaseDialogProps) {
  const { t } = useRecipeText();
  const candidates = releasableLevels(levels, record.levels);
  const [chosen, setChosen] = useState<number | null>(null);
  const level = chosen ?? candidates[0]?.level ?? null;
  const validation = useValidation(record._id, opened && level !== null);
  const diff = useLevelDiff(record._id, opened ? level : null);
  const release = useReleaseLevel();
  const [refused, setRefused] = useState<string[]>([]);
  const target = levels.find((l) => l.level === level);
  const levelName = target?.name ?? '';
  const signed = target?.production === true;
  const signature = useSignature();
  const problems = validation.data?.problems ?? [];
  const blocked = validation.isPending || validation.isError || problems.length > 0 || (signed && !signature.complete);

  const close = () => {
    setRefused([]);
    setChosen(null);
    signature.reset();
    onClose();
  };

  const confirm = () => {
    if (level === null) return;
    setRefused([]);
    release.mutate(
      { id: record._id, level, ...(signed ? { signature: signature.input() } : {}) },
      {
        onSuccess: ({ message }) => {
          notify(message ?? t('web.recipes.release.done'), 'success');
          close();
        },
        onError: (e) => setRefused(signature.refused(e)),
      },
    );
  };

  let checks;
  if (validation.isPending) checks = <Spinner />;
  else if (validation.isError) checks = <Text size="sm">{t('web.recipes.release.checkFailed')}</Text>;
  else if (problems.length === 0) checks = <Text size="sm" data-testid="release-no-problems">{t('web.recipes.release.noProblems')}</Text>;
  else
    checks = (
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('web.recipes.release.problems', { count: problems.length })}
        </Text>
        <ProblemList problems={problems} testId="release-problems" />
      </Stack>
    );

  let changes;
  if (diff.isPending) changes = <Spinner />;
  else if (!diff.data) changes = <Text size="sm">{t('web.recipes.release.diffFailed')}</Text>;
  else if (!diff.data.from) changes = <Text size="sm" data-testid="diff-first">{t('web.recipes.release.firstHolder', { level: levelName })}</Text>;
  else
    changes = (
      <Stack gap={4}>
        <Text size="sm">{t('web.recipes.release.holder', { level: levelName, version: diff.data.from.version })}</Text>
        <DiffView comparison={diff.data} plant={plant} />
      </Stack>
    );

  return (
    <Modal opened={opened} onClose={close} title={t('web.recipes.release.title', { code: record.code, version: record.version })} closeButtonProps={{ 'aria-label': t('web.recipes.close') }} size="xl" centered>
      {level === null ? (
        <Text size="sm">{t('web.recipes.release.nothing')}</Text>
      ) : (
        <Stack gap="md" data-testid="release-dialog">
          {candidates.length > 1 ? (
            <Select label={t('web.recipes.release.level')} data={candidates.map((l) => ({ value: String(l.level), label: l.name }))} value={String(level)} onChange={(v) => v && setChosen(Number(v))} allowDeselect={false} />
          ) : (
            <Text size="sm">{t('web.recipes.release.to', { level: levelName })}</Text>
          )}
          <section aria-labelledby="release-checks" aria-live="polite" aria-busy={validation.isPending}>
            <Title order={3} size="h5" id="release-checks" mb={4}>
              {t('web.recipes.release.checks')}
            </Title>
            {checks}
          </section>
          <section aria-labelledby="release-changes" aria-busy={diff.isPending}>
            <Title order={3} size="h5" id="release-changes" mb={4}>
              {t('web.recipes.release.changes', { level: levelName })}
            </Title>
            {changes}
          </section>
          {signed ? (
            <Stack gap="xs">
              <Text size="sm" data-testid="release-signature-needed">
                {t('web.recipes.release.signatureNeeded', { level: levelName })}
              </Text>
              <SignatureFields state={signature} />
            </Stack>
          ) : null}
          {refused.length > 0 ? (
            <Alert color="red" variant="light" role="alert" data-testid="release-refused">
              <List size="sm">
                {refused.map((m, i) => (
                  <List.Item key={i}>{m}</List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
        </Stack>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={close} disabled={release.isPending}>
          {t('web.common.cancel')}
        </Button>
        {level !== null ? (
          <Button onClick={confirm} disabled={blocked} loading={release.isPending} data-testid="release-confirm">
            {t('web.recipes.release.confirm', { level: levelName })}
          </Button>
        ) : null}
      </Group>
    </Modal>
  );
}
