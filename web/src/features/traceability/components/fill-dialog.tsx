/** Puts kilograms of a lot into a bin of its line (after goods-in, or when the fill then failed). */
import { Modal, Stack } from '@mantine/core';
import { FormDialogActions } from '@/components/form-dialog-actions';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useFillBin } from '../api/lots-api';
import type { Lot } from '../api/trace-types';
import { useTraceText } from '../hooks/use-trace-text';
import { numberOf } from '../utils/numbers';
import { FillFields } from './fill-fields';

export function FillDialog({ lot, onClose }: { lot: Lot | null; onClose: () => void }) {
  const { t } = useTraceText();
  return (
    <Modal opened={lot !== null} onClose={onClose} title={lot ? t('web.trace.fill.of', { lot: lot.lotNumber }) : ''} centered size="lg">
      {lot ? <FillForm key={lot._id} lot={lot} onClose={onClose} /> : null}
    </Modal>
  );
}

function FillForm({ lot, onClose }: { lot: Lot; onClose: () => void }) {
  const { t } = useTraceText(lot.lineId);
  const fill = useFillBin();
  const left = Math.max(0, lot.quantityKg - lot.filledKg);
  const [binId, setBinId] = useState<string | null>(null);
  const [kg, setKg] = useState<number | string>(left > 0 ? left : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const own: Record<string, string> = {};
    if (!binId) own.binId = t('web.trace.fill.binRequired');
    if (!(numberOf(kg)! > 0)) own.quantityKg = t('web.trace.fill.positive');
    setErrors(own);
    setProblem(null);
    if (Object.keys(own).length) return;
    fill.mutate(
      { binId, lotId: lot._id, quantityKg: numberOf(kg) },
      {
        onSuccess: ({ message }) => {
          notify(message ?? t('web.trace.fill.done'), 'success');
          onClose();
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? (err.body?.errors ?? {}) : {};
          setErrors(fields);
          if (!fields.binId && !fields.quantityKg) setProblem((err instanceof ApiError ? err.firstError() : undefined) ?? t('server.error'));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="fill-dialog">
      <Stack gap="md">
        <FillFields
          lineId={lot.lineId}
          materialId={lot.materialId}
          binId={binId}
          kg={kg}
          errors={{ binId: errors.binId, kg: errors.quantityKg }}
          onBin={setBinId}
          onKg={setKg}
        />
        <FormDialogActions name="fill" problem={problem} pending={fill.isPending} onCancel={onClose} submit={t('web.trace.fill.submit')} />
      </Stack>
    </form>
  );
}
