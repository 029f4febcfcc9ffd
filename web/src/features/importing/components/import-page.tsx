import { Alert, Anchor, Button, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { useState, type ComponentPropsWithoutRef } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { LineSelect } from '@/components/line-select';
import { Spinner } from '@/components/spinner';
import type { EntityDescriptor } from '@/features/config/api/config-types';
import { CONFIG_SCREENS, hrefs } from '@/features/config/utils/config-screens';
import { ApiError, firstError, saveBlob } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useErrorNotice } from '@/lib/use-error-notice';
import { useLines } from '@/lib/use-lines';
import { sampleFile, useUploadFile, type RowError, type UploadMode } from '../api/importing-api';
import { sortRows, splitErrors } from '../utils/report';
import { ImportReport } from './import-report';
import { TransferProgress } from '@/components/transfer-progress';
import { TypeSelect } from './type-select';

/** The file types the picker offers (the api also reads XLS and ODS). */
const ACCEPTED_FILES = '.xlsx,.csv';

type Result =
  | { kind: 'report'; rows: RowError[]; fileName: string }
  | { kind: 'valid'; rows: number }
  | { kind: 'done'; created: number; lineId: string }
  | { kind: 'failed'; message: string };

export interface ImportPageProps {
  descriptor: EntityDescriptor;
  /** The importable types, for the type selector. */
  types: EntityDescriptor[];
  onType: (key: string) => void;
}

/**
 * `/import/:type`: sample workbook, line, file; validate (nothing written) and then import
 * (every row or none). Import is enabled once a validation of this very file for this line
 * passed; a 400 of the import itself (the line changed meanwhile) shows the same report.
 */
export function ImportPage({ descriptor, types, onType }: ImportPageProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const uploadFile = useUploadFile();
  const showError = useErrorNotice();
  const [params, setParams] = useSearchParams();
  const { lines, loading: linesLoading } = useLines();
  const lineId = params.get('lineId') ?? (lines.length === 1 ? lines[0]._id : null);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ file?: string; lineId?: string }>({});
  const [downloading, setDownloading] = useState<number | null | undefined>(undefined);
  const [busy, setBusy] = useState<{ mode: UploadMode; progress: number } | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [checked, setChecked] = useState<{ file: File; lineId: string } | null>(null);

  const entity = t(`web.screen.${descriptor.screen}`);
  const listScreen = CONFIG_SCREENS.find((s) => s.entity === descriptor.key);
  const lineName = (id: string) => lines.find((l) => l._id === id)?.name || id;
  const ready = checked !== null && file !== null && checked.file === file && checked.lineId === lineId;

  const chooseLine = (id: string) => {
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('lineId', id);
        return next;
      },
      { replace: true },
    );
    setErrors((e) => ({ ...e, lineId: undefined }));
    setResult(null);
  };

  const chooseFile = (f: File | null) => {
    setFile(f);
    setErrors((e) => ({ ...e, file: undefined }));
    setResult(null);
  };

  const downloadSample = async () => {
    setDownloading(0);
    try {
      const blob = await sampleFile(descriptor.key, setDownloading);
      saveBlob(blob, `${descriptor.key}-sample.xlsx`);
    } catch (e) {
      showError(e);
    } finally {
      setDownloading(undefined);
    }
  };

  const run = async (mode: UploadMode) => {
    const missing = { lineId: lineId ? undefined : t('web.import.lineRequired'), file: file ? undefined : t('web.import.fileRequired') };
    if (!lineId || !file) {
      setErrors(missing);
      return;
    }
    setErrors({});
    setResult(null);
    setBusy({ mode, progress: 0 });
    try {
      const env = await uploadFile(mode, { type: descriptor.key, lineId, file }, (progress) => setBusy({ mode, progress }));
      const report = env.data;
      if (mode === 'validate') {
        const valid = report?.valid ?? false;
        setChecked(valid ? { file, lineId } : null);
        setResult(valid ? { kind: 'valid', rows: report?.rows ?? 0 } : { kind: 'report', rows: sortRows(report?.errors ?? []), fileName: file.name });
      } else {
        const created = report?.created ?? 0;
        setChecked(null);
        setFile(null);
        setResult({ kind: 'done', created, lineId });
        notify(env.message ?? t('web.import.done', { count: created, line: lineName(lineId) }), 'success');
      }
    } catch (e) {
      if (!(e instanceof ApiError) || (e.status !== 400 && e.status !== 413)) {
        showError(e);
      } else if (e.status === 413) {
        setErrors({ file: t('web.import.tooLarge') });
      } else {
        setChecked(null);
        const { rows, fields } = splitErrors(e.body?.errors ?? undefined);
        setErrors({ file: fields.file, lineId: fields.lineId });
        if (rows.length > 0) setResult({ kind: 'report', rows, fileName: file.name });
        else if (!fields.file && !fields.lineId) setResult({ kind: 'failed', message: firstError(e.body) ?? t('server.error') });
      }
    } finally {
      setBusy(null);
    }
  };

  let body;
  if (linesLoading) body = <Spinner fill />;
  else if (lines.length === 0) body = <Text data-testid="config-empty">{t('web.config.noLines')}</Text>;
  else
    body = (
      <Stack gap="md" maw={640}>
        <LineSelect
          lines={lines}
          value={lineId}
          onChange={chooseLine}
          label={t('web.import.line')}
          placeholder={t('web.import.chooseLine')}
          withAsterisk
          error={errors.lineId}
          disabled={busy !== null}
          maw={360}
          data-testid="import-line"
        />
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('web.import.sampleHint', { entity })}</Text>
          <Button variant="default" onClick={() => void downloadSample()} loading={downloading !== undefined} data-testid="sample-download">
            {t('web.import.sample')}
          </Button>
        </Stack>
        {downloading !== undefined ? <TransferProgress label={t('web.import.downloading')} value={downloading} testId="sample-progress" /> : null}
        <FileInput
          label={t('web.import.file')}
          description={t('web.import.fileHint')}
          placeholder={t('web.import.chooseFile')}
          accept={ACCEPTED_FILES}
          value={file}
          onChange={chooseFile}
          clearable
          clearButtonProps={{ 'aria-label': t('web.import.clearFile') }}
          error={errors.file}
          withAsterisk
          disabled={busy !== null}
          maw={480}
          data-testid="import-file-button"
          fileInputProps={{ 'data-testid': 'import-file' } as ComponentPropsWithoutRef<'input'>}
        />
        <Group gap="sm">
          <Button variant="default" onClick={() => void run('validate')} loading={busy?.mode === 'validate'} disabled={busy?.mode === 'import'} data-testid="import-validate">
            {t('web.import.validate')}
          </Button>
          <Button
            onClick={() => void run('import')}
            loading={busy?.mode === 'import'}
            disabled={!ready || busy?.mode === 'validate'}
            aria-describedby={ready ? undefined : 'import-run-hint'}
            data-testid="import-run"
          >
            {t('web.import.run')}
          </Button>
        </Group>
        {!ready ? (
          <Text id="import-run-hint" size="sm" c="dimmed">
            {t('web.import.validateFirst')}
          </Text>
        ) : null}
        {busy ? (
          <TransferProgress
            label={t(busy.progress >= 1 ? 'web.import.processing' : 'web.import.uploading', { file: file?.name ?? '' })}
            value={busy.progress}
            testId="import-progress"
          />
        ) : null}
        <div aria-live="polite">
          {result?.kind === 'valid' ? (
            <Alert color="green" variant="light" data-testid="import-valid">
              {t('web.import.valid', { rows: result.rows })}
            </Alert>
          ) : null}
          {result?.kind === 'failed' ? (
            <Alert color="red" variant="light" data-testid="import-failed">
              {result.message}
            </Alert>
          ) : null}
          {result?.kind === 'done' ? (
            <Alert color="green" variant="light" data-testid="import-done">
              <Stack gap="xs">
                <Text size="sm">{t('web.import.done', { count: result.created, line: lineName(result.lineId) })}</Text>
                {listScreen ? (
                  <Anchor component={Link} to={hrefs.list(listScreen, result.lineId)} size="sm" data-testid="import-to-list">
                    {t('web.import.toList', { entity })}
                  </Anchor>
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          {result?.kind === 'report' ? (
            <Alert color="red" variant="light" mb="sm" data-testid="import-invalid">
              {t('web.import.invalid', { count: result.rows.length })}
            </Alert>
          ) : null}
        </div>
      </Stack>
    );

  return (
    <section aria-labelledby="screen-title">
      <Title order={1} size="h2" id="screen-title" mb="xs">
        {t('web.import.title', { entity })}
      </Title>
      <Text mb="md" maw={720}>
        {t('web.import.intro')}
      </Text>
      <Stack gap="md">
        <TypeSelect types={types} value={descriptor.key} onChange={onType} label={t('web.import.type')} testId="import-type" />
        {body}
        {result?.kind === 'report' ? <ImportReport rows={result.rows} fileName={result.fileName} /> : null}
      </Stack>
    </section>
  );
}
