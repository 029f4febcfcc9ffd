import { Group, NumberInput, Select } from '@mantine/core';
import { useBins } from '../api/references-api';
import { useTraceText } from '../hooks/use-trace-text';
import { binsHolding } from '../utils/lot-form';

export interface FillFieldsProps {
  lineId: string | null;
  materialId: string | null;
  binId: string | null;
  kg: number | string;
  /** Shown as the kilograms when none are typed (the whole lot). */
  placeholderKg?: string;
  errors: { binId?: string; kg?: string };
  onBin: (binId: string | null) => void;
  onKg: (kg: number | string) => void;
}

/** Which bin of the line (those holding the material) and how many kilograms go into it. */
export function FillFields({ lineId, materialId, binId, kg, placeholderKg, errors, onBin, onKg }: FillFieldsProps) {
  const text = useTraceText(lineId);
  const { t } = text;
  const bins = useBins(lineId);
  const holding = binsHolding(bins.data ?? [], materialId);
  let hint: string | undefined;
  if (bins.isError) hint = t('web.trace.fill.binsRefused');
  else if (!materialId) hint = t('web.trace.fill.materialFirst');
  else if (bins.data && holding.length === 0) hint = t('web.trace.fill.noBin');
  else hint = t('web.trace.fill.binHint');
  return (
    <Group align="flex-start" wrap="wrap" gap="md">
      <Select
        label={t('web.trace.fill.bin')}
        description={hint}
        placeholder={bins.isPending && bins.fetchStatus !== 'idle' ? t('web.common.loading') : undefined}
        data={holding.map((b) => ({ value: b._id, label: t('web.trace.fill.binOption', { code: b.code, name: b.name, capacity: text.num(b.capacityKg) }) }))}
        value={binId}
        onChange={onBin}
        required
        searchable
        error={errors.binId}
        w={320}
        data-testid="fill-bin"
      />
      <NumberInput
        label={t('web.trace.fill.kg')}
        description={t('web.trace.fill.kgHint')}
        value={kg}
        placeholder={placeholderKg}
        onChange={onKg}
        min={0}
        decimalScale={3}
        error={errors.kg}
        w={220}
        data-testid="fill-kg"
      />
    </Group>
  );
}
