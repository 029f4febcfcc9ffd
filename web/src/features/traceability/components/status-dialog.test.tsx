import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failed, fakeApi, ok } from '@/test/fake-api';
import { LOT, LOT_ID, RELEASED, SUPPLIERS } from '../testing/fixtures';
import { traceScreens } from '../testing/screen-setup';
import { show } from '../testing/show';
import LotsScreen from '../screens/lots-screen';

const LIST = '/traceability/lots';

describe('the lots list and the status dialog', () => {
  traceScreens();

  it('lists the lots with their status in words, and the goods-in button', async () => {
    fakeApi({ 'GET /api/lots': ok([LOT]), 'GET /api/suppliers': ok(SUPPLIERS) });
    show(LotsScreen, LIST);
    const table = await screen.findByTestId('lot-table');
    const row = within(table).getByText('M-2211').closest('tr')!;
    expect(within(row).getByTestId('lot-status')).toHaveTextContent('In quarantine');
    expect(row).toHaveTextContent('CORN');
    expect(row).toHaveTextContent('Agri Trade');
    expect(row).toHaveTextContent('25,000.0');
    expect(row).toHaveTextContent('18,200.0');
    expect(screen.getByTestId('goods-in')).toHaveAttribute('href', '/traceability/lots/new');
    expect(screen.getByTestId('lot-count')).toHaveTextContent('1 lot');
  });

  it('sends the filters and the page to the api', async () => {
    const api = fakeApi({ 'GET /api/lots': ok([LOT]), 'GET /api/suppliers': ok(SUPPLIERS), 'GET /api/materialdirectory': ok([]) });
    show(LotsScreen, LIST, `${LIST}?lineId=L1&status=RELEASED&lotNumber=M-22&page=2`);
    await screen.findByTestId('lot-table');
    expect(api.sent('GET', '/api/lots')[0].query).toEqual({ lineId: 'L1', status: 'RELEASED', lotNumber: 'M-22', page: '2', limit: '50' });
  });

  it('needs a reason before it moves a lot, then sends the status with the reason', async () => {
    const api = fakeApi({
      'GET /api/lots': ok([LOT]),
      'GET /api/suppliers': ok(SUPPLIERS),
      [`POST /api/lots/status/${LOT_ID}`]: ok(RELEASED, 'Lot M-2211 is now released'),
    });
    const user = userEvent.setup();
    show(LotsScreen, LIST);
    await user.click(await screen.findByRole('button', { name: 'Change the status of lot M-2211' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the status of lot M-2211' });
    expect(within(dialog).getByRole('radio', { name: 'Released' })).toBeChecked();
    expect(within(dialog).queryByRole('radio', { name: 'In quarantine' })).toBeNull();
    await user.click(within(dialog).getByTestId('confirm-status'));
    expect(await within(dialog).findByText('Give the reason for the change')).toBeInTheDocument();
    expect(api.sent('POST', `/api/lots/status/${LOT_ID}`)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), '  COA checked  ');
    await user.click(within(dialog).getByTestId('confirm-status'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', `/api/lots/status/${LOT_ID}`)[0].body).toEqual({ status: 'RELEASED', reason: 'COA checked' });
    expect(await screen.findByText('Lot M-2211 is now released')).toBeInTheDocument();
  });

  it("shows the server's message on the reason and keeps the dialog open", async () => {
    fakeApi({
      'GET /api/lots': ok([LOT]),
      'GET /api/suppliers': ok(SUPPLIERS),
      [`POST /api/lots/status/${LOT_ID}`]: failed(400, 'Check the fields', { reason: 'The reason is too long' }),
    });
    const user = userEvent.setup();
    show(LotsScreen, LIST);
    await user.click(await screen.findByRole('button', { name: 'Change the status of lot M-2211' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Blocked' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Aflatoxin over the limit');
    expect(within(dialog).getByTestId('confirm-status')).toHaveTextContent('Block');
    await user.click(within(dialog).getByTestId('confirm-status'));
    expect(await within(dialog).findByText('The reason is too long')).toBeInTheDocument();
  });

  it('says why a lot in use is not deleted (409)', async () => {
    fakeApi({
      'GET /api/lots': ok([LOT]),
      'GET /api/suppliers': ok(SUPPLIERS),
      'POST /api/lots/delete': failed(409, 'Lot M-2211 was filled into bins or dosed: it stays for its trace'),
    });
    const user = userEvent.setup();
    show(LotsScreen, LIST);
    await user.click(await screen.findByRole('button', { name: 'Delete lot M-2211' }));
    await user.click(await screen.findByTestId('confirm-delete'));
    expect(await screen.findByText('Lot M-2211 was filled into bins or dosed: it stays for its trace')).toBeInTheDocument();
  });

  it('offers only viewing to a reader', async () => {
    fakeApi({ 'GET /api/lots': ok([LOT]), 'GET /api/suppliers': ok(SUPPLIERS) });
    const { useSession } = await import('@/lib/session-store');
    useSession.setState({ role: 'PRIVILEGE', privileges: ['LOT_READ'] });
    show(LotsScreen, LIST);
    await screen.findByTestId('lot-table');
    expect(screen.getByRole('link', { name: 'View lot M-2211' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change the status of lot M-2211' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete lot M-2211' })).toBeNull();
    expect(screen.queryByTestId('goods-in')).toBeNull();
  });
});
