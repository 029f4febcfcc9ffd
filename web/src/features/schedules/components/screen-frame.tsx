import { Alert, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Spinner } from '@/components/spinner';
import { useScheduleText } from '../hooks/use-schedule-text';

/** A screen of one order while it loads, or when there is none: the heading and a spinner or a note. */
export function ScheduleScreenFallback({ title, pending }: { title: string; pending: boolean }) {
  const { t } = useScheduleText();
  return (
    <section aria-labelledby="screen-title">
      <Title order={1} size="h2" id="screen-title" mb="md">
        {title}
      </Title>
      {pending ? (
        <Spinner fill />
      ) : (
        <Alert color="gray" variant="light" data-testid="schedule-not-found">
          {t('web.schedules.notFound')}
        </Alert>
      )}
    </section>
  );
}

/** A screen's heading with what stands next to it. */
export function ScreenTitle({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <Group gap="sm" align="center" wrap="wrap" mb="md">
      <Title order={1} size="h2" id="screen-title">
        {children}
      </Title>
      {aside}
    </Group>
  );
}
