/**
 * The columns of the pellet-press pressure: per material and sensor, or per batch — readings,
 * first and last, mean, lowest, highest, standard deviation, setpoint, deviation of the mean
 * from it, mean absolute deviation and the share of readings within the band — and of a
 * sensor's chart summed up.
 */
import { textColumn, type Column } from '../utils/columns';
import type { SensorStats } from '../utils/pcs-series';
import type { PressureRow } from '../utils/pcs-types';
import { count, decimal, instant } from './batch-columns';
import { lineColumn, signed } from './diag-columns';

const figures: Column<PressureRow>[] = [
  count('readings', 'web.pcs.col.readings'),
  instant('firstAt', 'web.pcs.col.firstAt'),
  instant('lastAt', 'web.pcs.col.lastAt'),
  decimal('meanBar', 'web.pcs.col.meanBar'),
  decimal('minBar', 'web.pcs.col.minBar'),
  decimal('maxBar', 'web.pcs.col.maxBar'),
  decimal('stddevBar', 'web.pcs.col.stddevBar'),
  decimal('setpointBar', 'web.pcs.col.setpointBar'),
  { ...decimal<PressureRow>('deviationBar', 'web.pcs.col.deviationBar'), text: (r, fmt) => signed(r.deviationBar, fmt) },
  decimal('meanAbsDeviationBar', 'web.pcs.col.meanAbsDeviationBar'),
  { ...textColumn<PressureRow>('withinBandPct', 'web.pcs.col.withinBandPct', 'withinBandPct'), kind: 'pct' },
];

const material = textColumn<PressureRow>('material', 'web.pcs.col.material', 'materialCode');
const sensor = <R,>() => textColumn<R>('sensor', 'web.pcs.col.sensor', 'sensor');

/** Per material and sensor; with the line over every line. */
export const pressureColumns = (allLines: boolean): Column<PressureRow>[] => [...(allLines ? [lineColumn<PressureRow>()] : []), material, sensor<PressureRow>(), ...figures];

/** Per batch and sensor. */
export const batchPressureColumns = (allLines: boolean): Column<PressureRow>[] => [
  textColumn<PressureRow>('batch', 'web.report.col.batch', 'batchId'),
  ...(allLines ? [lineColumn<PressureRow>()] : []),
  material,
  sensor<PressureRow>(),
  ...figures,
];

export const pressureKey = (r: PressureRow) => [r.lineId, r.batchId ?? '', r.materialCode ?? '', r.sensor].join('|');

/** A sensor's chart summed up; the setpoint only with `BOTH`. */
export const sensorColumns = (both: boolean): Column<SensorStats>[] => [
  sensor<SensorStats>(),
  lineColumn<SensorStats>(),
  count('buckets', 'web.pcs.col.buckets'),
  decimal('meanBar', 'web.pcs.col.meanBar'),
  decimal('minBar', 'web.pcs.col.minBar'),
  decimal('maxBar', 'web.pcs.col.maxBar'),
  ...(both ? [decimal<SensorStats>('setpointBar', 'web.pcs.col.setpointBar')] : []),
];
