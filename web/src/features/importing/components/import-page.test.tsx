import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '@/features/config/testing/fake-api';
import { signedInWithLines } from '@/test/screen-setup';
import { LocationProbe, renderAt } from '@/test/render';
import ImportScreen from '../screens/import-screen';

const VALIDATE = 'POST /api/importparameter/validate?type=actionparameters&lineId=L1';
const IMPORT = 'POST /api/importparameter?type=actionparameters&lineId=L1';
const csv = () => new File(['name,code,dataType\nMix time,MT,INT\n'], 'params.csv', { type: 'text/csv' });
const valid = ok({ type: 'actionparameters', rows: 3, valid: true, created: 0, errors: [] }, '3 rows can be imported');

const show = (path: string) =>
  renderAt(path, [
    {
      path: '/import/:type',
      element: (
        <>
          <ImportScreen />
          <LocationProbe />
        </>
      ),
    },
  ]);

/** The input of a Mantine select or the button of a file input, by the start of its label. */
const control = (label: string) => screen.getAllByLabelText(new RegExp(`^${label}`)).find((el) => el.tagName === 'INPUT' || el.tagName === 'BUTTON')!;

async function chooseFile(user: ReturnType<typeof userEvent.setup>, file = csv()) {
  await user.upload(screen.getByTestId('import-file'), file);
  await waitFor(() => expect(screen.getByTestId('import-file-button')).toHaveTextContent(file.name));
}

signedInWithLines(2, 'ADMIN');

describe('import screen', () => {
  it('names the entity, offers only importable types and switches type keeping the line', async () => {
    fakeApi({});
    const user = userEvent.setup();
    show('/import/actionparameters?lineId=L1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Import Action Parameters' })).toBeInTheDocument();
    expect(screen.getByTestId('import-line')).toHaveValue('Line 1');
    expect(screen.getByTestId('import-run')).toBeDisabled();

    await user.click(control('What to import'));
    const listbox = screen.getAllByRole('listbox')[0];
    const offered = within(listbox).getAllByRole('option').map((o) => o.textContent);
    expect(offered).toContain('Scales');
    expect(offered).toContain('Material Directory');
    expect(offered).not.toContain('Bins'); // bins carry their materials as items
    expect(offered).not.toContain('Shifts');
    await user.click(within(listbox).getByRole('option', { name: 'Scales' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/import/scales?lineId=L1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Import Scales' })).toBeInTheDocument();
  });

  it('shows a panel for unknown types and types that cannot be imported', async () => {
    fakeApi({});
    show('/import/bins');
    const panel = await screen.findByTestId('import-unavailable');
    expect(panel).toHaveTextContent('“bins” cannot be imported from a file.');
    expect(screen.getByRole('heading', { level: 1, name: 'Import' })).toBeInTheDocument();
    expect(screen.getByTestId('import-type')).toBeInTheDocument();
    expect(screen.queryByTestId('import-validate')).toBeNull();
  });

  it('asks for the line and the file before sending anything', async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    show('/import/actionparameters');
    await user.click(await screen.findByTestId('import-validate'));
    expect(await screen.findByText('Choose the line to import into')).toBeInTheDocument();
    expect(screen.getByText('Choose the file to import')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('lists every bad row of a validation and keeps Import disabled', async () => {
    const api = fakeApi({
      [VALIDATE]: ok(
        {
          type: 'actionparameters',
          rows: 12,
          valid: false,
          created: 0,
          errors: [
            { row: 1, column: 'colour', message: 'Unknown column colour' },
            { row: 4, column: 'code', message: 'Code MT is already used on this line' },
          ],
        },
        '2 problems found; nothing was imported',
      ),
    });
    const user = userEvent.setup();
    show('/import/actionparameters?lineId=L1');
    await screen.findByTestId('import-validate');
    await chooseFile(user);
    await user.click(screen.getByTestId('import-validate'));

    const table = await screen.findByTestId('import-report');
    expect(within(table).getByText(/Problems in params.csv/)).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['1 (header)', 'colour', 'Unknown column colour'],
      ['4', 'code (Code)', 'Code MT is already used on this line'],
    ]);
    expect(screen.getByTestId('import-run')).toBeDisabled();
    const [sent] = api.sent('POST', VALIDATE.slice(5));
    expect(sent.headers['content-type']).toBe('application/octet-stream');
    expect((sent.body as File).name).toBe('params.csv');
  });

  it('shows upload progress, enables Import after a passed validation and renders the report of a 400 import', async () => {
    const api = fakeApi({
      [VALIDATE]: valid,
      [IMPORT]: {
        status: 400,
        body: {
          success: false,
          message: 'Code MT is already used on this line',
          errors: { '10.name': 'This field is required', '2.code': 'Code MT is already used on this line' },
        },
      },
    });
    const user = userEvent.setup();
    show('/import/actionparameters?lineId=L1');
    await screen.findByTestId('import-validate');
    await chooseFile(user);

    api.hold();
    await user.click(screen.getByTestId('import-validate'));
    const bar = await screen.findByRole('progressbar', { name: 'Uploading params.csv' });
    expect(bar).toHaveAttribute('data-testid', 'import-progress');
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    api.release();

    expect(await screen.findByTestId('import-valid')).toHaveTextContent('3 rows can be imported.');
    expect(screen.queryByTestId('import-progress')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('import-run')).toBeEnabled());

    await user.click(screen.getByTestId('import-run'));
    const table = await screen.findByTestId('import-report');
    // Keyed `<row>.<column>`; shown by row number, not by the key's text order.
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['2', '10']);
    expect(within(rows[1]).getByText('This field is required')).toBeInTheDocument();
    expect(screen.getByTestId('import-invalid')).toHaveTextContent('2 problems found; nothing was imported.');
    expect(screen.getByTestId('import-run')).toBeDisabled();
  });

  it('imports after validation, reports the count and links back to the list', async () => {
    fakeApi({
      [VALIDATE]: valid,
      [IMPORT]: ok({ type: 'actionparameters', rows: 3, valid: true, created: 3, errors: [] }, '3 rows imported'),
    });
    const user = userEvent.setup();
    show('/import/actionparameters?lineId=L1');
    await screen.findByTestId('import-validate');
    await chooseFile(user);
    await user.click(screen.getByTestId('import-validate'));
    await waitFor(() => expect(screen.getByTestId('import-run')).toBeEnabled());
    await user.click(screen.getByTestId('import-run'));

    const done = await screen.findByTestId('import-done');
    expect(done).toHaveTextContent('3 rows imported into Line 1.');
    expect(within(done).getByRole('link', { name: 'Go to Action Parameters' })).toHaveAttribute('href', '/configurator/mixermode/actionparameter?lineId=L1');
    expect(await screen.findByText('3 rows imported')).toBeInTheDocument(); // the notification
    expect(screen.getByTestId('import-run')).toBeDisabled();
  });

  it('asks for a new validation when the line changes', async () => {
    fakeApi({ [VALIDATE]: valid });
    const user = userEvent.setup();
    show('/import/actionparameters?lineId=L1');
    await screen.findByTestId('import-validate');
    await chooseFile(user);
    await user.click(screen.getByTestId('import-validate'));
    await waitFor(() => expect(screen.getByTestId('import-run')).toBeEnabled());

    await user.click(control('Line to import into'));
    await user.click(within(screen.getAllByRole('listbox')[0]).getByRole('option', { name: 'Line 2' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('lineId=L2'));
    expect(screen.getByTestId('import-run')).toBeDisabled();
    expect(screen.queryByTestId('import-valid')).toBeNull();
  });

  it('shows a problem of the file itself at the file input', async () => {
    fakeApi({ [VALIDATE]: { status: 400, body: { success: false, message: 'The file is empty', errors: { file: 'The file is empty' } } } });
    const user = userEvent.setup();
    show('/import/actionparameters?lineId=L1');
    await screen.findByTestId('import-validate');
    await chooseFile(user);
    await user.click(screen.getByTestId('import-validate'));
    expect(await screen.findByText('The file is empty')).toBeInTheDocument();
    expect(screen.queryByTestId('import-report')).toBeNull();
  });
});
