/** The recipe screens' addresses (§2). */
import { query } from '@/lib/query-string';

const BASE = '/recipemanagement/recipes';

export const recipePaths = {
  list: (lineId?: string | null) => `${BASE}${query({ lineId })}`,
  add: (lineId?: string | null) => `${BASE}/addrecipe${query({ lineId: lineId === 'ALL' ? undefined : lineId })}`,
  edit: (versionId: string) => `${BASE}/editrecipe/${encodeURIComponent(versionId)}`,
  /** The latest version of a recipe (any version's or the group's id). */
  view: (id: string) => `${BASE}/view/${encodeURIComponent(id)}`,
  version: (groupId: string, versionId: string) => `${BASE}/view/${encodeURIComponent(groupId)}/${encodeURIComponent(versionId)}`,
  saveAs: (versionId: string) => `${BASE}/${encodeURIComponent(versionId)}/saveAs`,
};
