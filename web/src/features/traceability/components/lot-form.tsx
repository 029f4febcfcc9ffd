/**
 * Goods-in, or a lot changed: line, material (of that line), supplier (not suspended), lot
 * number, quantity, received and expiry times (plant time), certificate; a new lot's starting
 * status, and optionally "put into a bin now". The lot is received first; the fill follows,
 * and when it fails the lot stays received and the lot's view says why the fill did not happen.
 * The server's field messages show on their inputs.
 */
import { Alert, Button, Checkbox, Fieldset, Group, List, NumberInput, Radio, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LineSelect } from '@/components/line-select';
import { PlantDateTimeInput } from '@/components/plant-date-time-input';
import { LotStatus as LOT_STATUSES } from '@/generated/enums';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useErrorNotice, useQueryErrorNotice } from '@/lib/use-error-notice';
import { useLines } from '@/lib/use-lines';
import { useCreateLot, useEditLot, useFillBin } from '../api/lots-api';
import { useMaterials, useSuppliers } from '../api/references-api';
import type { Lot } from '../api/trace-types';
import { useTraceText } from '../hooks/use-trace-text';
import { emptyLot, fillProblems, LOT_FIELDS, lotValues, splitErrors, toFill, toLotInput, type LotField, type LotFormValues } from '../utils/lot-form';
import { tracePaths } from '../utils/paths';
import { FillFields } from './fill-fields';

/** What the lot's view is told when the fill after goods-in failed. */
export interface FillOutcome {
  fillProblem: string;
}

export interface LotFormProps {
  /** The lot to change; none for goods-in. */
  lot?: Lot;
  /** A new lot's line. */
  initialLineId?: string | null;
}

type Errors = Partial<Record<LotField | 'binId' | 'fillKg', string>>;

export function LotForm({ lot, initialLineId = null }: LotFormProps) {
  const text = useTraceText();
  const { t } = text;
  const navigate = useNavigate();
  const { lines } = useLines();
  const showError = useErrorNotice();
  const create = useCreateLot();
  const edit = useEditLot();
  const fill = useFillBin();
  const [values, setValues] = useState<LotFormValues>(() => (lot ? lotValues(lot) : emptyLot(initialLineId ?? lines[0]?._id ?? null, new Date().toISOString())));
  const [errors, setErrors] = useState<Errors>({});
  const [other, setOther] = useState<string[]>([]);
  const materials = useMaterials(values.lineId);
  const suppliers = useSuppliers();
  useQueryErrorNotice(suppliers);
  const busy = create.isPending || edit.isPending || fill.isPending;

  const change = <F extends keyof LotFormValues>(field: F, value: LotFormValues[F]) => {
    setValues((v) => ({ ...v, [field]: value, ...(field === 'lineId' ? { materialId: null, binId: null } : field === 'materialId' ? { binId: null } : {}) }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const refused = (err: unknown) => {
    if (!(err instanceof ApiError) || (err.status !== 400 && err.status !== 409)) return showError(err);
    const split = splitErrors(LOT_FIELDS, err.body?.errors);
    setErrors(split.fields);
    const placed = Object.keys(split.fields).length + split.other.length;
    setOther(placed > 0 ? split.other : [err.body?.message ?? err.message]);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setOther([]);
    const own = fillProblems(values);
    if (Object.keys(own).length > 0) {
      setErrors(Object.fromEntries(Object.entries(own).map(([k, id]) => [k, t(id)])));
      return;
    }
    setErrors({});
    const body = toLotInput(values, !lot);
    if (lot) {
      edit.mutate(
        { id: lot._id, body },
        {
          onSuccess: ({ message }) => {
            notify(message ?? t('web.config.saved'), 'success');
            void navigate(tracePaths.lot(lot._id));
          },
          onError: refused,
        },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: ({ data, message }) => {
        notify(message ?? t('web.trace.received'), 'success');
        const into = toFill(values, data._id);
        if (!into) return void navigate(tracePaths.lot(data._id));
        fill.mutate(into, {
          onSuccess: (filled) => {
            notify(filled.message ?? t('web.trace.fill.done'), 'success');
            void navigate(tracePaths.lot(data._id));
          },
          onError: (err) => {
            const reason = (err instanceof ApiError ? err.firstError() : undefined) ?? t('server.error');
            const state: FillOutcome = { fillProblem: reason };
            void navigate(tracePaths.lot(data._id), { state });
          },
        });
      },
      onError: refused,
    });
  };

  const allSuppliers = suppliers.data ?? [];
  const suspended = allSuppliers.filter((s) => s.approval === 'SUSPENDED');
  const offered = allSuppliers.filter((s) => s.approval !== 'SUSPENDED' || s._id === lot?.supplierId);
  const supplierHint = suspended.length
    ? t('web.trace.suppliersSuspended', { count: suspended.length, names: suspended.map((s) => s.code).join(', ') })
    : undefined;
  const materialHint = materials.isError ? t('web.trace.materialsRefused') : !values.lineId ? t('web.trace.lineFirst') : undefined;
  const materialOptions = (materials.data ?? []).map((m) => ({ value: m._id, label: `${m.code} · ${m.name}` }));
  if (lot && !materialOptions.some((o) => o.value === lot.materialId)) materialOptions.push({ value: lot.materialId, label: `${lot.materialCode} · ${lot.materialName}` });
  const zone = text.zone(values.lineId);

  return (
    <form onSubmit={submit} noValidate aria-busy={busy} data-testid="lot-form">
      <Stack gap="md" maw={820}>
        {other.length > 0 ? (
          <Alert color="red" variant="light" role="alert" data-testid="lot-form-errors">
            <List size="sm">
              {other.map((m, i) => (
                <List.Item key={i}>{m}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <Group align="flex-start" wrap="wrap" grow>
          {lot ? (
            <TextInput label={t('web.config.line')} value={text.lineName(lot.lineId)} readOnly description={t('web.trace.lineFixed')} />
          ) : (
            <LineSelect lines={lines} value={values.lineId} onChange={(v) => change('lineId', v)} required error={errors.lineId} />
          )}
          <Select
            label={t('web.trace.material')}
            description={materialHint ?? t('web.trace.materialHint')}
            data={materialOptions}
            value={values.materialId}
            onChange={(v) => change('materialId', v)}
            disabled={!values.lineId || materials.isError}
            required
            searchable
            nothingFoundMessage={t('web.config.nothingFound')}
            error={errors.materialId}
            data-testid="lot-material"
          />
        </Group>
        <Group align="flex-start" wrap="wrap" grow>
          <Select
            label={t('web.trace.supplier')}
            description={supplierHint ?? t('web.trace.supplierHint')}
            data={offered.map((s) => ({ value: s._id, label: `${s.code} · ${s.name}${s.approval === 'CONDITIONAL' ? ` (${t('web.trace.conditional')})` : ''}` }))}
            value={values.supplierId}
            onChange={(v) => change('supplierId', v)}
            required
            searchable
            nothingFoundMessage={t('web.config.nothingFound')}
            error={errors.supplierId}
            data-testid="lot-supplier"
          />
          <TextInput label={t('web.trace.lotNumber')} description={t('web.trace.lotNumberHint')} value={values.lotNumber} onChange={(e) => change('lotNumber', e.currentTarget.value)} required error={errors.lotNumber} data-testid="lot-number" />
        </Group>
        <Group align="flex-start" wrap="wrap" grow>
          <NumberInput label={t('web.trace.quantityKg')} value={values.quantityKg} onChange={(v) => change('quantityKg', v)} min={0} decimalScale={3} required error={errors.quantityKg} data-testid="lot-quantity" />
          <TextInput label={t('web.trace.certificate')} description={t('web.trace.certificateHint')} value={values.certificate} onChange={(e) => change('certificate', e.currentTarget.value)} error={errors.certificate} data-testid="lot-certificate" />
        </Group>
        <Group align="flex-start" wrap="wrap" grow>
          <PlantDateTimeInput label={t('web.trace.receivedAt')} value={values.receivedAt} zone={zone} onChange={(iso) => change('receivedAt', iso ?? '')} required error={errors.receivedAt} data-testid="lot-received" />
          <PlantDateTimeInput label={t('web.trace.expiresAt')} value={values.expiresAt} zone={zone} onChange={(iso) => change('expiresAt', iso ?? '')} error={errors.expiresAt} data-testid="lot-expires" />
        </Group>
        {lot ? null : (
          <>
            <Radio.Group label={t('web.trace.startingStatus')} description={t('web.trace.startingStatusHint')} value={values.status} onChange={(v) => change('status', v)} error={errors.status}>
              <Group mt="xs">
                {LOT_STATUSES.filter((s) => s !== 'BLOCKED').map((s) => (
                  <Radio key={s} value={s} label={t(`web.trace.status.${s}`)} data-testid={`start-${s}`} />
                ))}
              </Group>
            </Radio.Group>
            <Fieldset legend={t('web.trace.fill.title')} variant="filled">
              <Stack gap="sm">
                <Checkbox label={t('web.trace.fill.now')} description={t('web.trace.fill.nowHint')} checked={values.fill} onChange={(e) => change('fill', e.currentTarget.checked)} data-testid="fill-now" />
                {values.fill ? (
                  <FillFields
                    lineId={values.lineId}
                    materialId={values.materialId}
                    binId={values.binId}
                    kg={values.fillKg}
                    placeholderKg={values.quantityKg === '' ? undefined : String(values.quantityKg)}
                    errors={{ binId: errors.binId, kg: errors.fillKg }}
                    onBin={(v) => change('binId', v)}
                    onKg={(v) => change('fillKg', v)}
                  />
                ) : null}
              </Stack>
            </Fieldset>
          </>
        )}
        <Group>
          <Button type="submit" loading={busy} data-testid="lot-submit">
            {t(lot ? 'web.config.save' : 'web.trace.receive')}
          </Button>
          <Button variant="default" component={Link} to={lot ? tracePaths.lot(lot._id) : tracePaths.lots}>
            {t('web.common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
