import { Alert, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { StaleEditAlert } from '@/components/stale-edit-alert';
import { useQueryErrorNotice } from '@/lib/use-error-notice';
import { useLines } from '@/lib/use-lines';
import { usePlant } from '../../api/plant-api';
import type { RecipeRecord } from '../../api/recipes-api';
import { useCreateVersion } from '../../hooks/use-new-version';
import { useRecipeEditor } from '../../hooks/use-recipe-editor';
import { useRecipeText } from '../../hooks/use-recipe-text';
import { indexPlant } from '../../utils/plant-index';
import { recipePaths } from '../../utils/paths';
import { recipeDifferences } from '../../utils/stale-compare';
import { ErrorSummary } from './error-summary';
import { HeaderFields } from './header-fields';
import { MiscEditor } from './misc-editor';
import { MixingEditor } from './mixing-editor';
import { ValidationPanel } from './validation-panel';
import { WeighingEditor } from './weighing-editor';

export interface RecipeEditorProps {
  /** The version being edited (as saved now: the draft keeps what the editor opened); none for a new recipe. */
  record?: RecipeRecord;
  /** Drops the draft and opens the version as saved now. */
  onReload?: () => void;
  /** A new recipe's line to start with. */
  initialLineId?: string | null;
}

/** The recipe editor: header values and the three step lists, saved as one document. */
export function RecipeEditor({ record, initialLineId = null, onReload }: RecipeEditorProps) {
  const { t, medicationClass } = useRecipeText();
  const intl = useIntl();
  const ed = useRecipeEditor(record, initialLineId);
  const { lines } = useLines();
  const plantState = usePlant(ed.draft.lineId);
  const plant = useMemo(() => (plantState.plant ? indexPlant(plantState.plant) : null), [plantState.plant]);
  const version = useCreateVersion();
  const formRef = useRef<HTMLFormElement>(null);
  useQueryErrorNotice({ isError: plantState.error !== null, error: plantState.error });

  // After a refused save or a failed validation the focus goes to the first marked input.
  useEffect(() => {
    if (ed.failures === 0) return;
    const form = formRef.current;
    const first = form?.querySelector<HTMLElement>('input[aria-invalid="true"], textarea[aria-invalid="true"]');
    (first ?? form?.querySelector<HTMLElement>('#recipe-error-summary'))?.focus();
  }, [ed.failures]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!ed.saving) void ed.submit();
  };

  let steps;
  if (plant)
    steps = (
      <>
        <Divider />
        <WeighingEditor draft={ed.draft} plant={plant} onChange={(scales, key) => ed.change({ scales }, key)} errorOf={ed.errorOf} />
        <Divider />
        <MixingEditor rows={ed.draft.mixing} plant={plant} onChange={(mixing, key) => ed.change({ mixing }, key)} errorOf={ed.errorOf} />
        <Divider />
        <MiscEditor rows={ed.draft.misc} plant={plant} onChange={(misc, key) => ed.change({ misc }, key)} errorOf={ed.errorOf} />
      </>
    );
  else if (plantState.pending) steps = <Spinner fill />;
  else if (!ed.draft.lineId) steps = <Text>{t('web.recipes.editor.chooseLine')}</Text>;
  else steps = <Alert color="red">{t('web.recipes.editor.plantFailed')}</Alert>;

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={ed.saving || ed.validating} data-testid="recipe-editor">
      <Stack gap="lg">
        <div tabIndex={-1} id="recipe-error-summary">
          <ErrorSummary errors={ed.saveErrors} />
        </div>
        {ed.stale && record ? (
          <StaleEditAlert
            message={ed.stale.message}
            differences={
              record.updatedAt !== ed.stale.from
                ? recipeDifferences(ed.draft, record, plant, { t, medicationClass, number: (n) => intl.formatNumber(n, { maximumFractionDigits: 3 }) })
                : undefined
            }
            busy={ed.saving}
            onReload={() => onReload?.()}
            onOverwrite={() => void ed.overwrite(record.updatedAt)}
          />
        ) : null}
        {ed.conflict && record ? (
          <Alert color="red" variant="light" role="alert" data-testid="edit-conflict">
            <Text size="sm">{ed.conflict}</Text>
            <Button mt="xs" size="xs" onClick={() => version.create(record._id)} loading={version.pending}>
              {t('web.recipes.createNewVersion')}
            </Button>
          </Alert>
        ) : null}
        <HeaderFields draft={ed.draft} isNew={!record} lines={lines} plant={plant} onChange={ed.setHeader} errorOf={ed.errorOf} />
        {steps}
        <ValidationPanel result={ed.checked?.result ?? null} />
        <Group gap="sm" wrap="wrap">
          <Button type="submit" loading={ed.saving} data-testid="recipe-save">
            {record ? t('web.recipes.editor.save') : t('web.recipes.editor.create')}
          </Button>
          <Button
            variant="default"
            onClick={() => void ed.validate()}
            disabled={!record || ed.saving}
            loading={ed.validating}
            data-testid="recipe-validate"
            aria-describedby={record ? undefined : 'validate-hint'}
          >
            {t('web.recipes.editor.validate')}
          </Button>
          {record ? (
            <Button variant="default" component={Link} to={recipePaths.version(record.recipeGroupId, record._id)} data-testid="recipe-to-view">
              {t('web.recipes.editor.toView')}
            </Button>
          ) : null}
          <Button variant="subtle" component={Link} to={recipePaths.list(ed.draft.lineId)}>
            {t('web.recipes.backToList')}
          </Button>
          {!record ? (
            <Text size="sm" c="dimmed" id="validate-hint">
              {t('web.recipes.editor.validateAfterCreate')}
            </Text>
          ) : ed.dirty ? (
            <Text size="sm" c="dimmed" role="status">
              {t('web.recipes.editor.unsaved')}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
