import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LocationProbe, renderAt } from '@/test/render';
import type { ScheduleInput } from '../../api/schedule-types';
import EditScheduleScreen from '../../screens/edit-screen';
import NewScheduleScreen from '../../screens/new-screen';
import { failed, fakeApi, ok, type Reply } from '../../testing/fake-api';
import { GROWER_V2, LEVELS, MEDSTART_V1, order, RUNNING, TRIAL_ONLY } from '../../testing/fixtures';
import { signedIn } from '../../testing/screen-setup';

const ADD = '/api/productionschedules/add';
const CONFLICT = 'Order PO-9 (Medicated) may not follow order PO-1 (None) without a flush';

const routes = (more: Record<string, Reply> = {}) => ({
  'GET /api/releasedrecipes?lineId=L1': ok([GROWER_V2, MEDSTART_V1, TRIAL_ONLY]),
  'GET /api/recipes/releaselevels': ok(LEVELS),
  ...more,
});

const show = (path = '/scheduling/productionschedules/new?lineId=L1') =>
  renderAt(path, [
    { path: '/scheduling/productionschedules/new', element: <NewScheduleScreen /> },
    { path: '/scheduling/productionschedules/edit/:id', element: <EditScheduleScreen /> },
    { path: '/scheduling/productionschedules/view/:id', element: <LocationProbe /> },
  ]);

/** Fills the order number, picks MEDSTART and sets the start; answers the user-event instance. */
async function fill() {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: /Order number/ }), 'PO-9');
  await user.click(screen.getByRole('combobox', { name: /Recipe/ }));
  await user.click(await screen.findByRole('option', { name: /MEDSTART/ }));
  // Typed in the user's language, meant in the line's zone (UTC in these fixtures).
  fireEvent.change(screen.getByLabelText(/Planned start/), { target: { value: '11/24/2026 08:00' } });
  return user;
}

describe('the order form', () => {
  signedIn();

  it('offers the versions released to production only, and fills the batch size and name from the one chosen', async () => {
    fakeApi(routes());
    const user = userEvent.setup();
    show();
    expect(await screen.findByTestId('schedule-form')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /Recipe/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['GROWER · Grower · v2 · 1,000 kg · None', 'MEDSTART · Medicated starter · v1 · 2,000 kg · Medicated']);
    await user.click(screen.getByRole('option', { name: /MEDSTART/ }));
    expect(screen.getByRole('textbox', { name: /Batch size/ })).toHaveValue('2000');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('placeholder', 'Medicated starter');
    expect(screen.getByText('Empty = after the last order')).toBeInTheDocument();
  });

  it('puts the server’s field messages on their fields', async () => {
    fakeApi(routes({ [`POST ${ADD}`]: failed(400, 'Some fields are invalid', { orderNumber: 'This order number is already used on the line', batches: 'Enter a number from 1 to 999' }) }));
    show();
    const user = await fill();
    await user.click(screen.getByTestId('schedule-submit'));
    expect(await screen.findByText('This order number is already used on the line')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Order number/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /Batches/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter a number from 1 to 999')).toBeInTheDocument();
    // Typing in a field takes its message away.
    await user.type(screen.getByRole('textbox', { name: /Order number/ }), 'X');
    expect(screen.getByRole('textbox', { name: /Order number/ })).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a carry-over refusal and places the order with a flush, sending the same body again', async () => {
    const api = fakeApi(
      routes({
        [`POST ${ADD}`]: (_body, nth) =>
          nth === 0 ? failed(409, CONFLICT, { 'carryOver:O1:NEW': CONFLICT }) : ok(order({ _id: 'O9', orderNumber: 'PO-9' }), 'Order PO-9 planned'),
      }),
    );
    show();
    const user = await fill();
    await user.click(screen.getByTestId('schedule-submit'));
    const alert = await screen.findByTestId('carry-over-conflict');
    expect(alert).toHaveTextContent(CONFLICT);
    await user.click(within(alert).getByRole('button', { name: 'Place with a flush' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/scheduling/productionschedules/view/O9'));
    expect(await screen.findByText('Order PO-9 planned')).toBeInTheDocument();
    const [first, second] = api.sent('POST', ADD).map((c) => c.body as ScheduleInput);
    expect(first).toMatchObject({ lineId: 'L1', orderNumber: 'PO-9', recipeId: 'V5', batchSizeKg: 2000, batches: 1, name: null, sequence: null });
    expect(first.withFlush).toBeUndefined();
    expect(first.plannedStart).toBe('2026-11-24T08:00:00.000Z');
    expect(second).toEqual({ ...first, withFlush: true });
  });

  it('drops the refusal once a value changes', async () => {
    fakeApi(routes({ [`POST ${ADD}`]: failed(409, CONFLICT, { 'carryOver:O1:NEW': CONFLICT }) }));
    show();
    const user = await fill();
    await user.click(screen.getByTestId('schedule-submit'));
    await screen.findByTestId('carry-over-conflict');
    await user.type(screen.getByRole('textbox', { name: /Sequence/ }), '1');
    expect(screen.queryByTestId('carry-over-conflict')).toBeNull();
  });

  it('shows why a flush cannot be placed', async () => {
    fakeApi(
      routes({
        [`POST ${ADD}`]: (body) =>
          (body as ScheduleInput).withFlush
            ? failed(409, 'No flush is configured for this line: set the flush material and quantity in the carry-over settings')
            : failed(409, CONFLICT, { 'carryOver:O1:NEW': CONFLICT }),
      }),
    );
    show();
    const user = await fill();
    await user.click(screen.getByTestId('schedule-submit'));
    await user.click(await screen.findByTestId('place-with-flush'));
    expect(await screen.findByTestId('schedule-form-errors')).toHaveTextContent('No flush is configured for this line');
    expect(screen.queryByTestId('carry-over-conflict')).toBeNull();
  });

  it('changes a planned order on its own line', async () => {
    const api = fakeApi(
      routes({
        'GET /api/productionschedules/O1': ok(order()),
        'POST /api/productionschedules/edit/O1': ok(order({ batches: 12 }), 'Order PO-1 saved'),
      }),
    );
    const user = userEvent.setup();
    show('/scheduling/productionschedules/edit/O1');
    expect(await screen.findByRole('heading', { level: 1, name: /Edit order PO-1/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Line/ })).toHaveAttribute('readonly');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Recipe/ })).toHaveValue('GROWER · Grower · v2 · 1,000 kg · None'));
    const batches = screen.getByRole('textbox', { name: /Batches/ });
    await user.clear(batches);
    await user.type(batches, '12');
    await user.click(screen.getByTestId('schedule-submit'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/scheduling/productionschedules/view/O1'));
    expect(api.sent('POST', '/api/productionschedules/edit/O1')[0].body).toMatchObject({ lineId: 'L1', recipeId: 'V2', orderNumber: 'PO-1', batches: 12, sequence: 1 });
  });

  it('keeps the input when someone saved the order meanwhile, compares it and saves over theirs', async () => {
    const said = 'anna@plant.test saved this at 2026-11-27 02:10 UTC, after you opened it. Reload to see their change, or compare it with yours.';
    const opened = order({ updatedAt: '2026-11-27T02:00:00.000001Z' });
    const theirs = order({ batches: 20, plannedStart: '2026-11-25T06:00:00Z', updatedAt: '2026-11-27T02:10:00.000002Z', updatedBy: 'anna@plant.test' });
    let reads = 0;
    let saves = 0;
    const api = fakeApi(
      routes({
        'GET /api/productionschedules/O1': () => ok(++reads === 1 ? opened : theirs),
        'POST /api/productionschedules/edit/O1': () => (++saves === 1 ? failed(409, said, { updatedAt: said }) : ok(order({ batches: 12 }), 'Order PO-1 saved')),
      }),
    );
    const user = userEvent.setup();
    show('/scheduling/productionschedules/edit/O1');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Recipe/ })).toHaveValue('GROWER · Grower · v2 · 1,000 kg · None'));
    const batches = screen.getByRole('textbox', { name: /Batches/ });
    await user.clear(batches);
    await user.type(batches, '12');
    await user.click(screen.getByTestId('schedule-submit'));

    const alert = await screen.findByTestId('stale-edit');
    expect(alert).toHaveTextContent(said);
    expect(screen.getByRole('textbox', { name: /Batches/ })).toHaveValue('12');
    expect(api.sent('POST', '/api/productionschedules/edit/O1')[0].body).toMatchObject({ batches: 12, updatedAt: opened.updatedAt });
    await user.click(within(alert).getByRole('button', { name: 'Compare with the saved version' }));
    const table = await within(alert).findByTestId('stale-compare');
    const row = (label: string) => within(table).getByRole('rowheader', { name: label }).closest('tr')!;
    expect(row('Batches')).toHaveTextContent(/12.*20/);
    expect(row('Planned start')).toHaveTextContent('Nov 25, 2026, 06:00');
    expect(within(table).queryByRole('rowheader', { name: 'Order number' })).toBeNull();

    await user.click(within(alert).getByRole('button', { name: 'Save mine over theirs' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/scheduling/productionschedules/view/O1'));
    expect(api.sent('POST', '/api/productionschedules/edit/O1')[1].body).toMatchObject({ batches: 12, updatedAt: theirs.updatedAt });
  });

  it('does not offer the form for an order that is no longer planned', async () => {
    fakeApi(routes({ 'GET /api/productionschedules/O1': ok(RUNNING) }));
    show('/scheduling/productionschedules/edit/O1');
    expect(await screen.findByTestId('schedule-not-editable')).toHaveTextContent('Only planned orders can be changed; this one is Running.');
    expect(screen.queryByTestId('schedule-form')).toBeNull();
  });
});
