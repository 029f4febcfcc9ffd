import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failed, fakeApi, ok, type Reply } from '@/test/fake-api';
import LotNewScreen from '../screens/lot-new-screen';
import { BINS, LOT, LOT_ID, MATERIALS, SUPPLIERS, TRACE } from '../testing/fixtures';
import { traceScreens } from '../testing/screen-setup';
import { show } from '../testing/show';
import LotViewScreen from '../screens/lot-view-screen';

const NEW = '/traceability/lots/new';
const VIEW = '/traceability/lots/view/:id';

const routes = (more: Record<string, Reply> = {}) => ({
  'GET /api/suppliers': ok(SUPPLIERS),
  'GET /api/materialdirectory': ok(MATERIALS),
  'GET /api/bins': ok(BINS),
  'POST /api/lots/add': ok(LOT, 'Lot M-2211 received'),
  [`GET /api/trace/lot/${LOT_ID}`]: ok(TRACE),
  ...more,
});

async function pick(user: ReturnType<typeof userEvent.setup>, name: RegExp, option: RegExp) {
  await user.click(screen.getByRole('combobox', { name }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await pick(user, /^Material/, /^CORN/);
  await pick(user, /^Supplier/, /^AGRI/);
  await user.type(screen.getByRole('textbox', { name: /^Lot number/ }), 'M-2211');
  await user.type(screen.getByRole('textbox', { name: /^Quantity/ }), '25000');
}

describe('goods-in', () => {
  traceScreens();

  it('offers the suppliers that are not suspended and says which are left out', async () => {
    fakeApi(routes());
    const user = userEvent.setup();
    show(LotNewScreen, NEW, `${NEW}?lineId=L1`);
    expect(await screen.findByText(/Not listed: 1 suspended supplier \(BAD\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /^Supplier/ }));
    expect(await screen.findByRole('option', { name: /^AGRI/ })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /^MILL · Mill Partners \(conditional\)/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /^BAD/ })).toBeNull();
  });

  it('receives the lot, then puts it into the chosen bin, and opens the lot', async () => {
    const api = fakeApi(routes({ 'POST /api/bins/fill': ok({ binCode: 'BIN-01' }, '8000 kg of lot M-2211 put into bin BIN-01') }));
    const user = userEvent.setup();
    show(LotNewScreen, NEW, `${NEW}?lineId=L1`, [{ path: VIEW, element: <LotViewScreen /> }]);
    await screen.findByText(/Not listed/);
    await fillIn(user);
    await user.click(screen.getByRole('radio', { name: 'Released' }));
    await user.click(screen.getByRole('checkbox', { name: /^Put the lot into a bin now/ }));
    // Only the bins holding the material are offered.
    await user.click(screen.getByRole('combobox', { name: /^Bin/ }));
    expect(await screen.findByRole('option', { name: /^BIN-01/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /^BIN-02/ })).toBeNull();
    await user.click(screen.getByRole('option', { name: /^BIN-01/ }));
    await user.type(screen.getByRole('textbox', { name: /^Into the bin/ }), '8000');
    await user.click(screen.getByTestId('lot-submit'));

    await screen.findByTestId('lot-view');
    const added = api.sent('POST', '/api/lots/add')[0].body as Record<string, unknown>;
    expect(added).toMatchObject({ lotNumber: 'M-2211', materialId: 'MAT-CORN', supplierId: 'SUP-1', quantityKg: 25000, status: 'RELEASED', certificate: null });
    expect(typeof added.receivedAt).toBe('string');
    expect(api.sent('POST', '/api/bins/fill')[0].body).toEqual({ binId: 'BIN-1', lotId: LOT_ID, quantityKg: 8000 });
    expect(await screen.findByText('Lot M-2211 received')).toBeInTheDocument();
    expect(await screen.findByText('8000 kg of lot M-2211 put into bin BIN-01')).toBeInTheDocument();
    expect(screen.queryByTestId('fill-failed')).toBeNull();
  });

  it('keeps the lot when the fill is refused, and says so on the lot', async () => {
    fakeApi(routes({ 'POST /api/bins/fill': failed(400, 'Check the fields', { quantityKg: 'Bin BIN-01 has room for 5000 kg only' }) }));
    const user = userEvent.setup();
    show(LotNewScreen, NEW, `${NEW}?lineId=L1`, [{ path: VIEW, element: <LotViewScreen /> }]);
    await screen.findByText(/Not listed/);
    await fillIn(user);
    await user.click(screen.getByRole('checkbox', { name: /^Put the lot into a bin now/ }));
    await pick(user, /^Bin/, /^BIN-01/);
    await user.click(screen.getByTestId('lot-submit'));
    const alert = await screen.findByTestId('fill-failed');
    expect(alert).toHaveTextContent('Lot M-2211 is received and stays so. The fill was refused: Bin BIN-01 has room for 5000 kg only.');
  });

  it('asks for the bin before anything is sent, and shows the server messages on their fields', async () => {
    const api = fakeApi(routes({ 'POST /api/lots/add': failed(400, 'Check the fields', { lotNumber: 'This supplier already delivered a lot of this material with this number' }) }));
    const user = userEvent.setup();
    show(LotNewScreen, NEW, `${NEW}?lineId=L1`);
    await screen.findByText(/Not listed/);
    await fillIn(user);
    await user.click(screen.getByRole('checkbox', { name: /^Put the lot into a bin now/ }));
    await user.click(screen.getByTestId('lot-submit'));
    expect(await screen.findByText('Choose the bin')).toBeInTheDocument();
    expect(api.sent('POST', '/api/lots/add')).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: /^Put the lot into a bin now/ }));
    await user.click(screen.getByTestId('lot-submit'));
    expect(await screen.findByText('This supplier already delivered a lot of this material with this number')).toBeInTheDocument();
    await waitFor(() => expect(api.sent('POST', '/api/lots/add')).toHaveLength(1));
  });
});
