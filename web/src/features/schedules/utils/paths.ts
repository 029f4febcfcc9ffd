/** The production schedule screens' addresses (§2). */
import { query } from '@/lib/query-string';
import { ALL_LINES } from '../api/schedule-types';

const BASE = '/scheduling/productionschedules';

export const schedulePaths = {
  list: (lineId?: string | null) => `${BASE}${query({ lineId: lineId === ALL_LINES ? undefined : lineId })}`,
  add: (lineId?: string | null) => `${BASE}/new${query({ lineId: lineId === ALL_LINES ? undefined : lineId })}`,
  edit: (id: string) => `${BASE}/edit/${encodeURIComponent(id)}`,
  view: (id: string) => `${BASE}/view/${encodeURIComponent(id)}`,
};
