/**
 * The alarm configuration (for _SUPER and ADMIN): every alarm code with its severity, its text
 * in the language shown, whether it stops the line and who changed it last; each row's Edit
 * opens a dialog of its severity, its text in each of the five languages and whether it stops
 * the line, saved by `PUT /api/reports/alarms/config` (the alarm lists then follow). A refusal
 * stays in the dialog: on the field it names, else in an alert.
 */
import { LIMITS } from '@/lib/limits';
import { Alert, Button, Group, Modal, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useReportFormat } from '../hooks/use-report-format';
import { textColumn, type Column } from '../utils/columns';
import { useAlarmConfig, useSaveAlarmConfig, type AlarmConfig } from '../utils/batch-api';
import { ALARM_LANGUAGES, SEVERITIES } from '../utils/batch-types';
import { configColumns } from './batch-alarm-columns';
import { ReportTable } from './report-table';

function ConfigForm({ config, onClose }: { config: AlarmConfig; onClose: () => void }) {
  const fmt = useReportFormat();
  const save = useSaveAlarmConfig();
  const [severity, setSeverity] = useState(config.severity);
  const [texts, setTexts] = useState<Record<string, string>>(() => Object.fromEntries(ALARM_LANGUAGES.map((l) => [l, config.texts[l] ?? ''])));
  const [stopsLine, setStopsLine] = useState(config.stopsLine);
  const error = save.error instanceof ApiError ? save.error : null;
  const fieldErrors = error?.body?.errors ?? {};
  const named = Object.keys(fieldErrors).some((k) => k === 'severity' || k.startsWith('texts.'));
  const alert = save.isError && !named ? (error?.firstError() ?? fmt.t('server.error')) : null;

  const submit = () =>
    save.mutate(
      { code: config.code, severity, texts, stopsLine },
      {
        onSuccess: ({ message }) => {
          notify(message ?? fmt.t('web.batch.config.saved', { code: config.code }), 'success');
          onClose();
        },
      },
    );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        <Select
          label={fmt.t('web.batch.col.severity')}
          data={SEVERITIES.map((s) => ({ value: s, label: fmt.t(`web.live.severity.${s}`) }))}
          value={severity}
          onChange={(v) => v && setSeverity(v)}
          allowDeselect={false}
          error={fieldErrors.severity}
          comboboxProps={{ withinPortal: false }}
          required
          data-autofocus
          data-testid="config-severity"
        />
        {ALARM_LANGUAGES.map((l) => (
          <TextInput
            key={l}
            label={fmt.t('web.batch.config.textIn', { language: fmt.t(`web.batch.lang.${l}`) })}
            value={texts[l]}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setTexts((all) => ({ ...all, [l]: value }));
            }}
            maxLength={LIMITS.alarmText}
            error={fieldErrors[`texts.${l}`]}
            data-testid={`config-text-${l}`}
          />
        ))}
        <Switch label={fmt.t('web.batch.col.stopsLine')} checked={stopsLine} onChange={(e) => setStopsLine(e.currentTarget.checked)} data-testid="config-stops-line" />
        {alert ? (
          <Alert color="red" variant="light" role="alert" data-testid="config-error">
            {alert}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {fmt.t('web.common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="config-save">
            {fmt.t('web.batch.config.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EditButton({ config, onEdit }: { config: AlarmConfig; onEdit: (c: AlarmConfig) => void }) {
  const fmt = useReportFormat();
  return (
    <Button size="compact-xs" variant="default" onClick={() => onEdit(config)} aria-label={fmt.t('web.batch.config.editOf', { code: config.code })} data-testid="config-edit">
      {fmt.t('web.batch.config.edit')}
    </Button>
  );
}

export function AlarmConfigSection() {
  const fmt = useReportFormat();
  const { locale } = useIntl();
  const language = locale.slice(0, 2);
  const configs = useAlarmConfig();
  const [editing, setEditing] = useState<AlarmConfig | null>(null);
  const columns = useMemo<Column<AlarmConfig>[]>(
    () => [...configColumns(language), textColumn('edit', 'web.report.col.actions', 'code', { action: true, sortable: false, cell: (c) => <EditButton config={c} onEdit={setEditing} /> })],
    [language],
  );
  const title = fmt.t('web.batch.config.title');
  let body;
  if (configs.isPending) body = <Spinner />;
  else if (configs.isError)
    body = (
      <Alert color="red" variant="light" role="alert">
        {(configs.error instanceof ApiError ? configs.error.firstError() : undefined) ?? fmt.t('server.error')}
      </Alert>
    );
  else body = <ReportTable caption={title} columns={columns} rows={configs.data} rowKey={(c) => c.code} empty={fmt.t('web.batch.empty.config')} testId="alarm-config-table" />;
  return (
    <Stack gap="sm" mt="xl" component="section" aria-labelledby="alarm-config-title" data-testid="alarm-config">
      <Title order={2} size="h4" id="alarm-config-title">
        {title}
      </Title>
      <Text size="sm">{fmt.t('web.batch.config.intro')}</Text>
      {body}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? fmt.t('web.batch.config.editOf', { code: editing.code }) : ''}
        closeButtonProps={{ 'aria-label': fmt.t('web.batch.config.close') }}
        centered
        data-testid="config-dialog"
      >
        {editing ? <ConfigForm key={editing.code} config={editing} onClose={() => setEditing(null)} /> : null}
      </Modal>
    </Stack>
  );
}
