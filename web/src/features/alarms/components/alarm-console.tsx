/**
 * /alarms and /alarms/:lineId: the alarm console (ISA-18.2, issue 34) — every alarm point that
 * is active, unacknowledged or shelved, of every line or of one, live (topic `alarms`: a move
 * by another user or a controller shows within a second) with the configured texts of the api;
 * filtered by severity, state and text (in the URL), sorted by any column (else the server's
 * order: shelved last, critical first, unacknowledged first, newest first). A user who may
 * handle alarms acknowledges chosen points or every one of the line, and shelves, unshelves
 * and comments each. New unacknowledged points are announced to screen readers and, when the
 * user switched the sound on (kept in the browser), a new critical one beeps.
 */
import { Alert, Button, Group, Select, Switch, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { Severity as SEVERITIES } from '@/generated/enums';
import { useLive } from '@/lib/live/live-store';
import { topics } from '@/lib/live/protocol';
import { useLiveSocket } from '@/lib/live/use-live-socket';
import { notify } from '@/lib/notify';
import { useErrorNotice } from '@/lib/use-error-notice';
import { useLines } from '@/lib/use-lines';
import { usePlantTime } from '@/lib/use-plant-time';
import { ALL_LINES, type AckRequest, type AlarmPoint } from '../api/alarm-types';
import { useAckAlarms } from '../api/alarms-api';
import { useAlarmAccess } from '../hooks/use-alarm-access';
import { useAlarmRows } from '../hooks/use-alarm-rows';
import { useNewAlarms } from '../hooks/use-new-alarms';
import { filterRows, nextSort, sortRows, STATE_FILTERS, type AlarmSort, type StateFilter } from '../utils/alarm-rows';
import { playTone, primeTone } from '../utils/tone';
import { AlarmTable } from './alarm-table';

const TOPICS = [topics.alarms];
/** While the live feed is down the api is asked this often. */
const OFFLINE_POLL_MS = 10_000;
/** The local-storage key of the sound switch (this browser's choice, off unless switched on). */
export const SOUND_KEY = 'alarmSound';

type Severity = AlarmPoint['severity'];

export const alarmsPath = (lineId: string | null) => (lineId && lineId !== ALL_LINES ? `/alarms/${encodeURIComponent(lineId)}` : '/alarms');

export function AlarmConsole() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const params = useParams();
  const lineId = params.lineId && params.lineId !== ALL_LINES ? params.lineId : null;
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const access = useAlarmAccess();
  const showError = useErrorNotice();
  const { lines } = useLines();
  const names = useMemo(() => Object.fromEntries(lines.map((l) => [l._id, l.name || l._id])), [lines]);
  const plant = usePlantTime(lineId);

  // The live points while the feed is up (or still connecting); the api's, asked every 10 s, while it is down.
  const { online, settled } = useLiveSocket(TOPICS);
  const down = settled && !online;
  const live = useLive((s) => (!down && s.seq[topics.alarms] !== undefined ? s.alarms : null));
  const { rows, loading, fetching } = useAlarmRows({ lineId, live, names, read: access.read, pollMs: down ? OFFLINE_POLL_MS : undefined });

  const severityParam = search.get('severity');
  const stateParam = search.get('state');
  const filters = {
    severity: SEVERITIES.find((s) => s === severityParam) ?? null,
    state: STATE_FILTERS.find((s) => s === stateParam) ?? 'all',
    search: search.get('q') ?? '',
  };
  const setFilter = (name: string, value: string | null) =>
    setSearch(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const [sort, setSort] = useState<AlarmSort | null>(null);
  const shown = sortRows(filterRows(rows, filters), sort);

  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const chosenIds = shown.filter((r) => selected.has(r.key) && !r.acknowledged).map((r) => r.id);
  const ack = useAckAlarms();
  const acknowledge = (body: AckRequest) =>
    ack.mutate(body, {
      onSuccess: ({ data, message }) => {
        notify(message ?? t('web.alarms.acknowledged', { count: data?.occurrences ?? 0 }), 'success');
        setSelected(new Set());
      },
      onError: showError,
    });

  const [sound, setSound] = useLocalStorage<boolean>({ key: SOUND_KEY, defaultValue: false, getInitialValueInEffect: false });
  const [announcement, setAnnouncement] = useState('');
  useNewAlarms(lineId, (fresh) => {
    setAnnouncement(fresh.map((a) => t('web.alarms.announce', { code: a.code, line: names[a.lineId] ?? a.lineId })).join(' '));
    if (sound && fresh.some((a) => a.severity === 'CRITICAL')) playTone();
  });

  const lineName = lineId ? (names[lineId] ?? lineId) : null;
  const lineOptions = [{ value: ALL_LINES, label: t('web.alarms.allLines') }, ...lines.map((l) => ({ value: l._id, label: l.name || l._id }))];
  if (lineId && !lines.some((l) => l._id === lineId)) lineOptions.push({ value: lineId, label: lineId });
  const severityOptions = [{ value: '', label: t('web.alarms.allSeverities') }, ...SEVERITIES.map((s: Severity) => ({ value: s, label: t(`web.live.severity.${s}`) }))];
  const stateOptions = STATE_FILTERS.map((s: StateFilter) => ({ value: s, label: t(`web.alarms.filter.${s}`) }));
  const narrowed = Boolean(filters.severity || filters.state !== 'all' || filters.search.trim());

  let body;
  if (loading) body = <Spinner fill />;
  else if (shown.length === 0)
    body = (
      <Text role="status" data-testid="alarm-empty">
        {t(narrowed && rows.length > 0 ? 'web.alarms.noMatch' : 'web.alarms.none')}
      </Text>
    );
  else
    body = (
      <AlarmTable
        rows={shown}
        caption={t('web.alarms.caption', { scope: lineName ?? t('web.alarms.allLines'), count: shown.length })}
        plant={plant}
        canAct={access.update}
        showLine={!lineId}
        selected={selected}
        onSelect={setSelected}
        sort={sort}
        onSort={(column) => setSort((s) => nextSort(s, column))}
      />
    );

  return (
    <section aria-labelledby="screen-title" aria-busy={fetching}>
      <Title order={1} size="h2" id="screen-title" mb="md">
        {t('web.screen.alarms')}
      </Title>
      {down ? (
        <Alert color="#a65b00" variant="filled" c="white" role="status" mb="md" data-testid="alarm-offline">
          {t('web.alarms.offline')}
        </Alert>
      ) : null}
      <Group mb="md" align="end" wrap="wrap">
        <Select
          label={t('web.alarms.line')}
          data={lineOptions}
          value={lineId ?? ALL_LINES}
          onChange={(v) => {
            if (v) void navigate({ pathname: alarmsPath(v), search: search.toString() ? `?${search.toString()}` : '' });
          }}
          allowDeselect={false}
          searchable={lineOptions.length > 8}
          w={220}
          data-testid="alarm-line"
        />
        <Select
          label={t('web.alarms.severity')}
          data={severityOptions}
          value={filters.severity ?? ''}
          onChange={(v) => setFilter('severity', v || null)}
          allowDeselect={false}
          w={170}
          data-testid="alarm-severity"
        />
        <Select
          label={t('web.alarms.state')}
          data={stateOptions}
          value={filters.state}
          onChange={(v) => setFilter('state', v && v !== 'all' ? v : null)}
          allowDeselect={false}
          w={190}
          data-testid="alarm-state-filter"
        />
        <TextInput
          label={t('web.alarms.search')}
          placeholder={t('web.alarms.searchHint')}
          value={filters.search}
          onChange={(e) => setFilter('q', e.currentTarget.value || null)}
          w={240}
          data-testid="alarm-search"
        />
        <Switch
          label={t('web.alarms.sound')}
          checked={sound}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            if (on) primeTone();
            setSound(on);
          }}
          mb={8}
          data-testid="alarm-sound"
        />
      </Group>
      {access.update ? (
        <Group mb="md" gap="sm">
          <Button onClick={() => acknowledge({ ids: chosenIds })} disabled={chosenIds.length === 0} loading={ack.isPending && Boolean(ack.variables?.ids)} data-testid="ack-selected">
            {t('web.alarms.ackSelected', { count: chosenIds.length })}
          </Button>
          {lineId ? (
            <Button
              variant="default"
              onClick={() => acknowledge({ lineId })}
              disabled={!rows.some((r) => !r.acknowledged)}
              loading={ack.isPending && Boolean(ack.variables?.lineId)}
              data-testid="ack-line"
            >
              {t('web.alarms.ackLine', { line: lineName ?? lineId })}
            </Button>
          ) : null}
        </Group>
      ) : null}
      {body}
      <VisuallyHidden aria-live="polite" role="status" data-testid="alarm-announcer">
        {announcement}
      </VisuallyHidden>
    </section>
  );
}
