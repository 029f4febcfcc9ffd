import { Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { DeleteDialog } from '@/components/delete-dialog';
import { LineSelect } from '@/components/line-select';
import { Spinner } from '@/components/spinner';
import { allows, RULES } from '@/lib/access';
import { useLiveSocket } from '@/lib/live/use-live-socket';
import { useLive } from '@/lib/live/live-store';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session-store';
import { useErrorNotice, useQueryErrorNotice } from '@/lib/use-error-notice';
import { useLines } from '@/lib/use-lines';
import { usePlantTime } from '@/lib/use-plant-time';
import { useConnections, useDeleteConnection, useDistrust, useTrusted, type Connection } from '../api/connections-api';
import { ConnectionStateBadge } from './state-badge';

const BASE = '/configurator/connections';

/** Configurator → Connections: a line's connections with their live state, and the trusted server certificates. */
export default function ConnectionsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [params, setParams] = useSearchParams();
  const { lines } = useLines();
  const lineId = params.get('lineId') ?? lines[0]?._id ?? null;
  const connections = useConnections(lineId);
  const plant = usePlantTime(lineId);
  const trusted = useTrusted();
  const remove = useDeleteConnection();
  const distrust = useDistrust();
  const showError = useErrorNotice();
  const role = useSession((s) => s.role);
  const privileges = useSession((s) => s.privileges);
  const may = (rule: keyof typeof RULES) => allows(RULES[rule], role, privileges);
  const [toDelete, setToDelete] = useState<Connection | null>(null);
  useQueryErrorNotice(connections);
  // The live state comes pushed on the `lines` topic (every line's summary carries its connections).
  useLiveSocket(['lines']);
  const live = useLive((s) => (lineId ? s.lines[lineId]?.connections : undefined));
  const stateOf = (c: Connection) => live?.find((l) => l._id === c._id);

  return (
    <section aria-labelledby="screen-title">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} size="h2" id="screen-title">
          {t('web.screen.connections')}
        </Title>
        {may('connectionCreate') ? (
          <Button component={Link} to={`${BASE}/new${lineId ? `?lineId=${lineId}` : ''}`} data-testid="new-connection">
            {t('web.config.new')}
          </Button>
        ) : null}
      </Group>
      <LineSelect lines={lines} value={lineId} onChange={(id) => setParams({ lineId: id })} mb="md" />
      {connections.isPending ? (
        <Spinner />
      ) : (
        <Table striped highlightOnHover withTableBorder aria-label={t('web.screen.connections')} data-testid="connection-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('web.connection.name')}</Table.Th>
              <Table.Th>{t('web.connection.protocol')}</Table.Th>
              <Table.Th>{t('web.connection.endpoint')}</Table.Th>
              <Table.Th>{t('web.connection.tags')}</Table.Th>
              <Table.Th>{t('web.connection.state')}</Table.Th>
              <Table.Th>{t('web.config.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(connections.data ?? []).map((c) => {
              const s = stateOf(c);
              return (
                <Table.Tr key={c._id} data-testid="connection-row" data-live={s ? 'yes' : 'no'}>
                  <Table.Td>
                    {c.name}
                    {c.interfaceNode ? (
                      <Text size="xs" c="dimmed" ff="monospace">
                        {t('web.connection.interfaceAt', { node: c.interfaceNode })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{t(`web.connection.protocolName.${c.protocol}`)}</Table.Td>
                  <Table.Td ff="monospace">{c.endpoint}</Table.Td>
                  <Table.Td>{c.tags.length}</Table.Td>
                  <Table.Td>
                    <ConnectionStateBadge state={s?.state ?? (c.enabled ? 'DISCONNECTED' : 'DISABLED')} lastError={s ? s.lastError : c.enabled ? 'connector.notReporting' : null} />
                    {s?.since ? (
                      <Text size="xs" c="dimmed">
                        {t('web.connection.since', { time: plant.dateTime(s.since) })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Button size="xs" variant="light" component={Link} to={`${BASE}/edit/${c._id}`} aria-label={t('web.connection.editOf', { name: c.name })}>
                        {t(may('connectionUpdate') ? 'web.config.edit' : 'web.connection.open')}
                      </Button>
                      {may('connectionDelete') ? (
                        <Button size="xs" variant="subtle" color="red" onClick={() => setToDelete(c)} aria-label={t('web.connection.deleteOf', { name: c.name })}>
                          {t('web.config.delete')}
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
            {connections.data?.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text c="dimmed">{t('web.connection.none')}</Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      )}

      <Stack mt="xl" gap="xs">
        <Title order={2} size="h4">
          {t('web.connection.trustedTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('web.connection.trustedExplain')}
        </Text>
        <Table withTableBorder aria-label={t('web.connection.trustedTitle')} data-testid="trusted-list">
          <Table.Tbody>
            {(trusted.data ?? []).map((c) => (
              <Table.Tr key={c.thumbprint}>
                <Table.Td>{c.subject}</Table.Td>
                <Table.Td>
                  <Code>{c.thumbprint}</Code>
                </Table.Td>
                <Table.Td>
                  {plant.dateTime(c.trustedAt)} {c.trustedBy ?? ''}
                </Table.Td>
                <Table.Td>
                  {may('connectionUpdate') ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      loading={distrust.isPending}
                      onClick={() => distrust.mutate(c.thumbprint, { onSuccess: (r) => notify(r.message ?? '', 'success'), onError: showError })}
                    >
                      {t('web.connection.distrust')}
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
            {trusted.data?.length === 0 ? (
              <Table.Tr>
                <Table.Td>
                  <Text c="dimmed" size="sm">
                    {t('web.connection.noneTrusted')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </Stack>

      <DeleteDialog
        target={toDelete ? `${t('web.screen.connection')} ${toDelete.name}` : null}
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete._id, {
            onSuccess: (r) => {
              notify(r.message ?? '', 'success');
              setToDelete(null);
            },
            onError: showError,
          })
        }
      />
    </section>
  );
}
