import { Group, Select } from '@mantine/core';
import { LineSelect } from '@/components/line-select';
import { PlantDateTimeInput } from '@/components/plant-date-time-input';
import { SearchInput } from '@/components/search-input';
import { LotStatus } from '@/generated/enums';
import type { LineRef } from '@/lib/lines';
import { useMaterials, useSuppliers } from '../api/references-api';
import { ALL_LINES } from '../api/trace-types';
import { useTraceText } from '../hooks/use-trace-text';
import type { LotFilters as Filters } from '../utils/filters';

export interface LotFiltersProps {
  filters: Filters;
  lines: LineRef[];
  toError?: string;
  onChange: (patch: Partial<Filters>) => void;
}

/** Line (or all), material (of the line), supplier, status, lot number and the receipt range (plant time). */
export function LotFilters({ filters, lines, toError, onChange }: LotFiltersProps) {
  const text = useTraceText(filters.lineId === ALL_LINES ? null : filters.lineId);
  const { t } = text;
  const line = filters.lineId === ALL_LINES ? null : filters.lineId;
  const materials = useMaterials(line);
  const suppliers = useSuppliers();
  const any = t('web.config.all');
  const materialHint = !line ? t('web.trace.lineFirst') : materials.isError ? t('web.trace.materialsRefused') : undefined;
  return (
    <Group align="flex-start" mb="md" wrap="wrap" gap="md">
      <LineSelect lines={[{ _id: ALL_LINES, name: t('web.trace.allLines') }, ...lines]} value={filters.lineId} onChange={(lineId) => onChange({ lineId })} w={200} />
      <Select
        label={t('web.trace.material')}
        placeholder={any}
        description={materialHint}
        data={(materials.data ?? []).map((m) => ({ value: m._id, label: `${m.code} · ${m.name}` }))}
        value={filters.materialId}
        onChange={(materialId) => onChange({ materialId })}
        disabled={!line || materials.isError}
        clearable
        searchable
        w={220}
        data-testid="lot-filter-material"
      />
      <Select
        label={t('web.trace.supplier')}
        placeholder={any}
        data={(suppliers.data ?? []).map((s) => ({ value: s._id, label: `${s.code} · ${s.name}` }))}
        value={filters.supplierId}
        onChange={(supplierId) => onChange({ supplierId })}
        clearable
        searchable
        w={220}
        data-testid="lot-filter-supplier"
      />
      <Select
        label={t('web.trace.statusLabel')}
        placeholder={any}
        data={LotStatus.map((s) => ({ value: s, label: t(`web.trace.status.${s}`) }))}
        value={filters.status}
        onChange={(status) => onChange({ status: status })}
        clearable
        w={170}
        data-testid="lot-filter-status"
      />
      <SearchInput label={t('web.trace.lotNumberSearch')} value={filters.lotNumber} onSearch={(lotNumber) => onChange({ lotNumber })} w={180} data-testid="lot-filter-number" />
      <PlantDateTimeInput label={t('web.trace.receivedFrom')} value={filters.from} zone={text.zone()} onChange={(from) => onChange({ from })} w={190} data-testid="lot-filter-from" />
      <PlantDateTimeInput label={t('web.trace.receivedTo')} value={filters.to} zone={text.zone()} onChange={(to) => onChange({ to })} error={toError} w={190} data-testid="lot-filter-to" />
    </Group>
  );
}
