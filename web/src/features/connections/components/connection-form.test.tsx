import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '@/features/config/testing/fake-api';
import { renderAt } from '@/test/render';
import { signedInWithLines } from '@/test/screen-setup';
import NewConnectionScreen from '../screens/new-screen';

const NEW = '/configurator/connections/new';
const show = () => renderAt(`${NEW}?lineId=L1`, [{ path: NEW, element: <NewConnectionScreen /> }]);

signedInWithLines(1);

describe('the connection form', () => {
  it('picks a tag from the node browser, reading each level as it is opened', async () => {
    const api = fakeApi({
      'POST /api/connections/browse': (body) => {
        const nodeId = (body as { nodeId?: string | null }).nodeId;
        return nodeId
          ? ok([{ nodeId: 'ns=2;s=L1.Press.Current', browseName: 'Press.Current', displayName: 'Press.Current', nodeClass: 'Variable', dataType: 'Double', value: '10.5', hasChildren: false }])
          : ok([{ nodeId: 'ns=2;s=L1', browseName: 'L1', displayName: 'L1', nodeClass: 'Object', dataType: null, value: null, hasChildren: true }]);
      },
    });
    const user = userEvent.setup();
    show();
    await user.type(screen.getByLabelText(/^Endpoint/), '127.0.0.1:4840/');
    await user.click(screen.getByTestId('add-tag'));
    await user.click(screen.getByTestId('browse-button'));
    const tree = await screen.findByRole('tree', { name: 'Address space of the server' });
    await user.click(within(tree).getByRole('button', { name: 'Open L1' }));
    await user.click(await screen.findByRole('button', { name: 'Use Press.Current' }));
    expect(screen.getByLabelText('Node id of tag 1')).toHaveValue('ns=2;s=L1.Press.Current');
    expect(screen.getByLabelText('Code of tag 1')).toHaveValue('PRESS_CURRENT');
    // The root first, then the opened folder; each with the form's endpoint.
    const asked = api.calls.filter((c) => c.url === '/api/connections/browse').map((c) => c.body as { endpoint: string; nodeId: string | null });
    expect(asked.map((b) => b.nodeId)).toEqual([null, 'ns=2;s=L1']);
    expect(asked[0].endpoint).toBe('opc.tcp://127.0.0.1:4840/');
  });

  it('offers to trust a server whose certificate is not trusted, and tests again once trusted', async () => {
    let trusted = false;
    const api = fakeApi({
      'POST /api/connections/test': () =>
        ok(
          trusted
            ? { connected: true, error: null, fault: false, untrustedCertificate: null, tags: [] }
            : { connected: false, error: 'BadCertificateUntrusted', fault: true, untrustedCertificate: { thumbprint: 'ab'.repeat(20), subject: 'CN=Press PLC' }, tags: [] },
        ),
      'POST /api/connections/trust': () => {
        trusted = true;
        return ok({ thumbprint: 'ab'.repeat(20), subject: 'CN=Press PLC', trustedAt: '2026-11-28T10:00:00Z', trustedBy: 'super@plant.test' }, 'Server certificate trusted: CN=Press PLC');
      },
    });
    const user = userEvent.setup();
    show();
    await user.type(screen.getByLabelText(/^Name/), 'Press PLC');
    await user.click(screen.getByTestId('test-connection'));
    const dialog = await screen.findByRole('dialog', { name: 'Trust this server?' });
    expect(within(dialog).getByTestId('thumbprint')).toHaveTextContent('ab'.repeat(20));
    expect(within(dialog).getByText('CN=Press PLC')).toBeInTheDocument();
    await user.click(within(dialog).getByTestId('trust-server'));
    await waitFor(() => expect(screen.getByText('Connected: each tag read once')).toBeInTheDocument());
    expect(api.calls.find((c) => c.url === '/api/connections/trust')?.body).toEqual({ thumbprint: 'ab'.repeat(20) });
  });

  it('sends the batching interface folder of an OPC UA connection, and shows what the server says of it', async () => {
    const api = fakeApi({
      'POST /api/connections/add': () => ({ status: 400, body: { success: false, message: 'Check the fields', errors: { interfaceNode: 'Enter the interface folder as a string node id such as ns=2;s=Line1' } } }),
    });
    const user = userEvent.setup();
    show();
    await user.type(screen.getByLabelText(/^Name/), 'Line 1 PLC');
    await user.type(screen.getByLabelText(/^Endpoint/), '127.0.0.1:4840/');
    await user.type(screen.getByLabelText(/^Batching interface folder/), 'ns=2;i=5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the interface folder as a string node id such as ns=2;s=Line1')).toBeInTheDocument();
    const sent = api.calls.find((c) => c.url === '/api/connections/add')?.body as { interfaceNode: string | null };
    expect(sent.interfaceNode).toBe('ns=2;i=5');
  });
});
