/**
 * The editor's state: the draft, the server's messages from the last save and the last
 * validation (placed on inputs by row), and the save and validate actions. A save sends the
 * whole document; a 400 puts its `errors` on the inputs they name, a 409 on a released version
 * offers a new version, a 409 because someone saved the version since it was opened (decision
 * 97) keeps the draft and offers compare, reload or saving over theirs. Validate runs the three checks on what the editor shows (the unsaved
 * changes with it) and never saves: saving stays its own, explicit action.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useStaleEdit } from '@/lib/use-stale-edit';
import { useErrorNotice } from '@/lib/use-error-notice';
import { recipeKeys, useSaveRecipe, validateRecipe, type RecipeRecord, type ValidationResult } from '../api/recipes-api';
import { draftOf, emptyDraft, toInput, withIds, type Draft, type HeaderField } from '../utils/draft';
import { NO_ERRORS, placeErrors, withoutKey, type PlacedErrors } from '../utils/field-errors';
import { recipePaths } from '../utils/paths';
import { useRecipeText } from './use-recipe-text';

export interface Checked {
  result: ValidationResult;
  placed: PlacedErrors;
}

export function useRecipeEditor(record: RecipeRecord | undefined, initialLineId: string | null) {
  const { t } = useRecipeText();
  const navigate = useNavigate();
  const showError = useErrorNotice();
  const save = useSaveRecipe();
  const [draft, setDraft] = useState<Draft>(() => (record ? draftOf(record) : emptyDraft(initialLineId)));
  const [saveErrors, setSaveErrors] = useState<PlacedErrors>(NO_ERRORS);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [failures, setFailures] = useState(0);
  const [validating, setValidating] = useState(false);
  const client = useQueryClient();
  /** The version of the record the draft started from: sent with every save, moved on by each. */
  const stale = useStaleEdit(record?.updatedAt);

  const errorOf = (key: string): string | undefined => saveErrors.byKey[key] ?? checked?.placed.byKey[key];

  /** A change: the draft is dirty and the changed input's messages go. */
  const touched = (key?: string) => {
    setDirty(true);
    if (!key) return;
    setSaveErrors((e) => withoutKey(e, key));
    setChecked((c) => c && { ...c, placed: withoutKey(c.placed, key) });
  };

  const change = (patch: Partial<Draft>, key?: string) => {
    setDraft((d) => ({ ...d, ...patch }));
    touched(key);
  };

  const setHeader = <K extends HeaderField>(field: K, value: Draft[K]) => {
    // Another line has other scales, materials and parameters: its steps start empty.
    if (field === 'lineId') change({ lineId: value as string, mixingModeId: null, scales: [], mixing: [], misc: [] }, field);
    else change({ [field]: value }, field);
  };

  /** Saves the draft; answers the draft as saved (with the server's item ids), or null. */
  const submit = async (): Promise<Draft | null> => {
    const sent = draft;
    const from = stale.begin();
    setConflict(null);
    try {
      const input = record ? { ...toInput(sent, false), updatedAt: from } : toInput(sent, true);
      const { data, message } = await save.mutateAsync({ id: record?._id, input });
      stale.startFrom(data.updatedAt);
      notify(message ?? t('web.recipes.editor.saved'), 'success');
      setSaveErrors(NO_ERRORS);
      setDirty(false);
      if (!record) {
        void navigate(recipePaths.edit(data._id), { replace: true });
        return null;
      }
      const next = withIds(sent, data);
      setDraft(next);
      return next;
    } catch (e) {
      const errors = e instanceof ApiError ? e.body?.errors : null;
      if (record && stale.refused(e, from, undefined)) {
        void client.invalidateQueries({ queryKey: recipeKeys.version(record._id) });
      } else if (errors && Object.keys(errors).length > 0) {
        setSaveErrors(placeErrors(sent, Object.entries(errors)));
        setFailures((n) => n + 1);
      } else if (e instanceof ApiError && e.status === 409 && record) {
        setConflict(e.firstError() ?? t('web.recipes.editor.locked'));
      } else {
        showError(e);
      }
      return null;
    }
  };

  const validate = async () => {
    if (!record) return;
    setValidating(true);
    try {
      const shown = draft;
      const result = await validateRecipe(record._id, dirty ? toInput(shown, false) : undefined);
      setChecked({ result, placed: placeErrors(shown, result.problems.map((p) => [p.field, p.message])) });
      if (result.problems.length > 0) setFailures((n) => n + 1);
    } catch (e) {
      showError(e);
    } finally {
      setValidating(false);
    }
  };

  /** Saves the draft over the version as saved now (`latest`, which the user compared with). */
  const overwrite = (latest: string | undefined) => {
    stale.startFrom(latest);
    return submit();
  };

  return {
    draft,
    stale: stale.stale,
    overwrite,
    setHeader,
    change,
    errorOf,
    saveErrors,
    checked,
    conflict,
    dirty,
    failures,
    saving: save.isPending,
    validating,
    submit,
    validate,
  };
}
