/**
 * Which configuration screen a path shows, and its descriptor: the screen modules are shared
 * by every entity, so they find their entity from the location (see utils/config-screens).
 */
import { Alert, Title } from '@mantine/core';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { useQueryErrorNotice } from '@/lib/use-error-notice';
import { useDescriptors } from '../api/config-api';
import type { EntityDescriptor } from '../api/config-types';
import { screenForPath, type ConfigScreen } from '../utils/config-screens';

export type ScreenState =
  | { ready: true; screen: ConfigScreen; descriptor: EntityDescriptor; all: EntityDescriptor[] }
  | { ready: false; fallback: ReactElement };

export function useConfigScreen(): ScreenState {
  const intl = useIntl();
  const { pathname } = useLocation();
  const screen = screenForPath(pathname);
  const descriptors = useDescriptors();
  useQueryErrorNotice(descriptors);

  const descriptor = descriptors.data?.find((d) => d.key === screen?.entity);
  if (screen && descriptor && descriptors.data) return { ready: true, screen, descriptor, all: descriptors.data };
  const title = screen ? intl.formatMessage({ id: `web.screen.${screen.screen}` }) : '';
  return {
    ready: false,
    fallback: (
      <section aria-labelledby="screen-title">
        <Title order={1} size="h2" id="screen-title" mb="md">
          {title}
        </Title>
        {descriptors.isPending ? (
          <Spinner fill />
        ) : (
          <Alert color="gray" variant="light" data-testid="config-unavailable">
            {intl.formatMessage({ id: 'web.config.unavailable' })}
          </Alert>
        )}
      </section>
    ),
  };
}
