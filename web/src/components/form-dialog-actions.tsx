/**
 * The end of a form in a dialog: what the server refused (an alert read out at once), then
 * Cancel and the form's submit button, which shows the call under way.
 */
import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

export function FormDialogActions({
  name,
  problem,
  pending,
  onCancel,
  submit,
  color,
}: {
  /** Names the test ids: `<name>-problem`, `confirm-<name>`. */
  name: string;
  problem: ReactNode;
  pending: boolean;
  onCancel: () => void;
  /** The submit button's label. */
  submit: ReactNode;
  color?: string;
}) {
  const intl = useIntl();
  return (
    <>
      {problem ? (
        <Alert color="red" variant="light" role="alert" data-testid={`${name}-problem`}>
          {problem}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={pending}>
          {intl.formatMessage({ id: 'web.common.cancel' })}
        </Button>
        <Button type="submit" loading={pending} color={color} data-testid={`confirm-${name}`}>
          {submit}
        </Button>
      </Group>
    </>
  );
}
