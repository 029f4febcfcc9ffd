import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LocationProbe, renderAt } from '@/test/render';
import EditScreen from '../screens/edit-screen';
import NewScreen from '../screens/new-screen';
import ViewScreen from '../screens/view-screen';
import { fakeApi, ok } from '../testing/fake-api';
import { signedInWithLines } from '@/test/screen-setup';

/** The input a label names (Mantine gives a select's list the same name). */
const input = (label: string) => screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT')!;

const GROUPS = '/configurator/stoptime/stoptimegroup';
const BINS = '/configurator/dosingandfeeding/bins';
const bin = {
  _id: 'B1',
  lineId: 'L1',
  name: 'Maize',
  code: 'B01',
  scaleId: 'S1',
  capacityKg: 20000,
  binMaterials: [{ materialId: 'M1', priority: 1, lot: null }],
};
const binRefs = {
  'GET /api/scales?lineId=L1': ok([{ _id: 'S1', code: 'SC1', name: 'Main scale' }]),
  'GET /api/materialdirectory?lineId=L1': ok([{ _id: 'M1', code: 'MAIZE', name: 'Maize, ground' }]),
};

signedInWithLines(1);

describe('configuration form', () => {
  it('checks required fields on the client before sending', async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    renderAt(`${GROUPS}/new?lineId=L1`, [{ path: `${GROUPS}/new`, element: <NewScreen /> }]);
    expect(await screen.findByRole('heading', { name: 'New Stop Time Groups' })).toBeInTheDocument();
    expect(screen.getByTestId('form-line')).toHaveTextContent('Line: Line 1');
    expect(screen.getByRole('switch', { name: 'Planned' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(api.sent('POST', '/api/stoptimereasongroup/add')).toHaveLength(0);
  });

  it('shows the server message on its field, then saves and returns to the list of the line', async () => {
    let attempt = 0;
    const api = fakeApi({
      'POST /api/stoptimereasongroup/add': () =>
        ++attempt === 1
          ? { status: 409, body: { success: false, message: 'This code is already used', errors: { code: 'This code is already used' } } }
          : ok({ _id: 'G1' }, 'Stop time group created'),
    });
    const user = userEvent.setup();
    renderAt(`${GROUPS}/new?lineId=L1`, [
      { path: `${GROUPS}/new`, element: <NewScreen /> },
      { path: GROUPS, element: <LocationProbe /> },
    ]);
    await user.type(await screen.findByLabelText(/^Name/), ' Cleaning ');
    await user.type(screen.getByLabelText(/^Code/), 'CLEAN');
    await user.click(screen.getByRole('switch', { name: 'Planned' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    // On its field (the notification says it too).
    expect(await within(screen.getByTestId('entity-form')).findByText('This code is already used')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Code/)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText(/^Code/)).toHaveFocus());
    expect(api.sent('POST', '/api/stoptimereasongroup/add')[0].body).toEqual({ name: 'Cleaning', code: 'CLEAN', planned: true, lineId: 'L1' });
    await user.type(screen.getByLabelText(/^Code/), '2');
    expect(within(screen.getByTestId('entity-form')).queryByText('This code is already used')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`${GROUPS}?lineId=L1`));
    expect(await screen.findByText('Stop time group created')).toBeInTheDocument();
  });

  it('adds and removes item rows, checking a new row only once it is edited or sent', async () => {
    const api = fakeApi({
      ...binRefs,
      'GET /api/bins/B1': ok(bin),
      'POST /api/bins/edit/B1': { status: 400, body: { success: false, message: 'Unknown material', errors: { 'binMaterials[1].materialId': 'Unknown material' } } },
    });
    const user = userEvent.setup();
    renderAt(`${BINS}/edit/B1`, [{ path: `${BINS}/edit/:id`, element: <EditScreen /> }]);
    expect(await screen.findByDisplayValue('B01')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a row to Bin materials' }));
    expect(input('Material, row 2')).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // A new row without material is caught on the client first.
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(api.sent('POST', '/api/bins/edit/B1')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove row 2 of Bin materials' }));
    await user.click(screen.getByRole('button', { name: 'Add a row to Bin materials' }));
    await user.type(screen.getByLabelText('Lot number, row 2'), 'x');
    await user.click(screen.getByRole('button', { name: 'Remove row 1 of Bin materials' }));
    expect(screen.getByLabelText('Lot number, row 1')).toHaveValue('x');
  });

  it('creates an ideal rate of the line from its recipe code and kilograms per hour', async () => {
    const RATES = '/configurator/idealrates';
    const api = fakeApi({ 'POST /api/idealrates/add': ok({ _id: 'R1' }, 'Ideal rate created') });
    const user = userEvent.setup();
    renderAt(`${RATES}/new?lineId=L1`, [
      { path: `${RATES}/new`, element: <NewScreen /> },
      { path: RATES, element: <LocationProbe /> },
    ]);
    expect(await screen.findByRole('heading', { name: 'New Ideal rates' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    await user.type(screen.getByLabelText(/^Recipe code/), 'BROILER-1');
    await user.type(screen.getByLabelText(/^Ideal rate/), '12000');
    expect(within(screen.getByTestId('entity-form')).getByText('kg/h')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`${RATES}?lineId=L1`));
    expect(api.sent('POST', '/api/idealrates/add')[0].body).toMatchObject({ recipeCode: 'BROILER-1', kgPerHour: 12000, lineId: 'L1' });
  });

  it('shows a line’s nominal batch time, in seconds, with its other fields', async () => {
    fakeApi({ 'GET /api/lines/L1': ok({ _id: 'L1', name: 'Line 1', code: 'L1', active: true, timezone: 'UTC', batchSizeKg: 2000, mixerCapacityKg: 2000, nominalBatchTimeS: 240 }) });
    renderAt('/configurator/line/edit/L1', [{ path: '/configurator/line/edit/:id', element: <EditScreen /> }]);
    const field = await screen.findByLabelText(/^Nominal batch time/);
    expect(field).toHaveValue('240');
    expect(within(screen.getByTestId('entity-form')).getByText('s')).toBeInTheDocument();
    // The two-person rule of signed releases, off unless set, with what it means.
    const rule = screen.getByRole('switch', { name: 'Two-person rule for signed releases' });
    expect(rule).not.toBeChecked();
    expect(rule).toHaveAccessibleDescription('The approver of a signed release must differ from the last editor and hold Recipe approve.');
  });

  it('adds a meaning of signatures for the whole installation', async () => {
    const MEANINGS = '/configurator/signaturemeanings';
    const api = fakeApi({ 'POST /api/signaturemeanings/add': ok({ _id: 'SM1' }, 'Signature meaning created') });
    const user = userEvent.setup();
    renderAt(`${MEANINGS}/new`, [
      { path: `${MEANINGS}/new`, element: <NewScreen /> },
      { path: MEANINGS, element: <LocationProbe /> },
    ]);
    expect(await screen.findByRole('heading', { name: 'New Signature meanings' })).toBeInTheDocument();
    expect(screen.queryByTestId('form-line')).toBeNull();
    await user.type(screen.getByLabelText(/^Code/), 'QA_RELEASE');
    await user.type(screen.getByLabelText(/^Name/), 'QA release');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(MEANINGS));
    expect(api.sent('POST', '/api/signaturemeanings/add')[0].body).toEqual({ code: 'QA_RELEASE', name: 'QA release' });
  });

  it('sends the record with its line on edit and places server errors on cells', async () => {
    const api = fakeApi({
      ...binRefs,
      'GET /api/bins/B1': ok(bin),
      'POST /api/bins/edit/B1': { status: 400, body: { success: false, message: 'Material not on this line', errors: { 'binMaterials[0].materialId': 'Material not on this line' } } },
    });
    const user = userEvent.setup();
    renderAt(`${BINS}/edit/B1`, [{ path: `${BINS}/edit/:id`, element: <EditScreen /> }]);
    await screen.findByDisplayValue('B01');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(screen.getByTestId('entity-form')).findByText('Material not on this line')).toBeInTheDocument();
    expect(input('Material, row 1')).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('POST', '/api/bins/edit/B1')[0].body).toMatchObject({
      lineId: 'L1',
      code: 'B01',
      capacityKg: 20000,
      minLevelKg: null,
      binMaterials: [{ materialId: 'M1', priority: 1, lot: null }],
    });
  });

  it('keeps the input when someone saved meanwhile, compares it with theirs and saves over it', async () => {
    const opened = { ...bin, updatedAt: '2026-11-27T02:00:00.000001Z', updatedBy: 'super@plant.test' };
    const theirs = { ...bin, name: 'Maize silo', capacityKg: 25000, updatedAt: '2026-11-27T02:10:00.000002Z', updatedBy: 'anna@plant.test' };
    let reads = 0;
    let saves = 0;
    const said = 'anna@plant.test saved this at 2026-11-27 02:10 UTC, after you opened it. Reload to see their change, or compare it with yours.';
    const api = fakeApi({
      ...binRefs,
      'GET /api/bins/B1': () => ok(++reads === 1 ? opened : theirs),
      'POST /api/bins/edit/B1': () =>
        ++saves === 1 ? { status: 409, body: { success: false, message: said, errors: { updatedAt: said } } } : ok({ ...theirs, capacityKg: 21000 }, 'Bin saved'),
    });
    const user = userEvent.setup();
    renderAt(`${BINS}/edit/B1`, [
      { path: `${BINS}/edit/:id`, element: <EditScreen /> },
      { path: BINS, element: <LocationProbe /> },
    ]);
    const capacity = await screen.findByDisplayValue('20000');
    await user.clear(capacity);
    await user.type(capacity, '21000');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByTestId('stale-edit');
    expect(alert).toHaveTextContent(said);
    expect(alert).toHaveTextContent('Your changes are still in the form');
    expect(screen.getByDisplayValue('21000')).toBeInTheDocument();
    expect(api.sent('POST', '/api/bins/edit/B1')[0].body).toMatchObject({ capacityKg: 21000, updatedAt: opened.updatedAt });

    await user.click(within(alert).getByRole('button', { name: 'Compare with the saved version' }));
    const table = await within(alert).findByTestId('stale-compare');
    const row = (label: string) => within(table).getByRole('rowheader', { name: label }).closest('tr')!;
    expect(row('Capacity')).toHaveTextContent('21,000');
    expect(row('Capacity')).toHaveTextContent('25,000');
    expect(row('Name')).toHaveTextContent('Maize silo');
    expect(within(table).queryByRole('rowheader', { name: 'Code' })).toBeNull();

    await user.click(within(alert).getByRole('button', { name: 'Save mine over theirs' }));
    await waitFor(() => expect(api.sent('POST', '/api/bins/edit/B1')).toHaveLength(2));
    expect(api.sent('POST', '/api/bins/edit/B1')[1].body).toMatchObject({ capacityKg: 21000, name: 'Maize', updatedAt: theirs.updatedAt });
    expect(await screen.findByTestId('location')).toHaveTextContent(BINS);
  });

  it('reloads the saved record when the user drops their input', async () => {
    let reads = 0;
    const said = 'anna@plant.test saved this at 2026-11-27 02:10 UTC, after you opened it.';
    fakeApi({
      ...binRefs,
      'GET /api/bins/B1': () => ok(++reads === 1 ? { ...bin, updatedAt: 'T1' } : { ...bin, name: 'Maize silo', updatedAt: 'T2' }),
      'POST /api/bins/edit/B1': { status: 409, body: { success: false, message: said, errors: { updatedAt: said } } },
    });
    const user = userEvent.setup();
    renderAt(`${BINS}/edit/B1`, [{ path: `${BINS}/edit/:id`, element: <EditScreen /> }]);
    const name = await screen.findByDisplayValue('Maize');
    await user.type(name, ' bin');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByTestId('stale-edit');
    await user.click(within(alert).getByRole('button', { name: 'Discard mine and reload' }));
    expect(await screen.findByDisplayValue('Maize silo')).toBeInTheDocument();
    expect(screen.queryByTestId('stale-edit')).toBeNull();
  });
});

describe('configuration view', () => {
  it('shows references as code – name, items in a table, and Edit', async () => {
    fakeApi({ ...binRefs, 'GET /api/bins/B1': ok({ ...bin, minLevelKg: 500 }) });
    renderAt(`${BINS}/view/B1`, [{ path: `${BINS}/view/:id`, element: <ViewScreen /> }]);
    expect(await screen.findByText('SC1 – Main scale')).toBeInTheDocument();
    expect(await screen.findByText('MAIZE – Maize, ground')).toBeInTheDocument();
    expect(screen.getByText('500 kg')).toBeInTheDocument();
    expect(screen.getByTestId('config-edit')).toHaveAttribute('href', `${BINS}/edit/B1`);
  });
});
