import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, type Mock } from 'vitest';
import { fakeApi, ok } from '@/test/fake-api';
import RecallScreen from '../screens/recall-screen';
import { LOT, LOT_ID, RELEASED, TRACE } from '../testing/fixtures';
import { traceScreens } from '../testing/screen-setup';
import { searchOf, show } from '../testing/show';

const RECALL = '/traceability/recall';
const routes = {
  'GET /api/lots': ok([LOT]),
  [`GET /api/lots/${LOT_ID}`]: ok(RELEASED),
  [`GET /api/trace/lot/${LOT_ID}`]: ok(TRACE),
  'POST /api/trace/recall/generatePdf': { raw: '%PDF-1.7 recall', type: 'application/pdf' },
  'POST /api/trace/recall/generateCsv': { raw: 'lot,batch\n', type: 'text/csv' },
};

describe('recall', () => {
  const saved = traceScreens();

  it('asks for a lot first, searching lots by number on the server', async () => {
    const api = fakeApi(routes);
    const user = userEvent.setup();
    show(RecallScreen, RECALL);
    expect(await screen.findByTestId('recall-idle')).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: /^Lot/ }), 'M-22');
    await waitFor(() => expect(api.sent('GET', '/api/lots').some((c) => c.query.lotNumber === 'M-22')).toBe(true));
    expect(api.sent('GET', '/api/lots').at(-1)?.query).toMatchObject({ lotNumber: 'M-22', page: '1', limit: '20' });
    await user.click(await screen.findByRole('option', { name: /^M-2211 · CORN · AGRI/ }));
    await waitFor(() => expect(searchOf(screen.getByTestId('location')).get('lotId')).toBe(LOT_ID));
    await screen.findByTestId('recall-result');
  });

  it('shows the customers first, then deliveries, batches, orders, carry-over risks and the mass balance', async () => {
    fakeApi(routes);
    show(RecallScreen, RECALL, `${RECALL}?lotId=${LOT_ID}`);
    const result = await screen.findByTestId('recall-result');
    expect(screen.getByRole('combobox', { name: /^Lot/ })).toHaveValue('M-2211 · CORN · AGRI · Nov 23, 2026');
    expect(screen.getByTestId('recall-summary')).toHaveTextContent('2 customers received 1,800.0 kg of this lot in 2 deliveries · 3 batches · 1 batch at risk of carry-over');
    const order = ['trace-customers', 'trace-deliveries', 'trace-batches', 'trace-orders', 'trace-carry-over', 'mass-balance'].map((id) => within(result).getByTestId(id));
    for (let i = 1; i < order.length; i += 1) expect(order[i - 1].compareDocumentPosition(order[i]) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const rows = within(screen.getByTestId('trace-customers-table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('FARM-BFarm B11,000.0600.0');
  });

  it('downloads the recall report as PDF in the user’s language, and as CSV', async () => {
    const api = fakeApi(routes);
    const user = userEvent.setup();
    show(RecallScreen, RECALL, `${RECALL}?lotId=${LOT_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Download the recall report of lot M-2211 as PDF' }));
    await waitFor(() => expect(saved.files).toHaveLength(1));
    expect(saved.files[0].name).toMatch(/^Recall_M-2211_\d{4}-\d{2}-\d{2}_\d{4}\.pdf$/);
    expect(await saved.files[0].blob.text()).toBe('%PDF-1.7 recall');
    const sent = (globalThis.fetch as Mock).mock.calls.map(([r]) => r as Request).find((r) => r.url.endsWith('/api/trace/recall/generatePdf'))!;
    expect(sent.method).toBe('POST');
    expect(sent.headers.get('Accept-language')).toBe('en');
    expect(api.sent('POST', '/api/trace/recall/generatePdf')[0].body).toEqual({ lotId: LOT_ID });
    await user.click(screen.getByTestId('recall-csv'));
    await waitFor(() => expect(saved.files).toHaveLength(2));
    expect(saved.files[1].name).toMatch(/\.csv$/);
  });
});
