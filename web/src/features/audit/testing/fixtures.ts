/**
 * Audit trail entries for the audit tests, as the api answers them (labels in English): a
 * recipe changed on Line 1, a lot blocked on Line 2, a failed sign-in of no one. Both lines are
 * in Amsterdam, so every line reads in Amsterdam time.
 */
import type { AuditEntry, AuditFacets } from '../api/audit-types';

export const LINES = [
  { _id: 'L1', name: 'Line 1', timezone: 'Europe/Amsterdam' },
  { _id: 'L2', name: 'Line 2', timezone: 'Europe/Amsterdam' },
];

export const RECIPE_ID = '0193a4b2-0000-7000-8000-00000000r001';

/** Anna changed a recipe's name and a setpoint, added a note and removed a weighing item, at 14:05:03 Amsterdam time. */
export const RECIPE_CHANGED: AuditEntry = {
  id: 4711,
  at: '2026-11-25T13:05:03Z',
  actor: 'anna@plant.test',
  action: 'updated',
  actionLabel: 'Changed',
  entity: 'recipe',
  entityLabel: 'Recipe',
  entityId: RECIPE_ID,
  lineId: 'L1',
  lineCode: 'L1',
  lineName: 'Line 1',
  before: { name: 'Broiler grower', weighingItems: [{ material: 'Maize', setpointKg: 120.5 }, { material: 'Salt', setpointKg: 2 }] },
  after: { name: 'Broiler grower 2', note: 'Less salt', weighingItems: [{ material: 'Maize', setpointKg: 121 }] },
  detail: null,
  changes: [
    { path: 'name', old: 'Broiler grower', new: 'Broiler grower 2' },
    { path: 'note', new: 'Less salt' },
    { path: 'weighingItems[0].setpointKg', old: 120.5, new: 121 },
    { path: 'weighingItems[1]', old: { material: 'Salt', setpointKg: 2 } },
  ],
};

/** Bert blocked lot M-2211 of Line 2, with a reason. */
export const LOT_BLOCKED: AuditEntry = {
  id: 4710,
  at: '2026-11-25T09:00:00Z',
  actor: 'bert@plant.test',
  action: 'status',
  actionLabel: 'Status changed',
  entity: 'lot',
  entityLabel: 'Lot',
  entityId: 'M-2211',
  lineId: 'L2',
  lineCode: 'L2',
  lineName: 'Line 2',
  before: { lotNumber: 'M-2211', status: 'RELEASED' },
  after: { lotNumber: 'M-2211', status: 'BLOCKED' },
  detail: { from: 'RELEASED', to: 'BLOCKED', reason: 'Moisture too high' },
  changes: [{ path: 'status', old: 'RELEASED', new: 'BLOCKED' }],
};

/** A sign-in that failed: no user known, no record, no line. */
export const SIGN_IN_FAILED: AuditEntry = {
  id: 4709,
  at: '2026-11-24T22:30:00Z',
  actor: null,
  action: 'login_failed',
  actionLabel: 'Sign-in failed',
  entity: 'session',
  entityLabel: 'Sign-in',
  entityId: null,
  lineId: null,
  lineCode: null,
  lineName: null,
  before: null,
  after: null,
  detail: { email: 'nobody@plant.test', reason: 'unknown user' },
  changes: [],
};

export const FACETS: AuditFacets = {
  actors: ['anna@plant.test', 'bert@plant.test'],
  entities: [
    { value: 'lot', label: 'Lot' },
    { value: 'recipe', label: 'Recipe' },
    { value: 'session', label: 'Sign-in' },
  ],
  actions: [
    { value: 'updated', label: 'Changed' },
    { value: 'login_failed', label: 'Sign-in failed' },
    { value: 'status', label: 'Status changed' },
  ],
};
