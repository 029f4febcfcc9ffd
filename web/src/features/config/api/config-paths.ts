/**
 * The calls of a configuration entity, spelled by its `routes` style (§7): most follow the
 * configuration pattern; shifts, stop-time groups and stop reasons have paths of their own.
 */
import { query } from '@/lib/api-client';
import type { EntityDescriptor } from './config-types';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Call {
  method: Method;
  path: string;
  body?: unknown;
}

const id = (value: string) => encodeURIComponent(value);

/** Every style keeps the entity key as the first segment (`/api/stoptimereasongroup/…`). */
function base(d: EntityDescriptor): string {
  return `/api/${d.key}`;
}

/** List: `?lineId=` for scoped entities, plus the filter fields given. */
export function listCall(d: EntityDescriptor, lineId?: string | null, filters: Record<string, string> = {}): Call {
  const allowed = new Set(d.fields.filter((f) => f.filter).map((f) => f.name));
  const params: Record<string, string | undefined | null> = { lineId: d.scoped ? lineId : undefined };
  for (const [name, value] of Object.entries(filters)) if (allowed.has(name)) params[name] = value;
  return { method: 'GET', path: `${base(d)}${query(params)}` };
}

export function getCall(d: EntityDescriptor, recordId: string): Call {
  return { method: 'GET', path: `${base(d)}/${id(recordId)}` };
}

export function addCall(d: EntityDescriptor, record: Record<string, unknown>): Call {
  const path = d.routes === 'stopReasons' ? '/api/stopreason' : `${base(d)}/add`;
  return { method: 'POST', path, body: record };
}

export function editCall(d: EntityDescriptor, recordId: string, record: Record<string, unknown>): Call {
  switch (d.routes) {
    case 'shifts':
      return { method: 'PUT', path: `${base(d)}/update/${id(recordId)}`, body: record };
    case 'stopTimeGroups':
      return { method: 'PUT', path: `${base(d)}/edit/${id(recordId)}`, body: record };
    case 'stopReasons':
      return { method: 'POST', path: `${base(d)}/${id(recordId)}`, body: record };
    case 'pattern':
      return { method: 'POST', path: `${base(d)}/edit/${id(recordId)}`, body: record };
  }
}

export function deleteCall(d: EntityDescriptor, recordId: string): Call {
  switch (d.routes) {
    case 'stopTimeGroups':
      return { method: 'DELETE', path: `${base(d)}/delete/${id(recordId)}` };
    case 'stopReasons':
      return { method: 'DELETE', path: `${base(d)}/${id(recordId)}` };
    case 'shifts':
    case 'pattern':
      return { method: 'POST', path: `${base(d)}/delete`, body: { id: recordId } };
  }
}
