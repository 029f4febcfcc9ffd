/**
 * The configuration of one line as the recipe screens need it: scales, materials and their
 * categories, bins with what they hold, mixing actions and modes, the three kinds of
 * parameters and the feeding points. One query per list, fetched together.
 */
import { useQueries } from '@tanstack/react-query';
import { apiClient, unwrap, type Schema } from '@/lib/api-client';

export type ScaleRecord = Schema<'ScaleRecord'>;
export type MaterialRecord = Schema<'MaterialDirectoryRecord'>;
export type CategoryRecord = Schema<'MaterialCategoryRecord'>;
export type BinRecord = Schema<'BinRecord'>;
export type ActionRecord = Schema<'MixingActionRecord'>;
export type ModeRecord = Schema<'MixingModeRecord'>;
export type FeedingPointRecord = Schema<'FeedingPointRecord'>;
/** Action, mode and miscellaneous parameters share one shape. */
export type ParameterRecord = Schema<'ActionParameterRecord'>;

export interface PlantLists {
  scales: ScaleRecord[];
  materials: MaterialRecord[];
  categories: CategoryRecord[];
  bins: BinRecord[];
  actions: ActionRecord[];
  modes: ModeRecord[];
  actionParameters: ParameterRecord[];
  modeParameters: ParameterRecord[];
  miscParameters: ParameterRecord[];
  feedingPoints: FeedingPointRecord[];
}

type Fetch<T> = (lineId: string, signal: AbortSignal) => Promise<T[]>;
const q = (lineId: string) => ({ query: { lineId } });

const FETCHERS: { [K in keyof PlantLists]: Fetch<PlantLists[K][number]> } = {
  scales: (l, signal) => unwrap(apiClient.GET('/api/scales', { params: q(l), signal })).then((r) => r.data ?? []),
  materials: (l, signal) => unwrap(apiClient.GET('/api/materialdirectory', { params: q(l), signal })).then((r) => r.data ?? []),
  categories: (l, signal) => unwrap(apiClient.GET('/api/materialcategories', { params: q(l), signal })).then((r) => r.data ?? []),
  bins: (l, signal) => unwrap(apiClient.GET('/api/bins', { params: q(l), signal })).then((r) => r.data ?? []),
  actions: (l, signal) => unwrap(apiClient.GET('/api/mixingactions', { params: q(l), signal })).then((r) => r.data ?? []),
  modes: (l, signal) => unwrap(apiClient.GET('/api/mixingmodes', { params: q(l), signal })).then((r) => r.data ?? []),
  actionParameters: (l, signal) => unwrap(apiClient.GET('/api/actionparameters', { params: q(l), signal })).then((r) => r.data ?? []),
  modeParameters: (l, signal) => unwrap(apiClient.GET('/api/modeparameters', { params: q(l), signal })).then((r) => r.data ?? []),
  miscParameters: (l, signal) => unwrap(apiClient.GET('/api/miscellaneousparameters', { params: q(l), signal })).then((r) => r.data ?? []),
  feedingPoints: (l, signal) => unwrap(apiClient.GET('/api/feedingpoints', { params: q(l), signal })).then((r) => r.data ?? []),
};
const NAMES = Object.keys(FETCHERS) as (keyof PlantLists)[];

export const plantKeys = {
  list: (name: keyof PlantLists, lineId: string) => ['recipes', 'plant', name, lineId] as const,
};

export interface PlantState {
  /** Every list once all have answered; null before (or without a line). */
  plant: PlantLists | null;
  pending: boolean;
  error: unknown;
}

/** The configuration lists of `lineId`. */
export function usePlant(lineId: string | null): PlantState {
  return useQueries({
    queries: NAMES.map((name) => ({
      queryKey: plantKeys.list(name, lineId ?? ''),
      queryFn: ({ signal }: { signal: AbortSignal }) => FETCHERS[name](lineId!, signal),
      enabled: Boolean(lineId),
    })),
    combine: (results) => {
      const error = results.find((r) => r.isError)?.error ?? null;
      if (!lineId || results.some((r) => !r.data)) {
        return { plant: null, pending: Boolean(lineId) && !error, error };
      }
      const plant = Object.fromEntries(NAMES.map((name, i) => [name, results[i].data])) as unknown as PlantLists;
      return { plant, pending: false, error };
    },
  });
}
