import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '@/features/config/testing/fake-api';
import { signedInWithLines } from '@/test/screen-setup';
import { LocationProbe, renderAt } from '@/test/render';
import CopyScreen from '../screens/copy-screen';

const show = (path: string) =>
  renderAt(path, [
    {
      path: '/copyparameter/:type',
      element: (
        <>
          <CopyScreen />
          <LocationProbe />
        </>
      ),
    },
  ]);

const input = (label: string) => screen.getAllByLabelText(new RegExp(`^${label}`)).find((el) => el.tagName === 'INPUT')!;

async function pick(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(input(label));
  const listbox = screen.getAllByRole('listbox').find((l) => within(l).queryByRole('option', { name: option }))!;
  await user.click(within(listbox).getByRole('option', { name: option }));
}

signedInWithLines(2);

describe('copy parameters screen', () => {
  it('copies one type between two lines and lists the copied and the skipped codes', async () => {
    const api = fakeApi({
      'POST /api/copyparameter': ok({ copied: ['MT', 'SPD'], skipped: ['WET'] }, 'Action Parameters: 2 copied, 1 skipped (code already on the line)'),
    });
    const user = userEvent.setup();
    show('/copyparameter/actionparameters');
    expect(await screen.findByRole('heading', { level: 1, name: 'Copy Action Parameters' })).toBeInTheDocument();
    await pick(user, 'From line', 'Line 1');
    await pick(user, 'To line', 'Line 2');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/copyparameter/actionparameters?from=L1&to=L2'));
    await user.click(screen.getByTestId('copy-run'));

    const result = await screen.findByTestId('copy-result');
    expect(api.sent('POST', '/api/copyparameter')[0].body).toEqual({ type: 'actionparameters', fromLineId: 'L1', toLineId: 'L2' });
    expect(result).toHaveTextContent('Action Parameters from Line 1 to Line 2: 2 records copied, 1 skipped.');
    expect(within(screen.getByTestId('copy-copied')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['MT', 'SPD']);
    expect(within(screen.getByTestId('copy-skipped')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['WET']);
    expect(within(result).getByRole('heading', { name: 'Copied (2)' })).toBeInTheDocument();
    expect(within(result).getByRole('heading', { name: 'Skipped (1)' })).toBeInTheDocument();
    expect(await screen.findByText('Action Parameters: 2 copied, 1 skipped (code already on the line)')).toBeInTheDocument();
  });

  it('says "none" when nothing was skipped', async () => {
    fakeApi({ 'POST /api/copyparameter': ok({ copied: ['MT'], skipped: [] }) });
    const user = userEvent.setup();
    show('/copyparameter/modeparameters?from=L2&to=L1');
    await user.click(await screen.findByTestId('copy-run'));
    expect(await screen.findByTestId('copy-skipped')).toHaveTextContent('None');
  });

  it('refuses the same line as source and target without asking the server', async () => {
    const api = fakeApi({ 'POST /api/copyparameter': ok({ copied: [], skipped: [] }) });
    const user = userEvent.setup();
    show('/copyparameter/actionparameters');
    await screen.findByTestId('copy-run');
    await pick(user, 'From line', 'Line 1');
    await pick(user, 'To line', 'Line 1');
    expect(await screen.findByText('Choose two different lines')).toBeInTheDocument();
    expect(input('To line')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByTestId('copy-run'));
    expect(api.sent('POST', '/api/copyparameter')).toHaveLength(0);
    expect(screen.queryByTestId('copy-result')).toBeNull();

    await pick(user, 'To line', 'Line 2');
    await waitFor(() => expect(screen.queryByText('Choose two different lines')).toBeNull());
  });

  it('asks for both lines before copying', async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    show('/copyparameter/actionparameters');
    await user.click(await screen.findByTestId('copy-run'));
    expect(await screen.findByText('Choose the line to copy from')).toBeInTheDocument();
    expect(screen.getByText('Choose the line to copy to')).toBeInTheDocument();
    expect(api.sent('POST', '/api/copyparameter')).toHaveLength(0);
  });

  it('shows the server field errors at the lines', async () => {
    fakeApi({ 'POST /api/copyparameter': { status: 400, body: { success: false, message: 'Line not found', errors: { toLineId: 'Line not found' } } } });
    const user = userEvent.setup();
    show('/copyparameter/actionparameters?from=L1&to=L9');
    await user.click(await screen.findByTestId('copy-run'));
    expect(await screen.findByText('Line not found')).toBeInTheDocument();
    expect(input('To line')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a panel for types that cannot be copied, with the copyable ones to choose from', async () => {
    fakeApi({});
    const user = userEvent.setup();
    show('/copyparameter/mixingactions');
    expect(await screen.findByTestId('copy-unavailable')).toHaveTextContent('“mixingactions” cannot be copied between lines.');
    expect(screen.queryByTestId('copy-run')).toBeNull();
    await user.click(input('What to copy'));
    const options = within(screen.getAllByRole('listbox')[0]).getAllByRole('option').map((o) => o.textContent);
    expect(options).toHaveLength(5);
    expect(options).toContain('Report Parameters');
    await user.click(within(screen.getAllByRole('listbox')[0]).getByRole('option', { name: 'Report Parameters' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/copyparameter/reportparameters'));
    expect(await screen.findByTestId('copy-run')).toBeInTheDocument();
  });

  it('needs two lines', async () => {
    localStorage.setItem('lines', JSON.stringify([{ _id: 'L1', name: 'Line 1', timezone: 'UTC' }]));
    fakeApi({});
    show('/copyparameter/actionparameters');
    expect(await screen.findByTestId('copy-need-lines')).toHaveTextContent('Copying needs at least two lines.');
  });
});
