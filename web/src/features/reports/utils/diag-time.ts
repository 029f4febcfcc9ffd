/**
 * A trend's time axis over its own points: their span (half an hour either side of a single
 * point), its instants named with seconds over a short span (a few batches of a fast line) and
 * with the day over a long one — in plant time (the line's zone), ticks on its hours.
 */
import type { PlantFormat } from '@/lib/plant-time';

const SHORT = 2 * 3600_000;
const HALF_HOUR = 1800_000;

export interface TimeAxis {
  times: readonly number[];
  label: (ms: number) => string;
  span: [number, number];
  /** The zone the ticks fall on the hours of (default: the browser's). */
  zone?: string;
}

export function timeAxis(plant: PlantFormat, times: readonly number[]): TimeAxis {
  const first = times[0] ?? 0;
  const last = times[times.length - 1] ?? first;
  const span = last - first;
  const label = span < SHORT ? (span > 0 ? plant.seconds : plant.time) : plant.short;
  return { times, label, span: span > 0 ? [first, last] : [first - HALF_HOUR, last + HALF_HOUR], zone: plant.zone };
}
