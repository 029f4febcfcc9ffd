/**
 * A subscription's deliveries, newest period first, a page at a time from the server: the
 * period (local time of the subscription's zone), the status in words on a coloured badge with
 * a sign, when it was sent (plant time), the tries, the file with its size, the last error of a
 * failed or retrying delivery, and when it is tried next. Paged by the URL (`page`), with the
 * count of all said above the table.
 */
import { Alert, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { ListPagination } from '@/components/list-pagination';
import { Spinner } from '@/components/spinner';
import type { DeliveryStatus } from '@/generated/enums';
import { ApiError } from '@/lib/api-client';
import { pageCount } from '@/lib/paged';
import { DELIVERY_PAGE, type ReportDelivery } from '../api/subscription-types';
import { useDeliveries } from '../api/subscriptions-api';
import type { SubscriptionText } from '../hooks/use-subscription-text';

/** Colours dark enough for white text (WCAG AA); the words and the sign carry the meaning. */
const STATUS_COLOR: Record<DeliveryStatus, string> = {
  PENDING: '#495057',
  SENT: '#237032',
  RETRY: '#8a4b00',
  FAILED: '#c92a2a',
};

const STATUS_SIGN: Record<DeliveryStatus, string> = {
  PENDING: '◷',
  SENT: '✓',
  RETRY: '↻',
  FAILED: '✕',
};

/** Badges in table cells keep their whole text (Mantine's would shrink to an ellipsis). */
const FULL = { minWidth: 'max-content' } as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

export function DeliveryStatusBadge({ status, text }: { status: DeliveryStatus; text: SubscriptionText }) {
  return (
    <Badge color={STATUS_COLOR[status]} style={FULL} leftSection={<span aria-hidden="true">{STATUS_SIGN[status]}</span>} data-testid="delivery-status" data-status={status}>
      {text.status(status)}
    </Badge>
  );
}

/** The section of the deliveries of subscription `id`. */
export function DeliveryHistory({ id, text }: { id: string; text: SubscriptionText }) {
  const { t } = text;
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useDeliveries(id, page);
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;

  let body;
  if (list.isPending) body = <Spinner />;
  else if (list.isError)
    body = (
      <Alert color="red" variant="light" role="alert" data-testid="deliveries-problem">
        {(list.error instanceof ApiError ? list.error.firstError() : undefined) ?? t('server.error')}
      </Alert>
    );
  else if (total === 0)
    body = (
      <Text size="sm" data-testid="deliveries-empty">
        {t('web.subscription.noDeliveries')}
      </Text>
    );
  else {
    const first = (page - 1) * DELIVERY_PAGE + 1;
    body = (
      <>
        <Text size="sm" c="dimmed" role="status" data-testid="deliveries-count">
          {t('web.subscription.deliveriesRange', { from: text.count(first), to: text.count(first + rows.length - 1), total: text.count(total) })}
        </Text>
        <DeliveryTable rows={rows} text={text} />
        <ListPagination
          total={pageCount(total, DELIVERY_PAGE)}
          value={page}
          onChange={(p) =>
            setParams(
              (now) => {
                const next = new URLSearchParams(now);
                if (p > 1) next.set('page', String(p));
                else next.delete('page');
                return next;
              },
              { replace: true },
            )
          }
        />
      </>
    );
  }

  return (
    <Stack component="section" gap="xs" aria-labelledby="deliveries-title" aria-busy={list.isFetching} data-testid="deliveries">
      <Title order={2} size="h4" id="deliveries-title">
        {t('web.subscription.deliveries')}
      </Title>
      {body}
    </Stack>
  );
}

function DeliveryTable({ rows, text }: { rows: readonly ReportDelivery[]; text: SubscriptionText }) {
  const { t } = text;
  const heads = ['period', 'status', 'sentAt', 'attempts', 'file', 'lastError', 'nextAttempt'];
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table striped withTableBorder data-testid="deliveries-table">
        <Table.Caption>{t('web.subscription.deliveriesCaption', { zone: text.zone })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {heads.map((h) => (
              <Table.Th key={h} scope="col">
                {t(`web.subscription.col.${h}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((d) => {
            const trying = d.status === 'RETRY' || d.status === 'FAILED';
            return (
              <Table.Tr key={d.id} data-testid="delivery-row" data-id={d.id} data-status={d.status}>
                <Table.Td data-testid="delivery-period">
                  <Period text={text} local={d.periodLocal} />
                </Table.Td>
                <Table.Td>
                  <DeliveryStatusBadge status={d.status} text={text} />
                </Table.Td>
                <Table.Td style={NOWRAP} data-testid="delivery-sent">
                  {text.at(d.sentAt)}
                </Table.Td>
                <Table.Td ta="right" data-testid="delivery-attempts">
                  {text.count(d.attempts)}
                </Table.Td>
                <Table.Td data-testid="delivery-file">
                  {d.fileName ? (
                    <>
                      <Text span size="sm" ff="monospace">
                        {d.fileName}
                      </Text>{' '}
                      <Text span size="sm" c="dimmed">
                        ({text.size(d.bytes)})
                      </Text>
                    </>
                  ) : (
                    '—'
                  )}
                </Table.Td>
                <Table.Td miw={220} maw={360} style={{ overflowWrap: 'anywhere' }} data-testid="delivery-error">{trying && d.lastError ? d.lastError : '—'}</Table.Td>
                <Table.Td style={NOWRAP} data-testid="delivery-next">
                  {d.status === 'SENT' ? '—' : text.at(d.nextAttemptAt)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A period's two ends in the zone's local time, each kept on one line. */
function Period({ text, local }: { text: SubscriptionText; local: string }) {
  const ends = text.period(local).split(' – ');
  return (
    <>
      {ends.map((end, i) => (
        <span key={i} style={NOWRAP}>
          {i > 0 ? ' – ' : null}
          {end}
        </span>
      ))}
    </>
  );
}
