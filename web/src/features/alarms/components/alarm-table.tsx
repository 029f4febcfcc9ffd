/**
 * Alarm points as a table (the console and the realtime diagnostics screen): severity, line,
 * code, text, raised at (plant time), state, batch and comments; for a user who may handle
 * alarms each row's actions (acknowledge, shelve or unshelve, comment) and, where the screen
 * asks, a checkbox to choose rows; headers that sort where the screen asks.
 */
import { Badge, Button, Checkbox, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { PlantFormat } from '@/lib/plant-time';
import { notify } from '@/lib/notify';
import { useErrorNotice } from '@/lib/use-error-notice';
import type { AlarmRow } from '../api/alarm-types';
import { useAckAlarms, useUnshelveAlarm } from '../api/alarms-api';
import type { AlarmSort, SortColumn } from '../utils/alarm-rows';
import { CommentDialog } from './comment-dialog';
import { SeverityBadge } from './severity-badge';
import { ShelveDialog } from './shelve-dialog';

export interface AlarmTableProps {
  rows: AlarmRow[];
  /** What the table shows, said in its caption. */
  caption: string;
  plant: PlantFormat;
  /** Acknowledge, shelve, unshelve and comment (ALARM_UPDATE). */
  canAct: boolean;
  /** A column with each row's line (the console of every line). */
  showLine?: boolean;
  /** The rows chosen (by key), when the screen lets rows be chosen. */
  selected?: ReadonlySet<string>;
  onSelect?: (keys: Set<string>) => void;
  /** Sorting by the headers, when the screen sorts. */
  sort?: AlarmSort | null;
  onSort?: (column: SortColumn) => void;
  testId?: string;
}

export function AlarmTable({ rows, caption, plant, canAct, showLine = true, selected, onSelect, sort, onSort, testId = 'alarm-table' }: AlarmTableProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const ack = useAckAlarms();
  const unshelve = useUnshelveAlarm();
  const showError = useErrorNotice();
  const [shelving, setShelving] = useState<AlarmRow | null>(null);
  const [commenting, setCommenting] = useState<AlarmRow | null>(null);
  const choosing = canAct && selected !== undefined && onSelect !== undefined;
  // Only what asks for acknowledgement can be chosen (an acknowledged point has nothing to take).
  const choosable = rows.filter((r) => !r.acknowledged);
  const chosen = choosable.filter((r) => selected?.has(r.key));
  // The dialog shows the point as it is now (a comment or a move by someone else shows at once).
  const current = (r: AlarmRow | null) => (r ? (rows.find((x) => x.key === r.key) ?? r) : null);

  const acknowledge = (r: AlarmRow) =>
    ack.mutate(
      { ids: [r.id] },
      { onSuccess: ({ data, message }) => notify(message ?? t('web.alarms.acknowledged', { count: data?.occurrences ?? 0 }), 'success'), onError: showError },
    );
  const endShelf = (r: AlarmRow) =>
    unshelve.mutate(r.id, { onSuccess: ({ message }) => notify(message ?? t('web.alarms.unshelvedDone'), 'success'), onError: showError });

  const columns: Array<{ column: SortColumn; label: string }> = [
    { column: 'severity', label: t('web.alarms.col.severity') },
    ...(showLine ? [{ column: 'line' as const, label: t('web.alarms.col.line') }] : []),
    { column: 'code', label: t('web.alarms.col.code') },
    { column: 'text', label: t('web.alarms.col.text') },
    { column: 'raisedAt', label: t('web.alarms.col.raisedAt', { zone: plant.zone }) },
    { column: 'state', label: t('web.alarms.col.state') },
    // Readers have no comment button among the actions: the count is a column of its own.
    ...(canAct ? [] : [{ column: 'comments' as const, label: t('web.alarms.col.comments') }]),
  ];
  /** Columns whose badges must not be squeezed. */
  const least: Partial<Record<SortColumn, number>> = { severity: 136, state: 190 };
  const header = (c: { column: SortColumn; label: string }): ReactNode => {
    if (!onSort)
      return (
        <Table.Th key={c.column} miw={least[c.column]}>
          {c.label}
        </Table.Th>
      );
    const on = sort?.column === c.column ? sort.dir : null;
    return (
      <Table.Th key={c.column} miw={least[c.column]} aria-sort={on === 'asc' ? 'ascending' : on === 'desc' ? 'descending' : undefined}>
        <UnstyledButton onClick={() => onSort(c.column)} fw={600} fz="sm" aria-label={t('web.alarms.sortBy', { column: c.label })} data-testid={`sort-${c.column}`}>
          {c.label}
          <span aria-hidden="true">{on === 'asc' ? ' ▲' : on === 'desc' ? ' ▼' : ''}</span>
        </UnstyledButton>
      </Table.Th>
    );
  };

  return (
    <>
      <Table.ScrollContainer minWidth={showLine ? 1040 : 940}>
        <Table striped highlightOnHover withTableBorder captionSide="top" data-testid={testId}>
          <Table.Caption ta="start" data-testid={`${testId}-caption`}>
            {caption}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {choosing ? (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('web.alarms.selectAll')}
                    checked={choosable.length > 0 && chosen.length === choosable.length}
                    indeterminate={chosen.length > 0 && chosen.length < choosable.length}
                    disabled={choosable.length === 0}
                    onChange={(e) => onSelect(new Set(e.currentTarget.checked ? choosable.map((r) => r.key) : []))}
                    data-testid="alarm-select-all"
                  />
                </Table.Th>
              ) : null}
              {columns.map(header)}
              {canAct ? <Table.Th miw={210}>{t('web.alarms.col.actions')}</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => {
              const about = { code: r.code, line: r.lineName };
              const acking = ack.isPending && (ack.variables?.ids ?? []).includes(r.id);
              return (
                <Table.Tr
                  key={r.key}
                  data-testid="alarm-row"
                  data-key={r.key}
                  data-severity={r.severity}
                  data-acknowledged={r.acknowledged ? 'true' : 'false'}
                  data-shelved={r.shelved ? 'true' : 'false'}
                  fw={!r.acknowledged && !r.shelved ? 600 : undefined}
                >
                  {choosing ? (
                    <Table.Td>
                      <Checkbox
                        aria-label={t('web.alarms.select', about)}
                        checked={selected.has(r.key)}
                        disabled={r.acknowledged}
                        onChange={(e) => {
                          const next = new Set(selected);
                          if (e.currentTarget.checked) next.add(r.key);
                          else next.delete(r.key);
                          onSelect(next);
                        }}
                      />
                    </Table.Td>
                  ) : null}
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <SeverityBadge severity={r.severity} />
                  </Table.Td>
                  {showLine ? <Table.Td>{r.lineName}</Table.Td> : null}
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.code}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw="inherit">
                      {r.text}
                    </Text>
                    {r.message && r.message !== r.text ? (
                      <Text size="xs" c="dimmed">
                        {t('web.alarms.raisedAs', { message: r.message })}
                      </Text>
                    ) : null}
                    {r.batchId ? (
                      <Text size="xs" c="dimmed">
                        {t('web.alarms.inBatch', { batch: r.batchId })}
                      </Text>
                    ) : null}
                    {r.stopsLine ? (
                      <Badge size="xs" variant="outline" color="#b02a37">
                        {t('web.alarms.stopsLine')}
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" fw="inherit">
                      {plant.seconds(r.raisedAt)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {plant.date(r.raisedAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <AlarmState row={r} plant={plant} />
                  </Table.Td>
                  {canAct ? null : (
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => setCommenting(r)}
                        aria-label={t('web.alarms.commentsOf', { ...about, count: r.comments?.length ?? 0 })}
                        data-testid="alarm-comments-open"
                      >
                        {intl.formatNumber(r.comments?.length ?? 0)}
                      </Button>
                    </Table.Td>
                  )}
                  {canAct ? (
                    <Table.Td>
                      <Group gap={4} wrap="wrap">
                        {!r.acknowledged ? (
                          <Button size="compact-xs" onClick={() => acknowledge(r)} loading={acking} aria-label={t('web.alarms.ackOf', about)}>
                            {t('web.alarms.ack')}
                          </Button>
                        ) : null}
                        {r.shelved ? (
                          <Button
                            size="compact-xs"
                            variant="default"
                            onClick={() => endShelf(r)}
                            loading={unshelve.isPending && unshelve.variables === r.id}
                            aria-label={t('web.alarms.unshelveOf', about)}
                          >
                            {t('web.alarms.unshelve')}
                          </Button>
                        ) : (
                          <Button size="compact-xs" variant="default" onClick={() => setShelving(r)} aria-label={t('web.alarms.shelveOf', about)}>
                            {t('web.alarms.shelve')}
                          </Button>
                        )}
                        <Button
                          size="compact-xs"
                          variant="default"
                          onClick={() => setCommenting(r)}
                          aria-label={t('web.alarms.commentOf', { ...about, count: r.comments?.length ?? 0 })}
                          data-testid="alarm-comments-open"
                        >
                          {t('web.alarms.commentButton', { count: r.comments?.length ?? 0 })}
                        </Button>
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {canAct ? <ShelveDialog row={current(shelving)} onClose={() => setShelving(null)} /> : null}
      <CommentDialog row={current(commenting)} canAct={canAct} plant={plant} onClose={() => setCommenting(null)} />
    </>
  );
}

/** Active or returned; unacknowledged (how many occurrences) or by whom acknowledged; the shelf. */
function AlarmState({ row, plant }: { row: AlarmRow; plant: PlantFormat }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <Stack gap={2} data-testid="alarm-state">
      <Group gap={4} wrap="wrap">
        {row.returnedAt ? (
          <Badge size="sm" variant="outline" color="#495057">
            {t('web.alarms.returned')}
          </Badge>
        ) : (
          <Badge size="sm" color="#b02a37" autoContrast={false} c="white">
            {t('web.alarms.active')}
          </Badge>
        )}
        {!row.acknowledged ? (
          <Badge size="sm" color="#a65b00" autoContrast={false} c="white" data-testid="alarm-unacknowledged">
            {t('web.alarms.unacknowledged', { count: Math.max(1, row.unacknowledged) })}
          </Badge>
        ) : null}
      </Group>
      {row.acknowledged ? (
        <Text size="xs" data-testid="alarm-acked">
          {row.ackedBy ? t('web.alarms.ackedBy', { user: row.ackedBy }) : t('web.alarms.ackedAtController')}
        </Text>
      ) : null}
      {row.acknowledged && row.ackedBy && row.controllerAckedAt ? (
        <Text size="xs" c="dimmed" data-testid="alarm-controller-confirmed">
          {t('web.alarms.controllerConfirmed')}
        </Text>
      ) : null}
      {row.shelved && row.shelvedUntil ? (
        <Text size="xs" data-testid="alarm-shelf">
          {t('web.alarms.shelvedUntil', { time: plant.time(row.shelvedUntil), user: row.shelvedBy ?? '—', reason: row.shelveReason ?? '—' })}
        </Text>
      ) : null}
    </Stack>
  );
}
