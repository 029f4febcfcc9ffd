/**
 * The columns of the bin history: each bin over the range (capacity, opening level, filled, dosed
 * and emptied kilograms, closing level, the weight the movements do not account for — flagged
 * when the row does not reconcile — how many fills, doses, empties and material changes, the
 * materials that moved) and its movements (time, bin, material, lot, kind, change, level).
 */
import { Badge } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import type { BinSummary, Movement } from '../api/report-types';
import { textColumn, type Column } from '../utils/columns';

const kg = <R,>(id: string, label: string): Column<R> => ({ ...textColumn<R>(id, label, id), kind: 'kg' });
const count = <R,>(id: string, label: string): Column<R> => ({ ...textColumn<R>(id, label, id), kind: 'count' });

const KIND: Record<string, string> = {
  FILL: 'web.report.binKind.FILL',
  DOSE: 'web.report.binKind.DOSE',
  EMPTY: 'web.report.binKind.EMPTY',
  CHANGE: 'web.report.binKind.CHANGE',
};

/** The movement kinds, for the filter (message ids). */
export const BIN_KINDS = Object.entries(KIND).map(([value, label]) => ({ value, label }));

export const BIN_COLUMNS: Column<BinSummary>[] = [
  textColumn('lineName', 'web.report.col.line', 'lineName'),
  textColumn('bin', 'web.report.col.bin', 'binId', { text: (r) => [r.binId, r.binName].filter(Boolean).join(' · ') }),
  {
    ...kg<BinSummary>('capacityKg', 'web.report.col.capacityKg'),
    cell: (r, text) =>
      r.overCapacity ? (
        <Badge color="#b02a37" c="white" variant="filled" data-testid={`bin-over-${r.binId}`}>
          {text} · <FormattedMessage id="web.report.binAboveCapacity" />
        </Badge>
      ) : (
        text
      ),
  },
  kg('openingKg', 'web.report.col.openingKg'),
  kg('filledKg', 'web.report.col.filledKg'),
  kg('dosedKg', 'web.report.col.dosedKg'),
  kg('emptiedKg', 'web.report.col.emptiedKg'),
  kg('closingKg', 'web.report.col.closingKg'),
  {
    ...kg<BinSummary>('discrepancyKg', 'web.report.col.discrepancyKg'),
    cell: (r, text) =>
      r.reconciled ? (
        text
      ) : (
        <Badge color="#b02a37" c="white" variant="filled" data-testid={`bin-unreconciled-${r.binId}`}>
          {text} · <FormattedMessage id="web.report.binUnreconciled" />
        </Badge>
      ),
  },
  count('fills', 'web.report.col.fills'),
  count('doses', 'web.report.col.doses'),
  count('empties', 'web.report.col.empties'),
  count('changes', 'web.report.col.changes'),
  textColumn('materials', 'web.report.col.materials', 'materials', { text: (r) => r.materials.join(', '), sortable: false }),
];

export const MOVEMENT_COLUMNS: Column<Movement>[] = [
  { ...textColumn('time', 'web.report.col.time', 'time'), kind: 'dateTime' },
  textColumn('binId', 'web.report.col.bin', 'binId'),
  textColumn('material', 'web.report.col.material', 'materialName', { text: (r) => r.materialName || r.materialId }),
  textColumn('lot', 'web.report.col.lot', 'lot'),
  textColumn('kind', 'web.report.col.kind', 'kind', { text: (r, fmt) => (KIND[r.kind] ? fmt.t(KIND[r.kind]) : r.kind) }),
  kg('deltaKg', 'web.report.col.deltaKg'),
  kg('levelKg', 'web.report.col.levelKg'),
];

export const binKey = (r: BinSummary) => `${r.lineId}|${r.binId}`;
export const movementKey = (r: Movement) => `${r.time}|${r.lineId}|${r.binId}|${r.kind}|${r.deltaKg}`;
