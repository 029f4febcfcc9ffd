/**
 * /audit/:id: one entry of the trail — when (plant time, to the second, its zone said), who,
 * what, which record and line — with the values that changed (field, added / removed /
 * changed, before, after), what else the event says as key and value, and the whole record
 * before and after as JSON in sections that open. The back link returns to the list as it was
 * filtered (the list's query comes along in the entry's address).
 */
import { Accordion, Alert, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router-dom';
import { FactsTable, type Fact } from '@/components/facts-table';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import { useAuditEntry } from '../api/audit-api';
import type { AuditEntry } from '../api/audit-types';
import { useAuditText, type AuditText } from '../hooks/use-audit-text';
import { auditPaths } from '../utils/paths';
import { prettyJson, valueText } from '../utils/values';
import { ChangesTable } from './changes-table';

export function AuditEntryPage() {
  const { id = '' } = useParams();
  const { search } = useLocation();
  const entry = useAuditEntry(id);
  const text = useAuditText(entry.data?.lineId ?? null);
  const { t } = text;
  const backLink = (
    <Button variant="subtle" component={Link} to={`${auditPaths.list}${search}`} data-testid="audit-back">
      {t('web.audit.back')}
    </Button>
  );

  if (!entry.data) {
    const missing = entry.error instanceof ApiError && entry.error.status === 404;
    const reason = (entry.error instanceof ApiError ? entry.error.firstError() : undefined) ?? t('server.error');
    return (
      <section aria-labelledby="screen-title" aria-busy={entry.isPending}>
        <Title order={1} size="h2" id="screen-title" mb="md">
          {t('web.screen.audit')}
        </Title>
        {entry.isPending ? (
          <Spinner fill />
        ) : (
          <Alert color={missing ? 'gray' : 'red'} variant="light" role="alert" mb="md" data-testid="audit-problem">
            {reason}
          </Alert>
        )}
        {backLink}
      </section>
    );
  }

  const e = entry.data;
  return (
    <section aria-labelledby="screen-title" data-testid="audit-entry" data-id={e.id}>
      <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap" gap="sm">
        <Title order={1} size="h2" id="screen-title">
          {t('web.audit.entryTitle', { action: e.actionLabel, entity: e.entityLabel })}
        </Title>
        {backLink}
      </Group>
      <Stack gap="xl">
        <FactsTable facts={facts(e, text)} label={t('web.audit.facts')} testId="audit-facts" />
        <section aria-labelledby="audit-changes-title">
          <Title order={2} size="h4" id="audit-changes-title" mb="xs">
            {t('web.audit.changes')}
          </Title>
          <ChangesTable changes={e.changes} labelledBy="audit-changes-title" text={text} />
        </section>
        {e.detail && Object.keys(e.detail).length > 0 ? (
          <section aria-labelledby="audit-detail-title">
            <Title order={2} size="h4" id="audit-detail-title" mb="xs">
              {t('web.audit.detail')}
            </Title>
            <FactsTable
              facts={Object.entries(e.detail).map(([key, value]) => ({ id: key, label: key, value: <Code bg="transparent" p={0} style={{ whiteSpace: 'pre-wrap' }}>{valueText(value)}</Code> }))}
              label={t('web.audit.detail')}
              testId="audit-detail"
            />
          </section>
        ) : null}
        <section aria-labelledby="audit-records-title">
          <Title order={2} size="h4" id="audit-records-title" mb="xs">
            {t('web.audit.records')}
          </Title>
          <Accordion multiple variant="separated" data-testid="audit-records">
            {(['before', 'after'] as const).map((side) => (
              <Accordion.Item key={side} value={side}>
                <Accordion.Control data-testid={`audit-${side}-toggle`}>{t(`web.audit.${side}`)}</Accordion.Control>
                <Accordion.Panel>
                  {e[side] ? (
                    <Code block data-testid={`audit-${side}-json`}>
                      {prettyJson(e[side])}
                    </Code>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t(side === 'before' ? 'web.audit.noBefore' : 'web.audit.noAfter')}
                    </Text>
                  )}
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </section>
      </Stack>
    </section>
  );
}

/** The entry's facts: when (with the zone), who, what, which record, which line. */
function facts(e: AuditEntry, text: AuditText): Fact[] {
  const { t } = text;
  const line = [e.lineCode, e.lineName].filter(Boolean).join(' · ') || e.lineId;
  return [
    { id: 'at', label: t('web.audit.col.time'), value: t('web.audit.atInZone', { at: text.at(e.at), zone: text.zone }) },
    { id: 'user', label: t('web.audit.col.user'), value: text.actor(e.actor) },
    { id: 'action', label: t('web.audit.col.action'), value: e.actionLabel },
    { id: 'entity', label: t('web.audit.entity'), value: e.entityLabel },
    {
      id: 'entityId',
      label: t('web.audit.entityId'),
      value: e.entityId ? (
        <Code bg="transparent" p={0}>
          {e.entityId}
        </Code>
      ) : (
        '—'
      ),
    },
    { id: 'line', label: t('web.audit.col.line'), value: line || t('web.audit.noLine') },
  ];
}
