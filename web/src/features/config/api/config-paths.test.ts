import { describe, expect, it } from 'vitest';
import type { paths } from '@/lib/api-client';
import { addCall, deleteCall, editCall, getCall, listCall } from './config-paths';
import { descriptor } from '../testing/descriptors-fixture';
import type { EntityKey } from '../utils/permissions';

/** List and get paths of every entity that the api's document lacks: must be none. */
type Undocumented = Exclude<`/api/${EntityKey}` | `/api/${EntityKey}/{id}`, keyof paths>;
const listAndGetDocumented: [Undocumented] extends [never] ? true : Undocumented = true;

describe('config calls by routes style (§7)', () => {
  it('lists and gets every entity on paths of the api document (checked by the compiler)', () => {
    expect(listAndGetDocumented).toBe(true);
  });

  it('follows the configuration pattern for most entities', () => {
    const scales = descriptor('scales');
    expect(listCall(scales, 'L1')).toEqual({ method: 'GET', path: '/api/scales?lineId=L1' });
    expect(getCall(scales, 'S1')).toEqual({ method: 'GET', path: '/api/scales/S1' });
    expect(addCall(scales, { code: 'A', lineId: 'L1' })).toEqual({ method: 'POST', path: '/api/scales/add', body: { code: 'A', lineId: 'L1' } });
    expect(editCall(scales, 'S1', { code: 'B' })).toEqual({ method: 'POST', path: '/api/scales/edit/S1', body: { code: 'B' } });
    expect(deleteCall(scales, 'S1')).toEqual({ method: 'POST', path: '/api/scales/delete', body: { id: 'S1' } });
  });

  it('lists lines without a line and passes only filter fields', () => {
    expect(listCall(descriptor('lines'), 'L1').path).toBe('/api/lines');
    expect(listCall(descriptor('reportparameters'), 'L1', { isDownstream: 'true', source: 'MIXER' }).path).toBe(
      '/api/reportparameters?lineId=L1&isDownstream=true',
    );
    expect(listCall(descriptor('scales'), 'L 1', { type: '' }).path).toBe('/api/scales?lineId=L+1');
  });

  it('updates shifts with PUT /update/{id}', () => {
    const shifts = descriptor('shifts');
    expect(listCall(shifts, 'L1').path).toBe('/api/shifts?lineId=L1');
    expect(addCall(shifts, {}).path).toBe('/api/shifts/add');
    expect(editCall(shifts, 'X', {})).toMatchObject({ method: 'PUT', path: '/api/shifts/update/X' });
    expect(deleteCall(shifts, 'X')).toEqual({ method: 'POST', path: '/api/shifts/delete', body: { id: 'X' } });
  });

  it('edits stop-time groups with PUT and deletes them with DELETE /delete/{id}', () => {
    const groups = descriptor('stoptimereasongroup');
    expect(listCall(groups, 'L1').path).toBe('/api/stoptimereasongroup?lineId=L1');
    expect(getCall(groups, 'G').path).toBe('/api/stoptimereasongroup/G');
    expect(addCall(groups, {}).path).toBe('/api/stoptimereasongroup/add');
    expect(editCall(groups, 'G', {})).toMatchObject({ method: 'PUT', path: '/api/stoptimereasongroup/edit/G' });
    expect(deleteCall(groups, 'G')).toEqual({ method: 'DELETE', path: '/api/stoptimereasongroup/delete/G' });
  });

  it('adds stop reasons at /api/stopreason and edits and deletes them on /api/stopreasons/{id}', () => {
    const reasons = descriptor('stopreasons');
    expect(listCall(reasons, 'L1').path).toBe('/api/stopreasons?lineId=L1');
    expect(addCall(reasons, { name: 'x' })).toEqual({ method: 'POST', path: '/api/stopreason', body: { name: 'x' } });
    expect(editCall(reasons, 'R', {})).toMatchObject({ method: 'POST', path: '/api/stopreasons/R' });
    expect(deleteCall(reasons, 'R')).toEqual({ method: 'DELETE', path: '/api/stopreasons/R' });
  });

  it('follows the configuration pattern for the ideal rates of a line', () => {
    const rates = descriptor('idealrates');
    expect(listCall(rates, 'L1').path).toBe('/api/idealrates?lineId=L1');
    expect(addCall(rates, { recipeCode: 'BROILER-1', kgPerHour: 12000, lineId: 'L1' }).path).toBe('/api/idealrates/add');
    expect(editCall(rates, 'R1', {})).toMatchObject({ method: 'POST', path: '/api/idealrates/edit/R1' });
    expect(deleteCall(rates, 'R1')).toEqual({ method: 'POST', path: '/api/idealrates/delete', body: { id: 'R1' } });
  });

  it('escapes ids in paths', () => {
    expect(getCall(descriptor('bins'), 'a/b').path).toBe('/api/bins/a%2Fb');
  });
});
