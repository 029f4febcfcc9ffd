/**
 * "Live violations": the run rules the line's completed batches broke on its live saved sets,
 * pushed by the server as they happen (topic `line:<id>:spc`), newest first, without reloading.
 * A new one is announced politely to screen readers; the list says when the live connection is
 * lost.
 */
import { Badge, Group, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { useReportFormat } from '../hooks/use-report-format';
import { useSpcLive } from '../utils/spc-live';
import { ReportTable } from './report-table';
import { ruleLabel, VIOLATION_COLUMNS, violationKey } from './spc-columns';

/** Rows shown (the newest). */
const SHOWN = 20;

export function SpcLiveList({ lineId }: { lineId: string }) {
  const fmt = useReportFormat();
  const { violations, online } = useSpcLive(lineId);
  const newest = violations[0];
  return (
    <Paper withBorder p="sm" mb="md" role="region" aria-labelledby="spc-live-title" data-testid="spc-live">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="spc-live-title">
          {fmt.t('web.spc.live.title')}
        </Title>
        <Badge color={online ? '#1e7a34' : '#a65b00'} autoContrast={false} c="white" variant="filled" data-testid="spc-live-status">
          {fmt.t(online ? 'web.spc.live.online' : 'web.spc.live.offline')}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        {fmt.t('web.spc.live.hint')}
      </Text>
      <VisuallyHidden role="status" aria-live="polite" data-testid="spc-live-announce">
        {newest ? fmt.t('web.spc.live.announce', { rule: ruleLabel(newest.rule, fmt), batch: newest.batchId, set: newest.setName }) : ''}
      </VisuallyHidden>
      <ReportTable
        caption={fmt.t('web.spc.live.caption', { count: violations.length })}
        columns={VIOLATION_COLUMNS}
        rows={violations.slice(0, SHOWN)}
        rowKey={violationKey}
        empty={fmt.t('web.spc.live.empty')}
        testId="spc-live-table"
      />
    </Paper>
  );
}
