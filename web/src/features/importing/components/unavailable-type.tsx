import { Alert, Stack, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { EntityDescriptor } from '@/features/config/api/config-types';
import type { Capability } from '../utils/capabilities';
import { TypeSelect } from './type-select';

const TEXTS = {
  import: {
    screen: 'web.screen.import',
    title: 'web.import.unavailableTitle',
    text: 'web.import.unavailable',
    type: 'web.import.type',
    testId: 'import',
  },
  copy: {
    screen: 'web.screen.copyParameter',
    title: 'web.copy.unavailableTitle',
    text: 'web.copy.unavailable',
    type: 'web.copy.type',
    testId: 'copy',
  },
} as const;

/** `:type` names nothing this screen can handle: say so and offer the types it can. */
export function UnavailableType({
  capability,
  type,
  types,
  onChoose,
}: {
  capability: Capability;
  type: string;
  types: EntityDescriptor[];
  onChoose: (key: string) => void;
}) {
  const intl = useIntl();
  const x = TEXTS[capability];
  return (
    <section aria-labelledby="screen-title">
      <Title order={1} size="h2" id="screen-title" mb="md">
        {intl.formatMessage({ id: x.screen })}
      </Title>
      <Stack gap="md">
        <Alert color="gray" variant="light" title={intl.formatMessage({ id: x.title })} data-testid={`${x.testId}-unavailable`}>
          {intl.formatMessage({ id: x.text }, { type })}
        </Alert>
        {types.length > 0 ? (
          <TypeSelect types={types} value={null} onChange={onChoose} label={intl.formatMessage({ id: x.type })} testId={`${x.testId}-type`} />
        ) : null}
      </Stack>
    </section>
  );
}
