/**
 * The production summary of an entry, as the server counts it (the reports' own figures): as
 * handed over (kept with the entry), or so far (counted when the entry was read). Cards for
 * tonnes, batches (with the aborted), stops (with the stop time, h:mm:ss), alarms (with the
 * critical and the unacknowledged) and OEE (with availability, performance and quality; "—"
 * where the server could not measure one); then the stop reasons, longest first.
 */
import { Badge, Group, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ShiftLog, ShiftSummary } from '../api/shift-log-types';
import { useShiftLogText, type ShiftLogText } from '../hooks/use-shift-log-text';

const NUM = { textAlign: 'right', whiteSpace: 'nowrap' } as const;
/** Dark enough for white text (WCAG AA): kept at the handover, or counted now. */
const KEPT = '#237032';
const COUNTED = '#1c5fa8';

interface Card {
  id: string;
  label: string;
  value: string;
  detail?: ReactNode;
}

function SummaryCards({ summary, text }: { summary: ShiftSummary; text: ShiftLogText }) {
  const { t } = text;
  const oee = summary.oee;
  const cards: Card[] = [
    { id: 'tonnes', label: t('web.shiftLog.card.tonnes'), value: text.tonnes(summary.tonnes) },
    { id: 'batches', label: t('web.shiftLog.card.batches'), value: text.count(summary.batches), detail: t('web.shiftLog.card.aborted', { count: summary.aborted }) },
    { id: 'stops', label: t('web.shiftLog.card.stops'), value: text.count(summary.stops), detail: t('web.shiftLog.card.stopTime', { time: text.duration(summary.stopS) }) },
    {
      id: 'alarms',
      label: t('web.shiftLog.card.alarms'),
      value: text.count(summary.alarms),
      detail: t('web.shiftLog.card.alarmDetail', { critical: summary.criticalAlarms, unacknowledged: summary.unacknowledgedAlarms }),
    },
    {
      id: 'oee',
      label: t('web.shiftLog.card.oee'),
      value: text.percent(oee.oee),
      detail: (
        <>
          {t('web.shiftLog.card.availability', { value: text.percent(oee.availability) })}
          <br />
          {t('web.shiftLog.card.performance', { value: text.percent(oee.performance) })}
          <br />
          {t('web.shiftLog.card.quality', { value: text.percent(oee.quality) })}
        </>
      ),
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="sm" mb="md" role="group" aria-label={t('web.shiftLog.summaryFigures')} data-testid="shiftlog-summary-cards">
      {cards.map((c) => (
        <Paper key={c.id} withBorder radius="sm" px="md" py="xs" data-testid={`shiftlog-card-${c.id}`}>
          <Text component="h3" size="xs" c="dimmed" fw={400} m={0}>
            {c.label}
          </Text>
          <Text fw={700} size="xl" data-testid={`shiftlog-card-${c.id}-value`}>
            {c.value}
          </Text>
          {c.detail ? (
            <Text size="xs" c="dimmed" data-testid={`shiftlog-card-${c.id}-detail`}>
              {c.detail}
            </Text>
          ) : null}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function StopReasons({ summary, text }: { summary: ShiftSummary; text: ShiftLogText }) {
  const { t } = text;
  return (
    <>
      <Title order={3} size="h5" id="shiftlog-stop-reasons" mb="xs">
        {t('web.shiftLog.stopReasons')}
      </Title>
      {summary.stopReasons.length === 0 ? (
        <Text size="sm" data-testid="shiftlog-no-stops">
          {t('web.shiftLog.noStops')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table striped withTableBorder aria-labelledby="shiftlog-stop-reasons" data-testid="shiftlog-stop-table" maw={720}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('web.shiftLog.col.reason')}</Table.Th>
                <Table.Th style={NUM}>{t('web.shiftLog.col.stops')}</Table.Th>
                <Table.Th style={NUM}>{t('web.shiftLog.col.duration')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {summary.stopReasons.map((r) => (
                <Table.Tr key={r.code || '-'} data-testid="shiftlog-stop-row">
                  <Table.Td>{r.code ? `${r.name ?? r.code}` : t('web.shiftLog.noReason')}</Table.Td>
                  <Table.Td style={NUM}>{text.count(r.stops)}</Table.Td>
                  <Table.Td style={NUM}>{text.duration(r.durationS)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}

export function SummarySection({ entry }: { entry: ShiftLog }) {
  const text = useShiftLogText(entry.lineId);
  const { t } = text;
  const summary = entry.summary;
  return (
    <section aria-labelledby="shiftlog-summary" data-testid="shiftlog-summary">
      <Group gap="sm" mb="sm" align="center" wrap="wrap">
        <Title order={2} size="h4" id="shiftlog-summary">
          {t('web.shiftLog.summary')}
        </Title>
        {summary ? (
          <Badge tt="none" size="lg" color={entry.summaryFinal ? KEPT : COUNTED} autoContrast={false} c="white" data-testid="shiftlog-summary-state" data-final={entry.summaryFinal}>
            {entry.summaryFinal ? t('web.shiftLog.asHandedOver') : t('web.shiftLog.soFar', { time: text.time(summary.computedAt, entry.lineId) })}
          </Badge>
        ) : null}
      </Group>
      {summary ? (
        <>
          <SummaryCards summary={summary} text={text} />
          <StopReasons summary={summary} text={text} />
        </>
      ) : (
        <Text size="sm">{t('web.shiftLog.noSummary')}</Text>
      )}
    </section>
  );
}
