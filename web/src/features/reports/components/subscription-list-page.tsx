/**
 * /reports/subscriptions: the scheduled reports, newest first — each with its name, the report
 * it delivers (by its screen's title), how often in words ("Weekly, Monday 06:00"), the zone
 * its times are in, the next delivery, the file, the recipients and the owner — and a link
 * opening it. Without any, the screen says how one is made: from a report, "Deliver this…".
 */
import { Alert, Button, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import type { Subscription } from '../api/subscription-types';
import { useSubscriptions } from '../api/subscriptions-api';
import { useSubscriptionText, type SubscriptionText } from '../hooks/use-subscription-text';
import { subscriptionPaths } from '../utils/paths';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

export function SubscriptionListPage() {
  const list = useSubscriptions();
  const text = useSubscriptionText();
  const { t } = text;
  const rows = list.data ?? [];

  let body;
  if (list.isPending) body = <Spinner fill />;
  else if (list.isError)
    body = (
      <Alert color="red" variant="light" role="alert" data-testid="subscriptions-problem">
        {(list.error instanceof ApiError ? list.error.firstError() : undefined) ?? t('server.error')}
      </Alert>
    );
  else if (rows.length === 0)
    body = (
      <Alert color="gray" variant="light" title={t('web.subscription.noneTitle')} data-testid="subscriptions-empty">
        {t('web.subscription.none')}
      </Alert>
    );
  else body = <SubscriptionTable rows={rows} text={text} />;

  return (
    <section aria-labelledby="screen-title" aria-busy={list.isFetching}>
      <Title order={1} size="h2" id="screen-title" mb="xs">
        {t('web.screen.reportSubscriptions')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('web.subscription.intro')}
      </Text>
      {body}
    </section>
  );
}

function SubscriptionTable({ rows, text }: { rows: readonly Subscription[]; text: SubscriptionText }) {
  const { t } = text;
  const heads = ['name', 'report', 'cadence', 'zone', 'next', 'format', 'recipients', 'owner'];
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table striped highlightOnHover withTableBorder data-testid="subscriptions-table">
        <Table.Caption>{t('web.subscription.tableCaption', { count: rows.length })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {heads.map((h) => (
              <Table.Th key={h} scope="col">
                {t(`web.subscription.col.${h}`)}
              </Table.Th>
            ))}
            <Table.Th scope="col">
              <VisuallyHidden>{t('web.subscription.col.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((s) => (
            <Table.Tr key={s._id} data-testid="subscription-row" data-id={s._id}>
              <Table.Th scope="row" data-testid="subscription-row-name">
                {s.name}
              </Table.Th>
              <Table.Td data-testid="subscription-row-report">{text.report(s)}</Table.Td>
              <Table.Td data-testid="subscription-row-cadence">{text.cadence(s)}</Table.Td>
              <Table.Td style={NOWRAP} data-testid="subscription-row-zone">
                {s.zone}
              </Table.Td>
              <Table.Td style={NOWRAP} data-testid="subscription-row-next">
                {text.next(s)}
              </Table.Td>
              <Table.Td data-testid="subscription-row-format">{text.format(s.format)}</Table.Td>
              <Table.Td data-testid="subscription-row-recipients">
                <Text size="sm">{t('web.subscription.recipientCount', { count: s.recipients.length })}</Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                  {s.recipients.join('\n')}
                </Text>
              </Table.Td>
              <Table.Td data-testid="subscription-row-owner">{s.owner}</Table.Td>
              <Table.Td>
                <Button
                  component={Link}
                  to={subscriptionPaths.one(s._id)}
                  size="compact-sm"
                  variant="light"
                  aria-label={t('web.subscription.openOf', { name: s.name })}
                  data-testid="subscription-open"
                >
                  {t('web.subscription.open')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
