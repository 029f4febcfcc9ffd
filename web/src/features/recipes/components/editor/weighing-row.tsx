import { Select, Table } from '@mantine/core';
import { useRecipeText } from '../../hooks/use-recipe-text';
import { setpointKg, toleranceKg, withSetpointUnit, withToleranceUnit } from '../../utils/amounts';
import { amountValue, type Amount, type WeighingRow } from '../../utils/draft';
import { inputKey } from '../../utils/field-errors';
import { binsFor, dosableMaterials } from '../../utils/materials';
import { recordLabel, type PlantIndex } from '../../utils/plant-index';
import { AmountInput } from './amount-input';
import { MoveButtons } from './move-buttons';

export interface WeighingRowEditorProps {
  row: WeighingRow;
  /** Position on its scale, from 1. */
  n: number;
  scaleId: string;
  scaleCode: string;
  plant: PlantIndex;
  batchKg: Amount;
  first: boolean;
  last: boolean;
  onChange: (row: WeighingRow, key?: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  errorOf: (key: string) => string | undefined;
}

/** One weighing item: material (those the scale can dose), optional bin, setpoint and tolerance. */
export function WeighingRowEditor({ row, n, scaleId, scaleCode, plant, batchKg, first, last, onChange, onMove, onRemove, errorOf }: WeighingRowEditorProps) {
  const { t, kg, percent } = useRecipeText();
  const what = t('web.recipes.weighing.itemOn', { n, scale: scaleCode });
  const cell = (name: string) => t('web.recipes.cellOf', { field: name, what });
  const materials = dosableMaterials(plant, scaleId).map((m) => ({ value: m._id, label: recordLabel(m) }));
  if (row.materialId && !materials.some((m) => m.value === row.materialId)) {
    const m = plant.material(row.materialId);
    materials.push({ value: row.materialId, label: t('web.recipes.weighing.notDosable', { material: m ? recordLabel(m) : row.materialId }) });
  }
  const bins = binsFor(plant, scaleId, row.materialId).map((b) => ({ value: b._id, label: recordLabel(b) }));
  if (row.binId && !bins.some((b) => b.value === row.binId)) bins.push({ value: row.binId, label: plant.label(row.binId) ?? row.binId });

  const batch = amountValue(batchKg);
  const spKg = setpointKg(row, batchKg);
  const tolKg = toleranceKg(row, batchKg);
  const setpointHint =
    row.setpointUnit === 'PERCENT'
      ? spKg !== null && t('web.recipes.equalsKg', { kg: kg(spKg) })
      : spKg !== null && batch && batch > 0 && t('web.recipes.equalsPercentOfBatch', { percent: percent((spKg / batch) * 100) });
  const toleranceHint =
    row.toleranceUnit === 'PERCENT'
      ? tolKg !== null && t('web.recipes.equalsKg', { kg: kg(tolKg) })
      : tolKg !== null && spKg && spKg > 0 && t('web.recipes.equalsPercentOfSetpoint', { percent: percent((tolKg / spKg) * 100) });

  const key = (f: 'materialId' | 'binId' | 'setpoint' | 'tolerance') => inputKey.weighing(row.key, f);
  const set = (patch: Partial<WeighingRow>, f: 'materialId' | 'binId' | 'setpoint' | 'tolerance') => onChange({ ...row, ...patch }, key(f));

  return (
    <Table.Tr data-row={row.key}>
      <Table.Td style={{ verticalAlign: 'top' }}>{n}</Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }} miw={200}>
        <Select
          aria-label={cell(t('web.recipes.field.material'))}
          data={materials}
          value={row.materialId}
          onChange={(v) => {
            const keepBin = v && row.binId && binsFor(plant, scaleId, v).some((b) => b._id === row.binId);
            set({ materialId: v, binId: keepBin ? row.binId : null }, 'materialId');
          }}
          searchable
          placeholder={t('web.recipes.weighing.chooseMaterial')}
          nothingFoundMessage={t('web.recipes.weighing.noMaterial')}
          error={errorOf(key('materialId'))}
          data-field="materialId"
        />
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }} miw={160}>
        <Select
          aria-label={cell(t('web.recipes.field.bin'))}
          data={bins}
          value={row.binId}
          onChange={(v) => set({ binId: v }, 'binId')}
          clearable
          placeholder={t('web.recipes.weighing.anyBin')}
          disabled={!row.materialId}
          error={errorOf(key('binId'))}
          data-field="binId"
        />
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }}>
        <AmountInput
          label={cell(t('web.recipes.field.setpoint'))}
          value={row.setpoint}
          unit={row.setpointUnit}
          onValue={(v) => set({ setpoint: v }, 'setpoint')}
          onUnit={(u) => onChange(withSetpointUnit(row, u, batchKg), key('setpoint'))}
          equivalent={setpointHint || undefined}
          error={errorOf(key('setpoint'))}
          field="setpoint"
        />
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }}>
        <AmountInput
          label={cell(t('web.recipes.field.tolerance'))}
          value={row.tolerance}
          unit={row.toleranceUnit}
          onValue={(v) => set({ tolerance: v }, 'tolerance')}
          onUnit={(u) => onChange(withToleranceUnit(row, u, batchKg), key('tolerance'))}
          equivalent={toleranceHint || undefined}
          error={errorOf(key('tolerance'))}
          field="tolerance"
        />
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }}>
        <MoveButtons what={what} first={first} last={last} onMove={onMove} onRemove={onRemove} />
      </Table.Td>
    </Table.Tr>
  );
}
