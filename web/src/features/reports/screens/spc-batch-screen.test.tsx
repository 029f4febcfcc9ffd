import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session-store';
import { failed, fakeApi, ok, type Reply, type SentCall } from '@/test/fake-api';
import { REPORT_PATHS } from '../api/report-types';
import { FROM, TO } from '../testing/fixtures';
import { reportScreens } from '../testing/screen-setup';
import { show } from '../testing/show';
import { BASE_FROM, BASE_TO, MATERIALS, PARAMETERS, SCALES, SET, spcChart, violation } from '../testing/spc-fixtures';
import SpcBatchScreen from './spc-batch-screen';

const BASE = '/reporting/batch/spcbatchgraph';
const AT = `${BASE}?lineId=L1&fromDateTime=${FROM}&toDateTime=${TO}&materialId=CORN`;
const SETS = '/api/reports/spc/parameters';

const routes = (more: Record<string, Reply> = {}): Record<string, Reply> => ({
  'GET /api/materialdirectory': ok(MATERIALS),
  'GET /api/scales': ok(SCALES),
  'GET /api/reportparameters': ok(PARAMETERS),
  [`GET ${SETS}`]: ok([SET]),
  [`GET ${REPORT_PATHS.spcBatch}`]: (call: SentCall) => ok(spcChart({ kept: call.query.setId ? [violation()] : [] })),
  ...more,
});

const bodyRows = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('row').filter((r) => r.hasAttribute('data-row'));
const cell = (row: HTMLElement, col: string) => row.querySelector(`[data-col="${col}"]`) as HTMLElement;

describe('the batch SPC graph', () => {
  const saved = reportScreens('_SUPER');

  it('asks for the chart the controls say: rules, chart kind and subgroup', async () => {
    const api = fakeApi(routes());
    const user = userEvent.setup();
    show(SpcBatchScreen, BASE, AT);
    await screen.findByTestId('report-table');
    const last = () => api.sent('GET', REPORT_PATHS.spcBatch).at(-1)?.query;
    expect(last()).toEqual({ lineId: 'L1', fromDateTime: FROM, toDateTime: TO, subject: 'DOSING_ERROR', materialId: 'CORN', chart: 'IMR', rules: 'WE1,WE2,WE3,WE4' });
    expect(screen.getByTestId('spc-baseline-hint')).toHaveTextContent(/control limits .* are computed from the points in this window/);

    for (const r of ['WE2', 'WE3', 'WE4', 'N1']) await user.click(screen.getByRole('checkbox', { name: new RegExp(`^${r} –`) }));
    await waitFor(() => expect(last()?.rules).toBe('WE1,N1'));
    expect(screen.getByRole('checkbox', { name: /^N1 – Beyond the control limits/ })).toBeChecked();

    await user.click(screen.getByRole('combobox', { name: 'Chart' }));
    await user.click(await screen.findByRole('option', { name: 'Subgroup means and ranges (X̄-R)' }));
    await user.click(await screen.findByRole('combobox', { name: 'Subgroup size' }));
    await user.click(await screen.findByRole('option', { name: '4' }));
    await waitFor(() => expect(last()).toMatchObject({ chart: 'XBAR_R', subgroup: '4' }));
  });

  it('asks with the baseline chosen, no rule, and a report parameter instead of a material', async () => {
    const api = fakeApi(routes());
    const user = userEvent.setup();
    show(SpcBatchScreen, BASE, AT);
    await screen.findByTestId('report-table');
    const last = () => api.sent('GET', REPORT_PATHS.spcBatch).at(-1)?.query;
    // Typed in the user's language, meant in the line's zone (UTC in these fixtures).
    fireEvent.change(screen.getByLabelText('Baseline from'), { target: { value: '11/22/2026 07:00' } });
    fireEvent.change(screen.getByLabelText('Baseline to (not included)'), { target: { value: '11/22/2026 15:30' } });
    await waitFor(() => expect(last()).toMatchObject({ baselineFrom: '2026-11-22T07:00:00.000Z', baselineTo: '2026-11-22T15:30:00.000Z' }));

    for (const r of ['WE1', 'WE2', 'WE3', 'WE4']) await user.click(screen.getByRole('checkbox', { name: new RegExp(`^${r} –`) }));
    await waitFor(() => expect(last()?.rules).toBe('NONE'));

    await user.click(screen.getByRole('combobox', { name: 'Subject' }));
    await user.click(await screen.findByRole('option', { name: 'Batch mean of a report parameter' }));
    await user.click(await screen.findByRole('combobox', { name: 'Report parameter' }));
    await user.click(await screen.findByRole('option', { name: 'COND_TEMP · Conditioning temperature · (°C)' }));
    await waitFor(() => expect(last()).toMatchObject({ subject: 'PARAMETER', parameterCode: 'COND_TEMP' }));
    expect(last()).not.toHaveProperty('materialId');
  });

  it('marks the points that break a rule in the chart summary, the marked table and the points table, with Cp and Cpk', async () => {
    fakeApi(routes());
    show(SpcBatchScreen, BASE, AT);
    await screen.findByTestId('report-table');
    const summary = screen.getByTestId('spc-control-chart-summary').textContent ?? '';
    expect(summary).toContain('Control chart of 12 points');
    expect(summary).toContain('1 point breaks a rule:');
    expect(summary).toContain('Point 10');
    expect(summary).toContain('batch B-10');
    expect(summary).toContain('WE1 (Beyond the control limits), N1 (Beyond the control limits)');
    expect(screen.getByRole('img', { name: 'Dosing error of CORN · Maize (kg) – individuals' })).toHaveAttribute('data-marked', '1');
    expect(screen.getByTestId('spc-dispersion-chart-summary')).toHaveTextContent('11 values; center 0.113, upper control limit 0.369');

    const [marked] = bodyRows('spc-marked-table');
    expect(bodyRows('spc-marked-table')).toHaveLength(1);
    expect(cell(marked, 'batchId')).toHaveTextContent('B-10');
    expect(cell(marked, 'value')).toHaveTextContent('1.0');
    expect(cell(marked, 'rules')).toHaveTextContent('WE1');
    expect(cell(marked, 'rules')).toHaveTextContent('Beyond the control limits');
    expect(within(cell(marked, 'rules')).getAllByTestId('spc-rule-mark')).toHaveLength(2);

    const all = bodyRows('report-table');
    expect(all).toHaveLength(12);
    expect(within(cell(all[9], 'rules')).getByTestId('spc-rule-mark')).toHaveTextContent('▲ WE1, N1');
    expect(cell(all[0], 'rules')).toHaveTextContent('—');

    expect(screen.getByTestId('spc-figures-cp')).toHaveTextContent('10.00');
    expect(screen.getByTestId('spc-figures-cpk')).toHaveTextContent('9.87');
    expect(screen.getByTestId('spc-figures-lsl')).toHaveTextContent('-3.0');
    expect(screen.getByTestId('spc-figures-usl')).toHaveTextContent('3.0');
    expect(screen.getByTestId('spc-figures-ucl')).toHaveTextContent('0.3');
    expect(screen.getByTestId('spc-figures-baseline')).toHaveTextContent('20');
  });

  it('has the server draw the points table as PDF from the same query', async () => {
    const api = fakeApi(routes({ [`POST ${REPORT_PATHS.spcBatch}/generatePdf`]: { raw: '%PDF-1.7 spc', type: 'application/pdf' } }));
    const user = userEvent.setup();
    show(SpcBatchScreen, BASE, AT);
    await screen.findByTestId('report-table');
    await user.click(screen.getByTestId('report-export'));
    await user.click(await screen.findByTestId('report-export-pdf'));
    await waitFor(() => expect(saved.files).toHaveLength(1));
    const [pdf] = api.sent('POST', `${REPORT_PATHS.spcBatch}/generatePdf`);
    expect(pdf.query).toEqual(api.sent('GET', REPORT_PATHS.spcBatch).at(-1)?.query);
    expect(pdf.body).toMatchObject({ data: 'points', matchKeys: ['index', 'at', 'batchId', 'seq', 'value', 'dispersion', 'rules'] });
    expect(saved.files[0].name).toMatch(/^SPC_Batch_Graph.*\.pdf$/);
  });

  it('asks for one line before charting', async () => {
    const api = fakeApi(routes());
    show(SpcBatchScreen, BASE, `${BASE}?fromDateTime=${FROM}&toDateTime=${TO}&materialId=CORN`);
    expect(await screen.findByTestId('report-idle')).toHaveTextContent('Choose one line and a material');
    expect(api.sent('GET', REPORT_PATHS.spcBatch)).toHaveLength(0);
    expect(screen.queryByTestId('spc-live')).toBeNull();
  });

  it('loads, updates, deletes and saves parameter sets', async () => {
    const api = fakeApi(
      routes({
        [`PUT ${SETS}/S1`]: (call: SentCall) => ok({ ...(call.body as object), _id: 'S1' }),
        [`DELETE ${SETS}/S1`]: ok('S1'),
        [`POST ${SETS}`]: (call: SentCall) => ok({ ...(call.body as object), _id: 'S2' }),
      }),
    );
    const user = userEvent.setup();
    show(SpcBatchScreen, BASE, AT);
    await screen.findByTestId('report-table');
    expect(screen.getByTestId('spc-set-update')).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: 'Saved set' }));
    await user.click(await screen.findByRole('option', { name: 'Maize dosing (live)' }));
    await waitFor(() => expect(api.sent('GET', REPORT_PATHS.spcBatch).at(-1)?.query).toMatchObject({ setId: 'S1', rules: 'WE1', baselineFrom: BASE_FROM, baselineTo: BASE_TO }));
    expect(await screen.findByTestId('spc-kept-table')).toBeInTheDocument();
    expect(cell(bodyRows('spc-kept-table')[0], 'rule')).toHaveTextContent('WE1 Beyond the control limits');
    expect(screen.getByTestId('spc-set-live-badge')).toHaveTextContent('Live');
    expect(screen.getByRole('checkbox', { name: /^WE2 –/ })).not.toBeChecked();

    // Update: the controls as they are, under the set's name, still live.
    await user.click(screen.getByRole('checkbox', { name: /^WE4 –/ }));
    expect(await screen.findByTestId('spc-set-changed')).toBeInTheDocument();
    await waitFor(() => expect(api.sent('GET', REPORT_PATHS.spcBatch).at(-1)?.query).not.toHaveProperty('setId'));
    await user.click(screen.getByTestId('spc-set-update'));
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Maize dosing');
    await user.click(screen.getByTestId('spc-set-submit'));
    await waitFor(() => expect(api.sent('PUT', `${SETS}/S1`)).toHaveLength(1));
    expect(api.sent('PUT', `${SETS}/S1`)[0].body).toMatchObject({ lineId: 'L1', name: 'Maize dosing', subject: 'DOSING_ERROR', materialCode: 'CORN', chart: 'IMR', rules: ['WE1', 'WE4'], live: true, baselineFrom: BASE_FROM, baselineTo: BASE_TO });

    // Delete, after confirming.
    await user.click(screen.getByTestId('spc-set-delete'));
    expect(await screen.findByText('Delete the saved set “Maize dosing”? This cannot be undone.')).toBeInTheDocument();
    await user.click(screen.getByTestId('confirm-delete'));
    await waitFor(() => expect(api.sent('DELETE', `${SETS}/S1`)).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('spc-set-update')).toBeDisabled());

    // Save as new: a name, live on.
    await user.click(screen.getByTestId('spc-set-new'));
    await user.type(await screen.findByLabelText(/^Name/), 'Night shift');
    await user.click(screen.getByRole('switch', { name: /^Live/ }));
    await user.click(screen.getByTestId('spc-set-submit'));
    await waitFor(() => expect(api.sent('POST', SETS)).toHaveLength(1));
    const body = api.sent('POST', SETS)[0].body;
    expect(body).toMatchObject({ lineId: 'L1', name: 'Night shift', subject: 'DOSING_ERROR', materialCode: 'CORN', rules: ['WE1', 'WE4'], live: true });
    expect(body).not.toHaveProperty('_id');
  });

  it('keeps the controls when someone updated the set meanwhile, compares them and saves over theirs', async () => {
    const said = 'anna@plant.test saved this at 2026-11-27 02:10 UTC, after you opened it. Reload to see their change, or compare it with yours.';
    const opened = { ...SET, updatedAt: '2026-11-27T02:00:00.000001Z', updatedBy: 'super@plant.test' };
    const theirs: typeof opened = { ...SET, rules: ['WE1', 'WE2'], updatedAt: '2026-11-27T02:10:00.000002Z', updatedBy: 'anna@plant.test' };
    let current = opened;
    let puts = 0;
    const api = fakeApi(
      routes({
        [`GET ${SETS}`]: () => ok([current]),
        [`PUT ${SETS}/S1`]: (call: SentCall) => {
          if (++puts > 1) return ok({ ...(call.body as object), _id: 'S1', updatedAt: '2026-11-27T02:20:00Z' });
          current = theirs;
          return failed(409, said, { updatedAt: said });
        },
      }),
    );
    const user = userEvent.setup();
    show(SpcBatchScreen, BASE, AT);
    await screen.findByTestId('report-table');
    await user.click(screen.getByRole('combobox', { name: 'Saved set' }));
    await user.click(await screen.findByRole('option', { name: 'Maize dosing (live)' }));
    await waitFor(() => expect(screen.getByTestId('spc-set-update')).toBeEnabled());
    await user.click(screen.getByRole('checkbox', { name: /^WE4 –/ }));
    await user.click(screen.getByTestId('spc-set-update'));
    await user.click(await screen.findByTestId('spc-set-submit'));

    const alert = await screen.findByTestId('stale-edit');
    expect(alert).toHaveTextContent(said);
    expect(api.sent('PUT', `${SETS}/S1`)[0].body).toMatchObject({ rules: ['WE1', 'WE4'], updatedAt: opened.updatedAt });
    await user.click(within(alert).getByRole('button', { name: 'Compare with the saved version' }));
    const table = await within(alert).findByTestId('stale-compare');
    const row = within(table).getByRole('rowheader', { name: 'Run rules' }).closest('tr')!;
    expect(row).toHaveTextContent(/WE1, WE4.*WE1, WE2/);
    expect(within(table).queryByRole('rowheader', { name: 'Name' })).toBeNull();

    await user.click(within(alert).getByRole('button', { name: 'Save mine over theirs' }));
    await waitFor(() => expect(api.sent('PUT', `${SETS}/S1`)).toHaveLength(2));
    expect(api.sent('PUT', `${SETS}/S1`)[1].body).toMatchObject({ rules: ['WE1', 'WE4'], updatedAt: theirs.updatedAt });
    await waitFor(() => expect(screen.queryByTestId('stale-edit')).toBeNull());
  });

  it('shows the sets but no way to change them without REPORTS_UPDATE; materials then come from what was weighed', async () => {
    useSession.setState({ role: 'PRIVILEGE', privileges: ['REPORTS_READ'] });
    const api = fakeApi(
      routes({
        'GET /api/materialdirectory': failed(403, 'Forbidden'),
        [`GET ${REPORT_PATHS.grouped}`]: ok({ fromDateTime: FROM, toDateTime: TO, groupBy: 'material', rows: [{ key: 'CORN', code: 'CORN', name: 'Maize', figures: {} }] }),
      }),
    );
    const user = userEvent.setup();
    show(SpcBatchScreen, BASE, AT);
    await screen.findByTestId('report-table');
    for (const id of ['spc-set-new', 'spc-set-update', 'spc-set-delete']) expect(screen.getByTestId(id)).toBeDisabled();
    expect(screen.getByTestId('spc-set-readonly')).toHaveTextContent('needs the Reports update privilege');
    await user.click(screen.getByRole('combobox', { name: 'Material' }));
    expect(await screen.findByRole('option', { name: 'CORN · Maize' })).toBeInTheDocument();
    expect(api.sent('GET', REPORT_PATHS.grouped)[0].query).toMatchObject({ lineId: 'L1', groupBy: 'material' });
    expect(api.sent('POST', SETS)).toHaveLength(0);
  });
});

/** A WebSocket the test drives: it records what is sent and delivers what the test says. */
class FakeSocket {
  static last: FakeSocket | null = null;
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  deliver(frame: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
}

describe('the batch SPC graph’s live violations', () => {
  reportScreens('_SUPER');
  afterEach(() => useSession.setState({ token: null }));

  it('subscribes to the line’s SPC topic and puts each new violation first, without a reload', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.last = null;
    useSession.setState({ token: 'tok' });
    fakeApi(routes());
    show(SpcBatchScreen, BASE, AT);
    await screen.findByTestId('report-table');
    const socket = await waitFor(() => {
      expect(FakeSocket.last).not.toBeNull();
      return FakeSocket.last!;
    });
    act(() => socket.open());
    expect(socket.sent).toEqual([
      { type: 'auth', token: 'tok' },
      { type: 'subscribe', topics: ['line:L1:spc'] },
    ]);
    act(() => socket.deliver({ topic: 'line:L1:spc', kind: 'snapshot', seq: 1, data: { lineId: 'L1', violations: [violation()] } }));
    await waitFor(() => expect(bodyRows('spc-live-table')).toHaveLength(1));
    expect(screen.getByTestId('spc-live-status')).toHaveTextContent('Live');

    act(() => socket.deliver({ topic: 'line:L1:spc', kind: 'delta', seq: 2, data: violation({ batchId: 'B-13', rule: 'WE2', value: 0.25, pointAt: '2026-11-23T12:30:00.000Z' }) }));
    await waitFor(() => expect(bodyRows('spc-live-table')).toHaveLength(2));
    const [newest, older] = bodyRows('spc-live-table');
    expect(cell(newest, 'batchId')).toHaveTextContent('B-13');
    expect(cell(newest, 'rule')).toHaveTextContent('WE2 Two of three beyond 2σ');
    expect(cell(newest, 'setName')).toHaveTextContent('Maize dosing');
    expect(cell(newest, 'value')).toHaveTextContent('0.25');
    expect(cell(older, 'batchId')).toHaveTextContent('B-10');
    expect(screen.getByTestId('spc-live-announce')).toHaveTextContent('New SPC violation: WE2 – Two of three beyond 2σ on batch B-13 (Maize dosing)');

    // A delta out of sequence is not taken; a ping is answered.
    act(() => socket.deliver({ topic: 'line:L1:spc', kind: 'delta', seq: 5, data: violation({ batchId: 'B-99' }) }));
    act(() => socket.deliver({ type: 'ping' }));
    expect(socket.sent.at(-1)).toEqual({ type: 'pong' });
    expect(bodyRows('spc-live-table')).toHaveLength(2);
  });
});
