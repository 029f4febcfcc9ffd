import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failed, fakeApi, ok } from '@/test/fake-api';
import { renderAt } from '@/test/render';
import AuditEntryScreen from '../screens/audit-entry-screen';
import { LOT_BLOCKED, RECIPE_CHANGED, RECIPE_ID, SIGN_IN_FAILED } from '../testing/fixtures';
import { auditScreens } from '../testing/screen-setup';

const show = (path: string) => renderAt(path, [{ path: '/audit/:id', element: <AuditEntryScreen /> }]);
const fact = (field: string) => within(screen.getByTestId('audit-facts')).getByRole('row', { name: new RegExp(`^${field}`) });

describe('an audit trail entry', () => {
  auditScreens();

  it('shows who did what to which record, when in plant time with its zone, and the way back to the list as filtered', async () => {
    const api = fakeApi({ 'GET /api/audit/4711': ok(RECIPE_CHANGED) });
    show('/audit/4711?user=anna%40plant.test&page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Recipe · Changed' })).toBeInTheDocument();
    expect(api.sent('GET', '/api/audit/4711')).toHaveLength(1);
    expect(screen.getByRole('table', { name: 'Audit entry' })).toBeInTheDocument();
    expect(fact('Time')).toHaveTextContent('Nov 25, 2026, 14:05:03 (Europe/Amsterdam)');
    expect(fact('User')).toHaveTextContent('anna@plant.test');
    expect(fact('Action')).toHaveTextContent('Changed');
    expect(fact('Record type')).toHaveTextContent('Recipe');
    expect(fact('Record id')).toHaveTextContent(RECIPE_ID);
    expect(fact('Line')).toHaveTextContent('L1 · Line 1');
    expect(screen.getByRole('link', { name: 'Back to the audit trail' })).toHaveAttribute('href', '/audit?user=anna%40plant.test&page=2');
  });

  it('lists the values that changed: added, removed and changed said in words, with before and after', async () => {
    fakeApi({ 'GET /api/audit/4711': ok(RECIPE_CHANGED) });
    show('/audit/4711');
    const table = await screen.findByRole('table', { name: 'Changes' });
    const [head, ...body] = within(table).getAllByRole('row');
    expect(within(head).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Field', 'Change', 'Before', 'After']);
    expect(body.map((r) => r.dataset.kind)).toEqual(['changed', 'added', 'changed', 'removed']);
    const cells = (row: HTMLElement) => [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')].map((c) => c.textContent);
    expect(cells(body[0])).toEqual(['name', 'Changed', 'Broiler grower', 'Broiler grower 2']);
    // An added value had none before; a removed one has none after ("—", said as "none").
    expect(cells(body[1])).toEqual(['note', 'Added', '—none', 'Less salt']);
    expect(cells(body[2])).toEqual(['weighingItems[0].setpointKg', 'Changed', '120.5', '121']);
    expect(cells(body[3])).toEqual(['weighingItems[1]', 'Removed', '{"material":"Salt","setpointKg":2}', '—none']);
  });

  it('opens the whole record before and after, pretty printed', async () => {
    fakeApi({ 'GET /api/audit/4711': ok(RECIPE_CHANGED) });
    const user = userEvent.setup();
    show('/audit/4711');
    const before = await screen.findByRole('button', { name: 'Before (JSON)' });
    expect(before).toHaveAttribute('aria-expanded', 'false');
    await user.click(before);
    expect(before).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('audit-before-json').textContent).toBe(JSON.stringify(RECIPE_CHANGED.before, null, 2));
    await user.click(screen.getByRole('button', { name: 'After (JSON)' }));
    expect(screen.getByTestId('audit-after-json')).toHaveTextContent('"note": "Less salt"');
  });

  it('shows what else the event says as key and value; an entry of no user, record or line says so', async () => {
    fakeApi({ 'GET /api/audit/4710': ok(LOT_BLOCKED), 'GET /api/audit/4709': ok(SIGN_IN_FAILED) });
    const view = show('/audit/4710');
    const detail = await screen.findByRole('table', { name: 'Details' });
    expect(within(detail).getAllByRole('row').map((r) => r.textContent)).toEqual(['fromRELEASED', 'toBLOCKED', 'reasonMoisture too high']);
    view.unmount();

    show('/audit/4709');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-in · Sign-in failed' })).toBeInTheDocument();
    expect(fact('User')).toHaveTextContent('(system)');
    expect(fact('Record id')).toHaveTextContent('—');
    expect(fact('Line')).toHaveTextContent('None (no single line)');
    expect(screen.getByTestId('audit-no-changes')).toHaveTextContent('No value changed.');
    expect(within(screen.getByRole('table', { name: 'Details' })).getByRole('row', { name: /^reason/ })).toHaveTextContent('unknown user');
  });

  it('says when there is no such entry, with the way back', async () => {
    fakeApi({ 'GET /api/audit/99': failed(404, 'There is no such audit entry.') });
    show('/audit/99?action=deleted');
    expect(await screen.findByTestId('audit-problem')).toHaveTextContent('There is no such audit entry.');
    expect(screen.getByRole('link', { name: 'Back to the audit trail' })).toHaveAttribute('href', '/audit?action=deleted');
  });
});
