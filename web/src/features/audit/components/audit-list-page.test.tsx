import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { recentDays } from '@/lib/plant-time';
import { failed, fakeApi, ok, type Answer } from '@/test/fake-api';
import { LocationProbe, renderAt } from '@/test/render';
import AuditScreen from '../screens/audit-screen';
import { FACETS, LOT_BLOCKED, RECIPE_CHANGED, RECIPE_ID, SIGN_IN_FAILED } from '../testing/fixtures';
import { auditScreens } from '../testing/screen-setup';

const LIST = '/api/audit';
const FACETS_PATH = 'GET /api/audit/facets';
const AMS = 'Europe/Amsterdam';

const show = (path = '/audit') =>
  renderAt(path, [
    {
      path: '/audit',
      element: (
        <>
          <AuditScreen />
          <LocationProbe />
        </>
      ),
    },
    { path: '/audit/:id', element: <LocationProbe /> },
  ]);

const page = (rows: unknown[], total = rows.length): Answer => ({ ...ok(rows), headers: { 'x-total-count': String(total) } });
const rows = () => screen.getAllByTestId('audit-row');
const rowOf = (id: number) => rows().find((r) => r.dataset.id === String(id))!;
const cell = (row: HTMLElement, name: string) => within(row).getByTestId(`audit-row-${name}`);
const location = () => screen.getByTestId('location').textContent ?? '';

describe('the audit trail list', () => {
  const saved = auditScreens();

  it('lists the last seven days of every line, newest first, in plant time to the second with the server’s labels', async () => {
    const api = fakeApi({ [`GET ${LIST}`]: page([RECIPE_CHANGED, LOT_BLOCKED, SIGN_IN_FAILED]), [FACETS_PATH]: ok(FACETS) });
    show();
    await screen.findByTestId('audit-table');
    // Both lines are in Amsterdam: every line reads in Amsterdam time, and the screen says so.
    const range = recentDays(new Date(), AMS, 7);
    expect(api.sent('GET', LIST)[0].query).toEqual({ fromDateTime: range.from, toDateTime: range.to, page: '1', limit: '100' });
    expect(api.sent('GET', LIST)[0].url).not.toContain('lineId');
    expect(screen.getByTestId('audit-zone')).toHaveTextContent('Times in plant time: Europe/Amsterdam');
    expect(screen.getByRole('columnheader', { name: 'Time (Europe/Amsterdam)' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Audit trail entries, newest first' })).toBeInTheDocument();
    expect(screen.getByTestId('audit-count')).toHaveTextContent('1–3 of 3');
    expect(rows().map((r) => r.dataset.id)).toEqual(['4711', '4710', '4709']);

    const recipe = rowOf(4711);
    expect(cell(recipe, 'time')).toHaveTextContent('Nov 25, 2026, 14:05:03');
    expect(cell(recipe, 'user')).toHaveTextContent('anna@plant.test');
    expect(cell(recipe, 'action')).toHaveTextContent('Changed');
    // The id shortened, the whole one in its title and for screen readers.
    expect(cell(recipe, 'record')).toHaveTextContent(`Recipe 0193a4b2…${RECIPE_ID}`);
    expect(within(recipe).getByTestId('audit-row-id')).toHaveAttribute('title', RECIPE_ID);
    expect(cell(recipe, 'line')).toHaveTextContent('L1');
    expect(cell(recipe, 'changes')).toHaveTextContent('4 values');

    const lot = rowOf(4710);
    expect(cell(lot, 'record')).toHaveTextContent(/^Lot M-2211$/);
    expect(cell(lot, 'changes')).toHaveTextContent('RELEASED → BLOCKED');
    expect(cell(lot, 'changes')).toHaveTextContent('from RELEASED to BLOCKED');

    const signIn = rowOf(4709);
    expect(cell(signIn, 'time')).toHaveTextContent('Nov 24, 2026, 23:30:00');
    expect(cell(signIn, 'user')).toHaveTextContent('(system)');
    expect(cell(signIn, 'action')).toHaveTextContent('Sign-in failed');
    expect(cell(signIn, 'record')).toHaveTextContent(/^Sign-in$/);
    expect(cell(signIn, 'line')).toHaveTextContent('—');
    expect(cell(signIn, 'changes')).toHaveTextContent('none');
  });

  it('asks again for each filter chosen, keeping every filter in the URL, and clears one', async () => {
    const api = fakeApi({ [`GET ${LIST}`]: page([LOT_BLOCKED]), [FACETS_PATH]: ok(FACETS) });
    const user = userEvent.setup();
    show();
    await screen.findByTestId('audit-table');
    const last = () => api.sent('GET', LIST).at(-1)!.query;

    await user.click(screen.getByRole('combobox', { name: 'Line' }));
    await user.click(screen.getByRole('option', { name: 'Line 2' }));
    await waitFor(() => expect(last().lineId).toBe('L2'));

    await user.click(screen.getByRole('combobox', { name: 'User' }));
    await user.click(await screen.findByRole('option', { name: 'bert@plant.test' }));
    await waitFor(() => expect(last().user).toBe('bert@plant.test'));

    // Record types and actions offered by the server's names, sent by their values.
    await user.click(screen.getByRole('combobox', { name: 'Record type' }));
    await user.click(await screen.findByRole('option', { name: 'Lot' }));
    await waitFor(() => expect(last().entity).toBe('lot'));
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Status changed' }));
    await waitFor(() => expect(last().action).toBe('status'));

    await user.type(screen.getByRole('searchbox', { name: /^Record id/ }), 'M-2211');
    await waitFor(() => expect(last().entityId).toBe('M-2211'));
    expect(last()).toMatchObject({ lineId: 'L2', user: 'bert@plant.test', entity: 'lot', action: 'status', entityId: 'M-2211', page: '1' });
    for (const part of ['lineId=L2', 'user=bert%40plant.test', 'entity=lot', 'action=status', 'entityId=M-2211']) expect(location()).toContain(part);

    await user.click(screen.getByRole('button', { name: 'Clear User' }));
    await waitFor(() => expect(last().user).toBeUndefined());
    expect(location()).not.toContain('user=');
  });

  it('reproduces a view from its link: the range and filters of the URL, their names shown', async () => {
    const api = fakeApi({ [`GET ${LIST}`]: page([RECIPE_CHANGED]), [FACETS_PATH]: ok(FACETS) });
    show('/audit?lineId=L1&from=2026-11-20T00:00:00Z&to=2026-11-26T00:00:00Z&user=anna%40plant.test&entity=recipe&action=updated&entityId=R1');
    await screen.findByTestId('audit-table');
    expect(api.sent('GET', LIST)[0].query).toEqual({
      fromDateTime: '2026-11-20T00:00:00Z',
      toDateTime: '2026-11-26T00:00:00Z',
      lineId: 'L1',
      user: 'anna@plant.test',
      entity: 'recipe',
      action: 'updated',
      entityId: 'R1',
      page: '1',
      limit: '100',
    });
    // Typed and shown in Line 1's plant time.
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('11/20/2026 01:00');
    expect(screen.getByRole('textbox', { name: 'Until' })).toHaveValue('11/26/2026 01:00');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Record type' })).toHaveValue('Recipe'));
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveValue('Changed');
    expect(screen.getByRole('combobox', { name: 'User' })).toHaveValue('anna@plant.test');
  });

  it('pages by the total the server counts', async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => ({ ...RECIPE_CHANGED, id: 9000 - i }));
    const api = fakeApi({ [`GET ${LIST}`]: page(hundred, 5234), [FACETS_PATH]: ok(FACETS) });
    const user = userEvent.setup();
    show('/audit?user=anna%40plant.test');
    await screen.findByTestId('audit-table');
    expect(screen.getByTestId('audit-count')).toHaveTextContent('1–100 of 5,234');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(api.sent('GET', LIST).at(-1)?.query).toMatchObject({ page: '3', limit: '100', user: 'anna@plant.test' }));
    expect(location()).toContain('page=3');
    await waitFor(() => expect(screen.getByTestId('audit-count')).toHaveTextContent('201–300 of 5,234'));
  });

  it('opens an entry from its row, by a click or by Enter, carrying the list’s filters', async () => {
    fakeApi({ [`GET ${LIST}`]: page([RECIPE_CHANGED, LOT_BLOCKED]), [FACETS_PATH]: ok(FACETS) });
    const user = userEvent.setup();
    const view = show('/audit?user=anna%40plant.test');
    await screen.findByTestId('audit-table');
    await user.click(cell(rowOf(4710), 'action'));
    await waitFor(() => expect(location()).toBe('/audit/4710?user=anna%40plant.test'));
    view.unmount();

    show('/audit?entity=recipe');
    await screen.findByTestId('audit-table');
    // The keyboard: Tab reaches the rows, Enter opens the one with the focus.
    rowOf(4711).focus();
    expect(rowOf(4711)).toHaveFocus();
    expect(rowOf(4711)).toHaveAccessibleDescription('Press Enter to open the entry with its changes.');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/audit/4711?entity=recipe'));
  });

  it('says when the period holds no entry, and when the filters match none', async () => {
    fakeApi({ [`GET ${LIST}`]: page([]), [FACETS_PATH]: ok(FACETS) });
    const view = show();
    expect(await screen.findByTestId('audit-empty')).toHaveTextContent('No audit entries in this period.');
    view.unmount();
    show('/audit?action=deleted');
    expect(await screen.findByTestId('audit-empty')).toHaveTextContent('No audit entry matches the filters.');
  });

  it('says a backwards range on its end and asks nothing; the server’s refusal of a filter shows on it', async () => {
    const api = fakeApi({
      [`GET ${LIST}`]: (call) => (call.query.entityId ? failed(400, 'Invalid', { entityId: 'At most 64 characters' }) : page([])),
      [FACETS_PATH]: ok(FACETS),
    });
    const view = show('/audit?from=2026-11-20T00:00:00Z&to=2026-11-10T00:00:00Z');
    expect(await screen.findByText('The end is before the start')).toBeInTheDocument();
    expect(api.sent('GET', LIST)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Export the audit trail as filtered' })).toBeDisabled();
    view.unmount();
    show('/audit?entityId=xxxx');
    expect(await screen.findByText('At most 64 characters')).toBeInTheDocument();
  });

  it('shows why the trail could not be read', async () => {
    fakeApi({ [`GET ${LIST}`]: failed(503, 'The database is not reachable'), [FACETS_PATH]: ok(FACETS) });
    show();
    expect(await screen.findByTestId('audit-problem')).toHaveTextContent('The database is not reachable');
  });

  it('exports the filtered trail: posts the filters, offers the file, and shows the server’s message when too many match', async () => {
    const api = fakeApi({
      [`GET ${LIST}`]: page([RECIPE_CHANGED]),
      [FACETS_PATH]: ok(FACETS),
      'POST /api/audit/generatePdf': failed(400, '2001 entries match; a file holds at most 2000. Narrow the filters (a shorter time range, a line or a user).'),
      'POST /api/audit/generateXlsx': { raw: 'PK workbook', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      'POST /api/audit/generateCsv': { raw: 'id,time\n4711,2026-11-25 14:05:03', type: 'text/csv' },
    });
    // The CSV's answer waits until released, to see the progress while it comes.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (request: Request) => {
      if (request.url.endsWith('/generateCsv')) await gate;
      return answer(request);
    });
    const user = userEvent.setup();
    show('/audit?lineId=L1&from=2026-11-20T00:00:00Z&to=2026-11-26T00:00:00Z&user=anna%40plant.test&entity=recipe');
    await screen.findByTestId('audit-table');
    const filters = { fromDateTime: '2026-11-20T00:00:00Z', toDateTime: '2026-11-26T00:00:00Z', lineId: 'L1', user: 'anna@plant.test', entity: 'recipe' };

    await user.click(screen.getByRole('button', { name: 'Export the audit trail as filtered' }));
    await user.click(await screen.findByRole('menuitem', { name: 'PDF' }));
    expect(await screen.findByText('2001 entries match; a file holds at most 2000. Narrow the filters (a shorter time range, a line or a user).')).toBeInTheDocument();
    expect(api.sent('POST', '/api/audit/generatePdf')[0].body).toEqual(filters);
    expect(saved.files).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Export the audit trail as filtered' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }));
    await waitFor(() => expect(saved.files).toHaveLength(1));
    expect(api.sent('POST', '/api/audit/generateXlsx')[0].body).toEqual(filters);
    expect(saved.files[0].name).toMatch(/^Audit_trail_\d{4}-\d{2}-\d{2}_\d{4}\.xlsx$/);
    expect(await saved.files[0].blob.text()).toBe('PK workbook');

    await user.click(screen.getByRole('button', { name: 'Export the audit trail as filtered' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    expect(await screen.findByRole('progressbar', { name: 'Preparing CSV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export the audit trail as filtered' })).toBeDisabled();
    release();
    await waitFor(() => expect(saved.files).toHaveLength(2));
    expect(saved.files[1].name).toMatch(/^Audit_trail_.*\.csv$/);
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Preparing CSV' })).toBeNull());
  });
});
