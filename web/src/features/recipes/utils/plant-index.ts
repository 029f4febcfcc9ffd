/**
 * Lookups over a line's configuration lists: records by id, every parameter by id whatever its
 * kind, and the `CODE · Name` label of any record a recipe names.
 */
import type { BinRecord, MaterialRecord, ModeRecord, ParameterRecord, PlantLists, ScaleRecord, ActionRecord, CategoryRecord } from '../api/plant-api';

export interface PlantIndex {
  lists: PlantLists;
  scale: (id: string | null | undefined) => ScaleRecord | undefined;
  material: (id: string | null | undefined) => MaterialRecord | undefined;
  category: (id: string | null | undefined) => CategoryRecord | undefined;
  bin: (id: string | null | undefined) => BinRecord | undefined;
  action: (id: string | null | undefined) => ActionRecord | undefined;
  mode: (id: string | null | undefined) => ModeRecord | undefined;
  /** An action, mode or miscellaneous parameter. */
  parameter: (id: string | null | undefined) => ParameterRecord | undefined;
  /** `CODE · Name` of any record of the line; undefined for an id it does not know. */
  label: (id: string | null | undefined) => string | undefined;
}

interface Named {
  _id: string;
  code: string;
  name: string;
}

function byId<T extends { _id: string }>(records: T[]): Map<string, T> {
  return new Map(records.map((r) => [r._id, r]));
}

export const EMPTY_PLANT: PlantLists = {
  scales: [],
  materials: [],
  categories: [],
  bins: [],
  actions: [],
  modes: [],
  actionParameters: [],
  modeParameters: [],
  miscParameters: [],
  feedingPoints: [],
};

/** `CODE · Name`, or the code alone when the name says the same. */
export function recordLabel(r: Named): string {
  return r.name && r.name !== r.code ? `${r.code} · ${r.name}` : r.code;
}

export function indexPlant(lists: PlantLists): PlantIndex {
  const scales = byId(lists.scales);
  const materials = byId(lists.materials);
  const categories = byId(lists.categories);
  const bins = byId(lists.bins);
  const actions = byId(lists.actions);
  const modes = byId(lists.modes);
  const parameters = byId([...lists.actionParameters, ...lists.modeParameters, ...lists.miscParameters]);
  const everything = new Map<string, Named>();
  for (const list of Object.values(lists) as Named[][]) for (const r of list) everything.set(r._id, r);
  const get =
    <T>(map: Map<string, T>) =>
    (id: string | null | undefined) =>
      id ? map.get(id) : undefined;
  return {
    lists,
    scale: get(scales),
    material: get(materials),
    category: get(categories),
    bin: get(bins),
    action: get(actions),
    mode: get(modes),
    parameter: get(parameters),
    label: (id) => {
      const r = id ? everything.get(id) : undefined;
      return r ? recordLabel(r) : undefined;
    },
  };
}
