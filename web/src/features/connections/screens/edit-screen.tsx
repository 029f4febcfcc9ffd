import { Group, Stack, Table, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { notify } from '@/lib/notify';
import { useQueryErrorNotice } from '@/lib/use-error-notice';
import { usePlantTime } from '@/lib/use-plant-time';
import { useConnection, useConnectionStatus, useEditConnection } from '../api/connections-api';
import { ConnectionForm } from '../components/connection-form';
import { ConnectionStateBadge } from '../components/state-badge';

/** Configurator → Connections → Edit: the form, and the connection's status with each tag's. */
export default function EditConnectionScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { id = '' } = useParams();
  const connection = useConnection(id);
  const status = useConnectionStatus(id);
  const edit = useEditConnection();
  useQueryErrorNotice(connection);
  const s = status.data;
  const plant = usePlantTime(connection.data?.lineId);
  // A tag not read yet (Pending) is no problem; a status code from the server is.
  const bad = (s?.tags ?? []).filter((tag) => tag.status !== 'Good' && tag.status !== 'Pending');
  return (
    <section aria-labelledby="screen-title">
      <Title order={1} size="h2" id="screen-title" mb="md">
        {t('web.action.edit', { entity: t('web.screen.connection') })}
      </Title>
      {s ? (
        <Stack gap={4} mb="md" data-testid="connection-status" aria-live="polite">
          <Group gap="sm">
            <ConnectionStateBadge state={s.state} lastError={s.lastError} />
            <Text size="sm">
              {t('web.connection.published', { n: s.samplesPublished, refused: s.refused, buffered: s.buffered })}
            </Text>
            {s.lastValueAt ? <Text size="sm" c="dimmed">{t('web.connection.lastValue', { time: plant.seconds(s.lastValueAt) })}</Text> : null}
          </Group>
          {bad.length ? (
            <Table withTableBorder aria-label={t('web.connection.tagStatus')} maw={720}>
              <Table.Tbody>
                {bad.map((tag) => (
                    <Table.Tr key={tag.nodeId}>
                      <Table.Td ff="monospace">{tag.nodeId}</Table.Td>
                      <Table.Td c="red">{tag.status}</Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
          ) : null}
        </Stack>
      ) : null}
      {connection.data ? (
        <ConnectionForm
          key={connection.data.updatedAt}
          initial={connection.data}
          busy={edit.isPending}
          onSubmit={(body) => edit.mutateAsync({ id, body }).then((r) => notify(r.message ?? '', 'success'))}
        />
      ) : (
        <Spinner />
      )}
    </section>
  );
}
