/**
 * The saved parameter sets of the line: a picker that loads a set (its subject, chart, baseline
 * and rules fill the controls), and — for those who may change them (REPORTS_UPDATE for the
 * batch graph, _SUPER and ADMIN for the consumption graph) — save the controls as a new set,
 * update the set loaded with them, or delete it after a confirmation. A batch set may be live:
 * the server then judges every completed batch of the line by it and pushes what breaks a rule.
 */
import { LIMITS } from '@/lib/limits';
import { Alert, Badge, Button, Group, Modal, Paper, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { StaleEditAlert } from '@/components/stale-edit-alert';
import { DeleteDialog } from '@/components/delete-dialog';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useStaleEdit } from '@/lib/use-stale-edit';
import { useErrorNotice } from '@/lib/use-error-notice';
import { spcKeys, useDeleteSpcSet, useSaveSpcSet, useSpcSets, type SpcKind, type SpcSet } from '../api/spc-api';
import { useReportContext } from '../hooks/report-context';
import { useReportFormat } from '../hooks/use-report-format';
import { chartParams, fromSet, matchesSet, oneLine, SPC, toSet } from '../utils/spc-params';
import { spcSetDifferences } from '../utils/spc-stale';
import { apiParams } from '../utils/filters';

type Mode = 'new' | 'update';

interface SaveDialogProps {
  kind: SpcKind;
  mode: Mode | null;
  loaded: SpcSet | undefined;
  /** The `updatedAt` of the set as the controls were filled from it: sent with an update (decision 97). */
  startedFrom: string | null | undefined;
  /** The controls now hold the saved set (after a save, or a reload of someone else's change). */
  onLoaded: (set: SpcSet) => void;
  onClose: () => void;
}

function SaveDialog({ kind, mode, loaded, startedFrom, onLoaded, onClose }: SaveDialogProps) {
  const { t, dateTime } = useReportFormat();
  const { values } = useReportContext();
  const client = useQueryClient();
  const save = useSaveSpcSet(kind);
  const [name, setName] = useState('');
  const [live, setLive] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The version is the screen's (`startedFrom`); the dialog keeps the refusal.
  const stale = useStaleEdit<SpcSet>(undefined);
  const [opened, setOpened] = useState<Mode | null>(null);
  // Filled afresh each time the dialog opens: the set's own name and live flag for an update.
  if (mode !== opened) {
    setOpened(mode);
    setName(mode === 'update' ? (loaded?.name ?? '') : '');
    setLive(mode === 'update' ? Boolean(loaded?.live) : false);
    setError(null);
    stale.begin();
  }
  const send = (body: SpcSet, from: string | null | undefined) => {
    setError(null);
    stale.begin();
    save.mutate(body._id && from ? { ...body, updatedAt: from } : body, {
      onSuccess: (saved) => {
        onLoaded(saved);
        notify(t(mode === 'update' ? 'web.spc.set.updated' : 'web.spc.set.saved', { name: saved.name }), 'success');
        onClose();
      },
      onError: (e) => {
        if (stale.refused(e, from, body)) {
          void client.invalidateQueries({ queryKey: spcKeys.sets(kind, body.lineId) });
          return;
        }
        setError((e instanceof ApiError ? e.firstError() : undefined) ?? t('server.error'));
      },
    });
  };
  const submit = () => {
    if (!name.trim()) return setError(t('web.spc.set.nameRequired'));
    const body = toSet(kind, values, name, live, mode === 'update' ? loaded?._id : undefined);
    if (!body) return;
    send(body, startedFrom);
  };
  const refusal = stale.stale;
  const compared = refusal && loaded && stale.newer(loaded.updatedAt) ? spcSetDifferences(refusal.input, loaded, { t, dateTime }) : undefined;
  return (
    <Modal opened={mode !== null} onClose={onClose} title={t(mode === 'update' ? 'web.spc.set.updateTitle' : 'web.spc.set.newTitle')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {refusal && loaded ? (
            <StaleEditAlert
              message={refusal.message}
              differences={compared}
              busy={save.isPending}
              onReload={() => {
                onLoaded(loaded);
                onClose();
              }}
              onOverwrite={() => send(refusal.input, loaded.updatedAt)}
            />
          ) : null}
          <TextInput label={t('web.spc.set.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={LIMITS.spcSetName} required data-autofocus data-testid="spc-set-name" error={error} />
          {kind === 'batch' ? (
            <Switch label={t('web.spc.set.live')} description={t('web.spc.set.liveHint')} checked={live} onChange={(e) => setLive(e.currentTarget.checked)} data-testid="spc-set-live" />
          ) : null}
          <Text size="xs" c="dimmed">
            {t('web.spc.set.savesControls')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('web.common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="spc-set-submit">
              {t('web.config.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function SpcSets({ kind, canWrite }: { kind: SpcKind; canWrite: boolean }) {
  const { t } = useReportFormat();
  const { values, set } = useReportContext();
  const line = oneLine(values);
  const sets = useSpcSets(kind, line);
  const remove = useDeleteSpcSet(kind);
  const showError = useErrorNotice();
  const [mode, setMode] = useState<Mode | null>(null);
  const [deleting, setDeleting] = useState(false);
  /** The set the controls were filled from, as it was then: its id and `updatedAt`. */
  const [filledFrom, setFilledFrom] = useState<{ id: string; at: string | null | undefined } | null>(null);
  const loaded = sets.data?.find((s) => s._id === values[SPC.set]);
  const load = (found: SpcSet) => {
    setFilledFrom({ id: found._id ?? '', at: found.updatedAt });
    set({ ...fromSet(found), [SPC.set]: found._id ?? '' });
  };
  // A set filled in from a link (not picked here) started from the version this screen reads now.
  const startedFrom = filledFrom && filledFrom.id === loaded?._id ? filledFrom.at : loaded?.updatedAt;
  const matching = loaded ? matchesSet(values, loaded) : false;
  const blank = !values[SPC.material] && !values[SPC.parameter];

  // A link naming only the set (the dashboard's): its controls fill in once it is known.
  useEffect(() => {
    if (loaded && blank) set({ ...fromSet(loaded), [SPC.set]: loaded._id ?? '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded?._id, blank]);

  if (!line) return null;
  const chartable = chartParams(apiParams(values), values, undefined) !== null;
  const options = (sets.data ?? []).map((s) => ({ value: s._id ?? '', label: s.live ? t('web.spc.set.liveName', { name: s.name }) : s.name }));
  const pick = (id: string | null) => {
    const found = sets.data?.find((s) => s._id === id);
    if (found) load(found);
    else set({ [SPC.set]: '' });
  };
  const confirmDelete = () => {
    if (!loaded) return;
    remove.mutate(loaded, {
      onSuccess: () => {
        setDeleting(false);
        set({ [SPC.set]: '' });
        notify(t('web.spc.set.deleted', { name: loaded.name }), 'success');
      },
      onError: showError,
    });
  };

  return (
    <Paper withBorder p="sm" mb="md" role="region" aria-label={t('web.spc.sets')} data-testid="spc-sets">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('web.spc.sets')}
          placeholder={t(options.length ? 'web.spc.set.choose' : 'web.spc.set.none')}
          data={options}
          value={loaded ? (loaded._id ?? null) : null}
          onChange={pick}
          clearable
          searchable={options.length > 8}
          miw={240}
          data-testid="spc-set-picker"
        />
        {loaded ? (
          <Badge color={loaded.live ? '#1e7a34' : '#495057'} autoContrast={false} c="white" variant="filled" mb={6} data-testid="spc-set-live-badge">
            {t(loaded.live ? 'web.spc.set.isLive' : 'web.spc.set.notLive')}
          </Badge>
        ) : null}
        <Button variant="default" onClick={() => setMode('new')} disabled={!canWrite || !chartable} data-testid="spc-set-new">
          {t('web.spc.set.saveNew')}
        </Button>
        <Button variant="default" onClick={() => setMode('update')} disabled={!canWrite || !loaded || !chartable} data-testid="spc-set-update">
          {t('web.spc.set.update')}
        </Button>
        <Button variant="default" color="#c92a2a" onClick={() => setDeleting(true)} disabled={!canWrite || !loaded} data-testid="spc-set-delete">
          {t('web.config.delete')}
        </Button>
      </Group>
      {loaded && !matching ? (
        <Alert color="#a65b00" variant="light" mt="sm" p="xs" data-testid="spc-set-changed">
          {t('web.spc.set.changed', { name: loaded.name })}
        </Alert>
      ) : null}
      {canWrite ? null : (
        <Text size="xs" c="dimmed" mt={6} data-testid="spc-set-readonly">
          {t(kind === 'batch' ? 'web.spc.set.readOnly' : 'web.spc.set.adminsOnly')}
        </Text>
      )}
      <SaveDialog kind={kind} mode={mode} loaded={loaded} startedFrom={startedFrom} onLoaded={load} onClose={() => setMode(null)} />
      <DeleteDialog target={deleting && loaded ? t('web.spc.set.target', { name: loaded.name }) : null} busy={remove.isPending} onConfirm={confirmDelete} onClose={() => setDeleting(false)} />
    </Paper>
  );
}
