/**
 * "Data from unknown line ids" on the realtime diagnostics screen (topic `unknown-lines`): ids
 * that send data although no configured line has them — a controller set up with a line's code
 * instead of its `_id`, or a line not configured yet. Their data is stored as any other, but no
 * dashboard tile shows it; here each id is listed with when it last sent and how many samples
 * of each kind (since the live service started). Times in the plant's zone when the configured
 * lines share one.
 */
import { Card, Table, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useLive } from '@/lib/live/live-store';
import { useLineRecords } from './wall-api';

export function UnknownLines() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const unknown = useLive((s) => s.unknownLines);
  const zones = Array.from(new Set(Object.values(useLineRecords()).map((l) => l.timezone)));
  const zone = zones.length === 1 ? zones[0] : undefined;
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: 'short', timeStyle: 'medium', timeZone: zone });
  return (
    <Card withBorder component="section" aria-labelledby="unknown-lines-title" data-testid="unknown-lines">
      <Title order={2} size="h4" mb={4} id="unknown-lines-title">
        {t('web.live.unknown.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('web.live.unknown.hint')}
      </Text>
      {unknown.length === 0 ? (
        <Text data-testid="unknown-lines-none">{t('web.live.unknown.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('web.live.unknown.id')}</Table.Th>
                <Table.Th scope="col">{zone ? t('web.live.unknown.lastSeenIn', { zone }) : t('web.live.unknown.lastSeen')}</Table.Th>
                <Table.Th scope="col">{t('web.live.unknown.samples')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {unknown.map((u) => (
                <Table.Tr key={u.lineId} data-testid={`unknown-line-${u.lineId}`}>
                  <Table.Th scope="row" ff="monospace">
                    {u.lineId}
                  </Table.Th>
                  <Table.Td>{when(u.lastSeen)}</Table.Td>
                  <Table.Td>
                    {Object.entries(u.samples)
                      .map(([kind, n]) => `${kind} ${intl.formatNumber(n)}`)
                      .join(' · ')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
