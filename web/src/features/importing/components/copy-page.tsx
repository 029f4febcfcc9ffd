import { Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { LineSelect } from '@/components/line-select';
import { Spinner } from '@/components/spinner';
import type { EntityDescriptor } from '@/features/config/api/config-types';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useErrorNotice } from '@/lib/use-error-notice';
import { useLines } from '@/lib/use-lines';
import { useCopyParameters, type CopyReport } from '../api/importing-api';
import { TypeSelect } from './type-select';

export interface CopyPageProps {
  descriptor: EntityDescriptor;
  /** The copyable types, for the type selector. */
  types: EntityDescriptor[];
  onType: (key: string) => void;
}

type Errors = { from?: string; to?: string };

/** The lines' problems the form can tell before asking the server. */
function checkLines(from: string | null, to: string | null, submitting: boolean): { from?: 'required'; to?: 'required' | 'same' } {
  if (from && to && from === to) return { to: 'same' };
  if (!submitting) return {};
  return { from: from ? undefined : 'required', to: to ? undefined : 'required' };
}

/**
 * `/copyparameter/:type`: every record of one parameter type from one line to another; codes
 * the target line already has are skipped (left as they are). The lines are kept in the URL
 * (`?from=&to=`), so they stay when another type is chosen.
 */
export function CopyPage({ descriptor, types, onType }: CopyPageProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const showError = useErrorNotice();
  const [params, setParams] = useSearchParams();
  const { lines, loading: linesLoading } = useLines();
  const copy = useCopyParameters();
  const from = params.get('from');
  const to = params.get('to');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [result, setResult] = useState<(CopyReport & { from: string; to: string }) | null>(null);

  const entity = t(`web.screen.${descriptor.screen}`);
  const lineName = (id: string) => lines.find((l) => l._id === id)?.name || id;
  const check = checkLines(from, to, submitted);
  const errors: Errors = {
    from: check.from ? t('web.copy.fromRequired') : serverErrors.from,
    to: check.to === 'same' ? t('web.copy.sameLine') : check.to ? t('web.copy.toRequired') : serverErrors.to,
  };

  const setLine = (name: 'from' | 'to', id: string) => {
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set(name, id);
        return next;
      },
      { replace: true },
    );
    setServerErrors({});
    setResult(null);
  };

  const run = () => {
    setSubmitted(true);
    const problems = checkLines(from, to, true);
    if (!from || !to || problems.from || problems.to) return;
    setResult(null);
    copy.mutate(
      { type: descriptor.key, fromLineId: from, toLineId: to },
      {
        onSuccess: ({ data, message }) => {
          const report = { copied: data?.copied ?? [], skipped: data?.skipped ?? [] };
          setResult({ ...report, from, to });
          notify(message ?? t('web.copy.done', { entity, copied: report.copied.length, skipped: report.skipped.length }), 'success');
        },
        onError: (e) => {
          const fields = e instanceof ApiError && e.status === 400 ? (e.body?.errors ?? {}) : {};
          if (fields.fromLineId || fields.toLineId) setServerErrors({ from: fields.fromLineId, to: fields.toLineId });
          else showError(e);
        },
      },
    );
  };

  // No line is assumed: the admin names both.
  const picker = { lines, placeholder: t('web.import.chooseLine'), withAsterisk: true, disabled: copy.isPending, maw: 360 };
  let body;
  if (linesLoading) body = <Spinner fill />;
  else if (lines.length < 2) body = <Text data-testid="copy-need-lines">{t(lines.length === 0 ? 'web.config.noLines' : 'web.copy.needTwoLines')}</Text>;
  else
    body = (
      <Stack gap="md" maw={640}>
        <Group align="flex-start" gap="md" wrap="wrap">
          <LineSelect {...picker} value={from} onChange={(id) => setLine('from', id)} label={t('web.copy.from')} data-testid="copy-from" error={errors.from} />
          <LineSelect {...picker} value={to} onChange={(id) => setLine('to', id)} label={t('web.copy.to')} data-testid="copy-to" error={errors.to} />
        </Group>
        <Group>
          <Button onClick={run} loading={copy.isPending} data-testid="copy-run">
            {t('web.copy.run')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <section aria-labelledby="screen-title">
      <Title order={1} size="h2" id="screen-title" mb="xs">
        {t('web.copy.title', { entity })}
      </Title>
      <Text mb="md" maw={720}>
        {t('web.copy.intro', { entity })}
      </Text>
      <Stack gap="md">
        <TypeSelect types={types} value={descriptor.key} onChange={onType} label={t('web.copy.type')} testId="copy-type" />
        {body}
        <div aria-live="polite">{result ? <CopyResult result={result} entity={entity} lineName={lineName} /> : null}</div>
      </Stack>
    </section>
  );
}

function CopyResult({ result, entity, lineName }: { result: CopyReport & { from: string; to: string }; entity: string; lineName: (id: string) => string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const codes = (list: string[], testId: string, labelId: string) => (
    <section aria-labelledby={labelId}>
      <Title order={3} size="h5" id={labelId} mb={4}>
        {t(testId === 'copy-copied' ? 'web.copy.copied' : 'web.copy.skipped', { count: list.length })}
      </Title>
      {list.length > 0 ? (
        <List size="sm" data-testid={testId}>
          {list.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm" c="dimmed" data-testid={testId}>
          {t('web.copy.none')}
        </Text>
      )}
    </section>
  );
  return (
    <Paper withBorder p="md" data-testid="copy-result">
      <Title order={2} size="h4" mb="xs">
        {t('web.copy.resultTitle')}
      </Title>
      <Text size="sm" mb="sm">
        {t('web.copy.summary', { entity, from: lineName(result.from), to: lineName(result.to), copied: result.copied.length, skipped: result.skipped.length })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {codes(result.copied, 'copy-copied', 'copy-copied-title')}
        {codes(result.skipped, 'copy-skipped', 'copy-skipped-title')}
      </SimpleGrid>
      {result.skipped.length > 0 ? (
        <Text size="xs" c="dimmed" mt="sm">
          {t('web.copy.skippedHint')}
        </Text>
      ) : null}
    </Paper>
  );
}
