import { Alert, Title } from '@mantine/core';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import { useTraceText } from '../hooks/use-trace-text';

/** Why a record could not be shown: not there (404), or the server's reason. */
export function Problem({ error }: { error: unknown }) {
  const { t } = useTraceText();
  const missing = error instanceof ApiError && error.status === 404;
  const reason = missing ? t('web.trace.notFound') : ((error instanceof ApiError ? error.firstError() : undefined) ?? t('server.error'));
  return (
    <Alert color={missing ? 'gray' : 'red'} variant="light" role="alert" mt="md" data-testid="trace-not-found">
      {reason}
    </Alert>
  );
}

/** A screen of one record while it loads, or when it is not there: the heading and a spinner or the reason. */
export function ScreenFallback({ title, pending, error }: { title: string; pending: boolean; error?: unknown }) {
  return (
    <section aria-labelledby="screen-title">
      <Title order={1} size="h2" id="screen-title" mb="md">
        {title}
      </Title>
      {pending ? <Spinner fill /> : <Problem error={error} />}
    </section>
  );
}
