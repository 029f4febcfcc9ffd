import { Alert, Button, Code, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { TestOutcome } from '../api/connections-api';

/** What "test" found: connected with each tag's status and value, or why not (and the trust dialog). */
export function TestResult({ outcome, onTrust, trusting }: { outcome: TestOutcome; onTrust: (thumbprint: string) => void; trusting: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [dismissed, setDismissed] = useState(false);
  const cert = outcome.untrustedCertificate;
  return (
    <Stack gap="xs" data-testid="test-result" aria-live="polite">
      {outcome.connected ? (
        <Alert color="green" title={t('web.connection.testConnected')}>
          <Table aria-label={t('web.connection.testTags')}>
            <Table.Tbody>
              {outcome.tags.map((tag) => (
                <Table.Tr key={tag.nodeId}>
                  <Table.Td ff="monospace">{tag.nodeId}</Table.Td>
                  <Table.Td c={tag.status === 'Good' ? undefined : 'red'}>{tag.status}</Table.Td>
                  <Table.Td>{tag.value ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Alert>
      ) : (
        <Alert color="red" title={t(outcome.fault ? 'web.connection.testRefused' : 'web.connection.testUnreachable')}>
          {outcome.error}
        </Alert>
      )}
      {cert && !dismissed ? (
        <Modal opened onClose={() => setDismissed(true)} title={t('web.connection.trustTitle')}>
          <Stack gap="sm">
            <Text size="sm">{t('web.connection.trustExplain')}</Text>
            <Text size="sm">
              {t('web.connection.subject')}: <Code>{cert.subject}</Code>
            </Text>
            <Text size="sm">
              {t('web.connection.thumbprint')}: <Code data-testid="thumbprint">{cert.thumbprint}</Code>
            </Text>
            <Group>
              <Button onClick={() => onTrust(cert.thumbprint)} loading={trusting} data-testid="trust-server">
                {t('web.connection.trustServer')}
              </Button>
              <Button variant="default" onClick={() => setDismissed(true)}>
                {t('web.common.cancel')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </Stack>
  );
}
