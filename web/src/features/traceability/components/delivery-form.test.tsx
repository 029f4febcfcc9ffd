import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failed, fakeApi, ok, type Reply } from '@/test/fake-api';
import DeliveryNewScreen from '../screens/delivery-new-screen';
import { CUSTOMERS, DELIVERABLES, DELIVERY } from '../testing/fixtures';
import { traceScreens } from '../testing/screen-setup';
import { show } from '../testing/show';

const NEW = '/traceability/deliveries/new';
const routes = (more: Record<string, Reply> = {}) => ({ 'GET /api/customers': ok(CUSTOMERS), 'GET /api/deliverables': ok(DELIVERABLES), ...more });

async function head(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /^Delivery number/ }), 'D-900');
  await user.click(screen.getByRole('combobox', { name: /^Customer/ }));
  await user.click(await screen.findByRole('option', { name: /^FARM-A/ }));
  await user.type(screen.getByRole('textbox', { name: /^Vehicle/ }), 'AB-12-CD');
}

describe('the delivery form', () => {
  traceScreens();

  it('sends the batch rows, and puts a refused row’s message on that row', async () => {
    const api = fakeApi(
      routes({
        'POST /api/deliveries/add': failed(400, 'Check the fields', { 'batches[1].kg': 'Only 400 kg of batch B-102 are left to deliver' }),
      }),
    );
    const user = userEvent.setup();
    show(DeliveryNewScreen, NEW);
    await screen.findByTestId('delivery-form');
    await head(user);
    // Picked from what the line made and has not delivered: the kilograms left fill in.
    await user.click(screen.getByRole('combobox', { name: 'Batch number of row 1' }));
    await user.click(await screen.findByRole('option', { name: /^B-101/ }));
    expect(screen.getByRole('textbox', { name: 'Kilograms of row 1' })).toHaveValue('1000');
    await user.click(screen.getByTestId('add-row'));
    await user.type(screen.getByRole('combobox', { name: 'Batch number of row 2' }), 'B-102');
    await user.type(screen.getByRole('textbox', { name: 'Kilograms of row 2' }), '900');
    expect(screen.getByTestId('rows-total')).toHaveTextContent('Together: 1,900.0 kg');
    await user.click(screen.getByTestId('delivery-submit'));

    const row2 = await waitFor(() => {
      const r = screen.getByTestId('delivery-rows').querySelector('tr[data-row="2"]') as HTMLElement;
      expect(within(r).getByText('Only 400 kg of batch B-102 are left to deliver')).toBeInTheDocument();
      return r;
    });
    expect(within(row2).getByRole('textbox', { name: 'Kilograms of row 2' })).toHaveAttribute('aria-invalid', 'true');
    const body = api.sent('POST', '/api/deliveries/add')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      deliveryNumber: 'D-900',
      customerId: 'CUS-1',
      vehicle: 'AB-12-CD',
      batches: [
        { lineId: 'L1', batchId: 'B-101', kg: 1000 },
        { lineId: 'L1', batchId: 'B-102', kg: 900 },
      ],
    });
    expect(body).not.toHaveProperty('orderId');
  });

  it('removes a row, and records a delivery from an order with its kilograms', async () => {
    const api = fakeApi(routes({ 'POST /api/deliveries/add': ok(DELIVERY, 'Delivery D-900 recorded') }));
    const user = userEvent.setup();
    show(DeliveryNewScreen, NEW);
    await screen.findByTestId('delivery-form');
    await head(user);
    await user.click(screen.getByTestId('add-row'));
    expect(screen.getByRole('button', { name: 'Remove row 2' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Remove row 2' }));
    expect(screen.queryByRole('combobox', { name: 'Batch number of row 2' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove row 1' })).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'From an order' }));
    await user.click(await screen.findByRole('combobox', { name: /^Order/ }));
    await user.click(await screen.findByRole('option', { name: 'PO-1 · GROWER · 2/2 batches made · 1,400.0 kg left to deliver' }));
    await user.type(screen.getByRole('textbox', { name: /^Loaded from the order/ }), '1500');
    await user.click(screen.getByTestId('delivery-submit'));
    await waitFor(() => expect(api.sent('POST', '/api/deliveries/add')).toHaveLength(1));
    const body = api.sent('POST', '/api/deliveries/add')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ deliveryNumber: 'D-900', customerId: 'CUS-1', orderId: 'ORD-1', kg: 1500 });
    expect(body).not.toHaveProperty('batches');
    expect(api.sent('GET', '/api/deliverables')[0].query).toEqual({ lineId: 'L1' });
  });
});
