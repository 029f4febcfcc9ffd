/**
 * /shiftlog: the shift log entries of a line (or all), newest shift first, by the range of the
 * shifts' starts (plant time; the last seven days unless the URL says otherwise) and words of
 * their notes, open items or handover notes, a page at a time. A row opens its entry; with
 * SHIFTLOG_UPDATE a new entry is written from the dialog.
 */
import { Anchor, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { LineSelect } from '@/components/line-select';
import { ListPagination } from '@/components/list-pagination';
import { PlantDateTimeInput } from '@/components/plant-date-time-input';
import { SearchInput } from '@/components/search-input';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import { pageCount } from '@/lib/paged';
import { useQueryErrorNotice } from '@/lib/use-error-notice';
import { useLines } from '@/lib/use-lines';
import { useShiftLogs } from '../api/shift-log-api';
import { ALL_LINES, PAGE_SIZE, type ShiftLog } from '../api/shift-log-types';
import { useShiftLogAccess } from '../hooks/use-shift-log-access';
import { useShiftLogText, type ShiftLogText } from '../hooks/use-shift-log-text';
import { defaultRange } from '../utils/dates';
import { backwards, readFilters, writeFilters, type ShiftLogFilters } from '../utils/filters';
import { openCount } from '../utils/open-items';
import { shiftLogPaths } from '../utils/paths';
import { HandoverBadge } from './handover-badge';
import { NewEntryDialog } from './new-entry-dialog';

const NUM = { textAlign: 'right', whiteSpace: 'nowrap' } as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

export function ShiftLogListPage() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const line = filters.lineId === ALL_LINES ? null : filters.lineId;
  const text = useShiftLogText(line);
  const { t } = text;
  const { lines } = useLines();
  const access = useShiftLogAccess();
  const zone = text.zone();
  const [now] = useState(() => new Date());
  const fallback = useMemo(() => defaultRange(now, zone), [now, zone]);
  const range = { from: filters.from ?? fallback.from, to: filters.to ?? fallback.to };
  const invalid = backwards(range.from, range.to);
  const list = useShiftLogs(invalid ? null : { lineId: filters.lineId, ...range, search: filters.search, page: filters.page });
  const fieldErrors = list.error instanceof ApiError ? (list.error.body?.errors ?? {}) : {};
  const toError = invalid ? t('web.shiftLog.rangeBackwards') : fieldErrors.toDateTime;
  const onFilter = Boolean(toError || fieldErrors.fromDateTime || fieldErrors.lineId);
  useQueryErrorNotice({ isError: list.isError && !onFilter, error: list.error });
  const [writing, setWriting] = useState(false);
  const update = (patch: Partial<ShiftLogFilters>) => setParams((p) => writeFilters(p, patch), { replace: true });
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;

  let body;
  if (list.isPending && !invalid) body = <Spinner fill />;
  else if (rows.length === 0 || invalid || list.isError)
    body = (
      <Text data-testid="shiftlog-empty" role="status">
        {t(filters.search.trim() || line ? 'web.shiftLog.noMatch' : 'web.shiftLog.none')}
      </Text>
    );
  else
    body = (
      <>
        <Text size="sm" c="dimmed" role="status" mb="xs" data-testid="shiftlog-count">
          {t('web.shiftLog.count', { count: total })}
        </Text>
        <EntryTable rows={rows} text={text} />
        <ListPagination total={pageCount(total, PAGE_SIZE)} value={filters.page} onChange={(page) => update({ page })} />
      </>
    );

  return (
    <section aria-labelledby="screen-title" aria-busy={list.isFetching}>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} size="h2" id="screen-title">
          {t('web.screen.shiftLog')}
        </Title>
        {access.update ? (
          <Button onClick={() => setWriting(true)} data-testid="shiftlog-new">
            {t('web.shiftLog.write')}
          </Button>
        ) : null}
      </Group>
      <Group align="flex-start" mb="md" wrap="wrap" gap="md">
        <LineSelect
          lines={[{ _id: ALL_LINES, name: t('web.shiftLog.allLines') }, ...lines]}
          value={filters.lineId}
          onChange={(lineId) => update({ lineId })}
          error={fieldErrors.lineId}
          w={220}
          data-testid="shiftlog-line"
        />
        <PlantDateTimeInput
          label={t('web.shiftLog.from')}
          value={range.from}
          zone={zone}
          onChange={(from) => update({ from })}
          error={fieldErrors.fromDateTime}
          w={190}
          data-testid="shiftlog-from"
        />
        <PlantDateTimeInput label={t('web.shiftLog.to')} value={range.to} zone={zone} onChange={(to) => update({ to })} error={toError} w={190} data-testid="shiftlog-to" />
        <SearchInput
          label={t('web.shiftLog.search')}
          description={t('web.shiftLog.searchHint')}
          value={filters.search}
          onSearch={(search) => update({ search })}
          w={320}
          data-testid="shiftlog-search"
        />
      </Group>
      {body}
      {access.update ? <NewEntryDialog opened={writing} initialLineId={line ?? lines[0]?._id ?? null} onClose={() => setWriting(false)} /> : null}
    </section>
  );
}

/** A notes excerpt: the first line, at most this many characters. */
const EXCERPT = 90;
const excerpt = (notes: string) => {
  const first = notes.trim().split(/\r?\n/)[0] ?? '';
  return first.length > EXCERPT ? `${first.slice(0, EXCERPT - 1).trimEnd()}…` : first;
};

function EntryTable({ rows, text }: { rows: ShiftLog[]; text: ShiftLogText }) {
  const { t } = text;
  const navigate = useNavigate();
  // Each row reads in its line's plant time; the zone is said where the rows are in several.
  const zones = new Set(rows.map((r) => text.zone(r.lineId)));
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped highlightOnHover withTableBorder aria-label={t('web.shiftLog.tableLabel')} data-testid="shiftlog-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('web.shiftLog.col.date')}</Table.Th>
            <Table.Th>{t('web.shiftLog.col.shift')}</Table.Th>
            <Table.Th>{t('web.shiftLog.col.line')}</Table.Th>
            <Table.Th>
              {t('web.shiftLog.col.time')}
              {zones.size === 1 ? (
                <>
                  {' '}
                  <Text span display="block" size="xs" fw={400} c="dimmed">
                    ({[...zones][0]})
                  </Text>
                </>
              ) : null}
            </Table.Th>
            <Table.Th>{t('web.shiftLog.col.writtenBy')}</Table.Th>
            <Table.Th>{t('web.shiftLog.col.handover')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('web.shiftLog.col.openItems')}</Table.Th>
            <Table.Th>{t('web.shiftLog.col.notes')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((e) => {
            const day = text.day(e.date);
            const open = openCount(e.openItems);
            return (
              <Table.Tr key={e.id} data-testid="shiftlog-row" data-id={e.id} style={{ cursor: 'pointer' }} onClick={() => void navigate(shiftLogPaths.entry(e.id))}>
                <Table.Td style={NOWRAP}>
                  <Anchor component={Link} to={shiftLogPaths.entry(e.id)} fw={600} aria-label={t('web.shiftLog.openEntry', { date: day, shift: e.shiftName, line: e.lineName })} onClick={(ev) => ev.stopPropagation()}>
                    {day}
                  </Anchor>
                </Table.Td>
                <Table.Td style={NOWRAP}>{e.shiftName}</Table.Td>
                <Table.Td style={NOWRAP}>{e.lineName}</Table.Td>
                <Table.Td style={NOWRAP}>
                  {text.span(e.startsAt, e.endsAt, e.lineId)}
                  {zones.size > 1 ? (
                    <Text size="xs" c="dimmed">
                      {text.zone(e.lineId)}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{e.createdBy}</Table.Td>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <HandoverBadge entry={e} />
                    {e.handedOverAt ? (
                      <Text size="xs" c="dimmed" data-testid="shiftlog-row-handover">
                        {t('web.shiftLog.takenByAt', { by: e.handedOverBy ?? '—', at: text.dateTime(e.handedOverAt, e.lineId) })}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td style={NUM} data-testid="shiftlog-row-items">
                  <span aria-hidden="true">{`${text.count(open)}/${text.count(e.openItems.length)}`}</span>
                  <VisuallyHidden>{t('web.shiftLog.itemsOpenOf', { open, total: e.openItems.length })}</VisuallyHidden>
                </Table.Td>
                <Table.Td miw={160} maw={360}>
                  <Text size="sm" lineClamp={2} data-testid="shiftlog-row-notes">
                    {excerpt(e.notes) || '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
