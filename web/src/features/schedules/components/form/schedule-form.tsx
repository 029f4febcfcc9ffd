import { Alert, Button, Group, List, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { useReleasedRecipes, useReleaseLevels } from '@/features/recipes/api/recipes-api';
import { StaleEditAlert } from '@/components/stale-edit-alert';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useStaleEdit } from '@/lib/use-stale-edit';
import { useErrorNotice, useQueryErrorNotice } from '@/lib/use-error-notice';
import { useLines } from '@/lib/use-lines';
import { usePlantTime } from '@/lib/use-plant-time';
import { ALL_LINES, type ScheduleInput, type ScheduleRecord } from '../../api/schedule-types';
import { scheduleKeys, useSaveSchedule } from '../../api/schedules-api';
import { useScheduleText } from '../../hooks/use-schedule-text';
import { nextFullHour } from '../../utils/dates';
import { emptyValues, NO_ERRORS, splitErrors, toInput, valuesOf, type FormErrors, type FormField, type ScheduleFormValues } from '../../utils/form';
import { schedulePaths } from '../../utils/paths';
import { productionVersions } from '../../utils/recipes';
import { scheduleDifferences } from '../../utils/stale-compare';
import { ConflictAlert } from './conflict-alert';
import { ScheduleFields } from './schedule-fields';

export interface ScheduleFormProps {
  /** The planned order to change, as saved now (the form keeps what it opened); none for a new one. */
  record?: ScheduleRecord;
  /** Drops the input and opens the order as saved now. */
  onReload?: () => void;
  /** A new order's line. */
  initialLineId?: string | null;
}

/**
 * A new order, or a planned one changed. The server's field messages show on their inputs; a
 * carry-over refusal shows its message and, for a new order, "Place with a flush", which sends
 * the same body again with `withFlush`. Success opens the order with the server's message.
 */
export function ScheduleForm({ record, initialLineId = null, onReload }: ScheduleFormProps) {
  const { t } = useScheduleText();
  const intl = useIntl();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { lines } = useLines();
  const save = useSaveSchedule();
  const showError = useErrorNotice();
  const [values, setValues] = useState<ScheduleFormValues>(() => (record ? valuesOf(record, record.recipeId ?? null) : emptyValues(initialLineId, nextFullHour(new Date()))));
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  /** The version of the order this form started from, sent with the edit (decision 97). */
  const stale = useStaleEdit<ScheduleInput>(record?.updatedAt);
  const plantTime = usePlantTime(values.lineId);
  const released = useReleasedRecipes(values.lineId ?? ALL_LINES);
  const levels = useReleaseLevels();
  useQueryErrorNotice(released);
  useQueryErrorNotice(levels);
  const recipes = productionVersions((released.data ?? []).filter((r) => r.lineId === values.lineId), levels.data ?? []);

  const change = <F extends FormField>(field: F, value: ScheduleFormValues[F]) => {
    setValues((v) => ({ ...v, [field]: value, ...(field === 'lineId' ? { recipeId: null } : {}) }));
    // A refusal of other values no longer holds, so "Place with a flush" always sends the values refused.
    setErrors((e) => ({ ...e, conflicts: [], fields: { ...e.fields, [field]: undefined } }));
  };

  const send = (input: ScheduleInput) => {
    setErrors(NO_ERRORS);
    const from = stale.begin();
    save.mutate(
      { id: record?._id, input: record ? { ...input, updatedAt: from } : input },
      {
        onSuccess: ({ data, message }) => {
          notify(message ?? t('web.schedules.saved'), 'success');
          void navigate(schedulePaths.view(data._id));
        },
        onError: (err) => {
          if (record && stale.refused(err, from, input)) {
            void client.invalidateQueries({ queryKey: scheduleKeys.one(record._id) });
            return;
          }
          if (!(err instanceof ApiError) || (err.status !== 400 && err.status !== 409)) return showError(err);
          const split = splitErrors(err.body?.errors);
          const placed = split.conflicts.length + split.other.length + Object.keys(split.fields).length;
          setErrors(placed > 0 ? split : { ...NO_ERRORS, other: [err.body?.message ?? err.message] });
        },
      },
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(toInput(values));
  };

  const lineName = lines.find((l) => l._id === values.lineId)?.name ?? record?.lineName ?? '';
  const extraRecipe =
    record?.recipeId && record.recipeCode
      ? { value: record.recipeId, label: t('web.schedules.recipeVersionName', { code: record.recipeCode, name: record.recipeName ?? '', version: record.recipeVersion ?? '—' }) }
      : undefined;

  const recipeName = (id: string) => {
    const r = recipes.find((x) => x._id === id);
    if (r) return t('web.schedules.recipeVersionName', { code: r.code, name: r.name, version: r.version });
    return id === extraRecipe?.value ? extraRecipe.label : id;
  };
  const refusal = stale.stale;
  const compared =
    record && stale.newer(record.updatedAt)
      ? scheduleDifferences(values, record, { t, number: (n) => intl.formatNumber(n, { maximumFractionDigits: 3 }), dateTime: plantTime.dateTime, recipe: recipeName })
      : undefined;

  return (
    <form onSubmit={submit} noValidate aria-busy={save.isPending} data-testid="schedule-form">
      <Stack gap="md" maw={760}>
        {refusal && record ? (
          <StaleEditAlert
            message={refusal.message}
            differences={compared}
            busy={save.isPending}
            onReload={() => onReload?.()}
            onOverwrite={() => {
              stale.startFrom(record.updatedAt);
              send(refusal.input);
            }}
          />
        ) : null}
        {errors.conflicts.length > 0 ? (
          <ConflictAlert conflicts={errors.conflicts} canPlaceWithFlush={!record} busy={save.isPending} onPlaceWithFlush={() => send({ ...toInput(values), withFlush: true })} />
        ) : null}
        {errors.other.length > 0 ? (
          <Alert color="red" variant="light" role="alert" data-testid="schedule-form-errors">
            <List size="sm">
              {errors.other.map((m, i) => (
                <List.Item key={i}>{m}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <ScheduleFields
          values={values}
          errors={errors.fields}
          lines={lines}
          lineFixed={Boolean(record)}
          lineName={lineName}
          recipes={recipes}
          extraRecipe={extraRecipe}
          recipesLoading={released.isPending || levels.isPending}
          onChange={change}
          onRecipe={(recipe, id) => {
            change('recipeId', id);
            if (recipe) change('batchSizeKg', recipe.batchSizeKg);
          }}
        />
        <Group>
          <Button type="submit" loading={save.isPending} data-testid="schedule-submit">
            {t(record ? 'web.schedules.save' : 'web.schedules.create')}
          </Button>
          <Button variant="default" component={Link} to={record ? schedulePaths.view(record._id) : schedulePaths.list(values.lineId)}>
            {t('web.common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
