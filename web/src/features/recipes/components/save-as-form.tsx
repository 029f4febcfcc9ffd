import { LIMITS } from '@/lib/limits';
import { Alert, Button, Group, List, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LineSelect } from '@/components/line-select';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useErrorNotice } from '@/lib/use-error-notice';
import { useLines } from '@/lib/use-lines';
import { useSaveAs, type RecipeRecord } from '../api/recipes-api';
import { useRecipeText } from '../hooks/use-recipe-text';
import { recipePaths } from '../utils/paths';

const FORM_FIELDS = ['lineId', 'code', 'name', 'description'] as const;
type FormField = (typeof FORM_FIELDS)[number];

/** Splits a save-as refusal: messages of the form's own fields, and those about the recipe's items. */
export function splitSaveAsErrors(errors: Record<string, string>): { fields: Partial<Record<FormField, string>>; items: string[] } {
  const fields: Partial<Record<FormField, string>> = {};
  const items: string[] = [];
  for (const [key, message] of Object.entries(errors)) {
    if ((FORM_FIELDS as readonly string[]).includes(key)) fields[key as FormField] = message;
    else items.push(message);
  }
  return { fields, items };
}

/** Copies a version into a new recipe on this or another line; what the target line lacks is listed item by item. */
export function SaveAsForm({ record }: { record: RecipeRecord }) {
  const { t } = useRecipeText();
  const navigate = useNavigate();
  const { lines } = useLines();
  const saveAs = useSaveAs();
  const showError = useErrorNotice();
  const [values, setValues] = useState({ lineId: record.lineId, code: '', name: record.name, description: record.description ?? '' });
  const [errors, setErrors] = useState<{ fields: Partial<Record<FormField, string>>; items: string[] }>({ fields: {}, items: [] });
  const set = (field: FormField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, fields: { ...e.fields, [field]: undefined } }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({ fields: {}, items: [] });
    const body = { lineId: values.lineId, code: values.code.trim(), name: values.name.trim(), description: values.description.trim() || null };
    saveAs.mutate(
      { id: record._id, body },
      {
        onSuccess: ({ data, message }) => {
          notify(message ?? t('web.recipes.saveAsDone'), 'success');
          void navigate(recipePaths.edit(data._id));
        },
        onError: (err) => {
          const found = err instanceof ApiError ? err.body?.errors : null;
          if (found && Object.keys(found).length > 0) setErrors(splitSaveAsErrors(found));
          else showError(err);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={saveAs.isPending} data-testid="save-as-form">
      <Stack gap="md" maw={640}>
        {errors.items.length > 0 ? (
          <Alert color="red" variant="light" role="alert" title={t('web.recipes.saveAsItems')} data-testid="save-as-items">
            <List size="sm">
              {errors.items.map((m, i) => (
                <List.Item key={i}>{m}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <LineSelect label={t('web.recipes.saveAsLine')} lines={lines} value={values.lineId} onChange={(v) => set('lineId', v)} error={errors.fields.lineId} required />
        <TextInput label={t('web.recipes.newCode')} value={values.code} onChange={(e) => set('code', e.currentTarget.value)} required maxLength={LIMITS.code} error={errors.fields.code} data-field="code" />
        <TextInput label={t('web.recipes.newName')} value={values.name} onChange={(e) => set('name', e.currentTarget.value)} required maxLength={LIMITS.name} error={errors.fields.name} data-field="name" />
        <Textarea label={t('web.recipes.field.description')} value={values.description} onChange={(e) => set('description', e.currentTarget.value)} rows={3} maxLength={LIMITS.description} error={errors.fields.description} />
        <Group>
          <Button type="submit" loading={saveAs.isPending} data-testid="save-as-submit">
            {t('web.recipes.saveAs')}
          </Button>
          <Button variant="default" component={Link} to={recipePaths.version(record.recipeGroupId, record._id)}>
            {t('web.common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
