import { Alert, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ReactNode } from 'react';
import type { AppRoute } from './route-table';

export function useRouteTitle() {
  const intl = useIntl();
  return (route: AppRoute) =>
    intl.formatMessage({ id: route.title.id }, { entity: intl.formatMessage({ id: route.title.entity }) });
}

/** A screen-sized note: a heading and one line, in the screen layout. */
export function NotePanel({ title, color, testId, children }: { title: ReactNode; color: string; testId?: string; children: ReactNode }) {
  return (
    <section aria-labelledby="screen-title">
      <Title order={1} size="h2" id="screen-title" mb="md">
        {title}
      </Title>
      <Alert color={color} variant="light" data-testid={testId}>
        {children}
      </Alert>
    </section>
  );
}

/** A screen that comes with a later issue: its name and a plain note. */
export function NotAvailable({ route }: { route: AppRoute }) {
  const title = useRouteTitle()(route);
  return (
    <NotePanel title={title} color="gray" testId="not-available">
      <FormattedMessage id="web.common.notAvailable" defaultMessage="{screen} is not available yet." values={{ screen: title }} />
    </NotePanel>
  );
}

/** §6: a route outside the user's role or privileges. */
export function NotAllowed() {
  return (
    <NotePanel title={<FormattedMessage id="web.common.notAllowedTitle" defaultMessage="Access denied" />} color="red" testId="not-allowed">
      <FormattedMessage id="web.common.notAllowed" defaultMessage="You do not have access to this page." />
    </NotePanel>
  );
}
