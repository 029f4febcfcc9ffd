import { Alert, Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { StaleEditAlert } from '@/components/stale-edit-alert';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';

import { useErrorNotice } from '@/lib/use-error-notice';
import { useStaleEdit } from '@/lib/use-stale-edit';
import { useSaveCarryOver } from '../../api/carry-over-api';
import type { CarryOverSettings, MaterialRecord } from '../../api/schedule-types';
import { scheduleKeys } from '../../api/schedules-api';
import { useScheduleText } from '../../hooks/use-schedule-text';
import { cellKey, classesOf, matrixOf, rulesOf } from '../../utils/carry-over';
import { carryOverDifferences } from '../../utils/stale-compare';
import { CarryOverMatrix } from './carry-over-matrix';

export interface CarryOverFormProps {
  lineId: string;
  settings: CarryOverSettings;
  materials: MaterialRecord[];
  canEdit: boolean;
  onDone: () => void;
  /** Drops the input and shows the settings as saved now (after someone saved them meanwhile). */
  onReload: () => void;
}

type Errors = { flushMaterialId?: string; flushQuantityKg?: string; other: string[] };

/** The matrix grid, the flush material and quantity, and Save (for users who may change them). */
export function CarryOverForm({ lineId, settings, materials, canEdit, onDone, onReload }: CarryOverFormProps) {
  const text = useScheduleText();
  const { t } = text;
  const intl = useIntl();
  const client = useQueryClient();
  const save = useSaveCarryOver();
  /** The version of the settings this form started from, sent with the edit (decision 97). */
  const stale = useStaleEdit<CarryOverSettings>(settings.updatedAt);
  const showError = useErrorNotice();
  const classes = classesOf(settings);
  const [flush, setFlush] = useState(() => matrixOf(settings.rules));
  const [materialId, setMaterialId] = useState<string | null>(settings.flushMaterialId ?? null);
  const [quantity, setQuantity] = useState<number | string>(settings.flushQuantityKg ?? '');
  const [errors, setErrors] = useState<Errors>({ other: [] });

  const options = materials.filter((m) => m.active !== false || m._id === materialId).map((m) => ({ value: m._id, label: `${m.code} · ${m.name}` }));
  if (materialId && !options.some((o) => o.value === materialId)) options.push({ value: materialId, label: materialId });

  const toggle = (from: string, to: string, required: boolean) =>
    setFlush((f) => {
      const next = new Set(f);
      if (required) next.add(cellKey(from, to));
      else next.delete(cellKey(from, to));
      return next;
    });

  const send = (body: CarryOverSettings) => {
    setErrors({ other: [] });
    const from = stale.begin();
    save.mutate(
      { lineId, body: from ? { ...body, updatedAt: from } : body },
      {
        onSuccess: ({ message }) => {
          notify(message ?? t('web.schedules.carryOver.saved'), 'success');
          onDone();
        },
        onError: (err) => {
          if (stale.refused(err, from, body)) {
            void client.invalidateQueries({ queryKey: scheduleKeys.carryOver(lineId) });
            return;
          }
          const found = err instanceof ApiError ? err.body?.errors : null;
          if (!found || Object.keys(found).length === 0) return showError(err);
          const { flushMaterialId, flushQuantityKg, ...rest } = found;
          setErrors({ flushMaterialId, flushQuantityKg, other: Object.values(rest) });
        },
      },
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const kg = typeof quantity === 'number' ? quantity : quantity.trim() === '' ? null : Number(quantity);
    send({ lineId, classes, rules: rulesOf(classes, flush), flushMaterialId: materialId, flushQuantityKg: kg });
  };

  const materialName = (id: string) => {
    const m = materials.find((x) => x._id === id);
    return m ? `${m.code} · ${m.name}` : id;
  };
  const refusal = stale.stale;
  const compared =
    refusal && stale.newer(settings.updatedAt)
      ? carryOverDifferences(refusal.input, settings, { t, number: (n) => intl.formatNumber(n, { maximumFractionDigits: 3 }), medicationClass: text.medicationClass, material: materialName })
      : undefined;

  return (
    <form onSubmit={submit} noValidate aria-busy={save.isPending} data-testid="carry-over-form">
      <Stack gap="md">
        {refusal ? (
          <StaleEditAlert
            message={refusal.message}
            differences={compared}
            busy={save.isPending}
            onReload={onReload}
            onOverwrite={() => {
              stale.startFrom(settings.updatedAt);
              send(refusal.input);
            }}
          />
        ) : null}
        <Text size="sm">{t('web.schedules.carryOver.intro')}</Text>
        <Text size="sm" c="dimmed" data-testid="carry-over-state">
          {settings.configured
            ? t('web.schedules.carryOver.savedBy', { at: text.dateTime(settings.updatedAt), by: settings.updatedBy ?? '—' })
            : t('web.schedules.carryOver.default')}
        </Text>
        <CarryOverMatrix classes={classes} flush={flush} disabled={!canEdit} onToggle={toggle} />
        {errors.other.length > 0 ? (
          <Alert color="red" variant="light" role="alert">
            {errors.other.join(' ')}
          </Alert>
        ) : null}
        <Group align="flex-start" gap="md" wrap="wrap">
          <Select
            label={t('web.schedules.carryOver.material')}
            data={options}
            value={materialId}
            onChange={(v) => setMaterialId(v)}
            searchable
            clearable
            disabled={!canEdit}
            nothingFoundMessage={t('web.schedules.nothingFound')}
            error={errors.flushMaterialId}
            miw={260}
            data-testid="flush-material"
          />
          <NumberInput
            label={t('web.schedules.carryOver.quantity')}
            value={quantity}
            onChange={setQuantity}
            min={0}
            decimalScale={3}
            disabled={!canEdit}
            error={errors.flushQuantityKg}
            maw={200}
            data-testid="flush-quantity"
          />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t(canEdit ? 'web.schedules.dialog.back' : 'web.schedules.dialog.close')}
          </Button>
          {canEdit ? (
            <Button type="submit" loading={save.isPending} data-testid="carry-over-save">
              {t('web.schedules.save')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
