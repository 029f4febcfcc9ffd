import { Badge, Tooltip } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { ConnectionState } from '@/generated/enums';

/** Colour by state: what an operator reads first on a tile or in a list. */
const COLOR: Record<ConnectionState, string> = {
  CONNECTED: '#1e7a34',
  CONNECTING: '#1c5fa8',
  DISCONNECTED: '#a65b00',
  FAULT: '#b3261e',
  DISABLED: '#495057',
};

/** The text of a connection's last error: the connector's own, or ours translated. */
export function useErrorText() {
  const intl = useIntl();
  return (error: string | null | undefined) =>
    error === 'connector.notReporting' ? intl.formatMessage({ id: 'web.connection.notReporting' }) : (error ?? '');
}

/** A connection's state as a badge; its last error (if any) as the tooltip and accessible description. */
export function ConnectionStateBadge({ state, lastError, name }: { state: ConnectionState; lastError?: string | null; name?: string }) {
  const intl = useIntl();
  const errorText = useErrorText()(lastError);
  const label = intl.formatMessage({ id: `web.connection.state.${state}` });
  const badge = (
    <Badge
      color={COLOR[state]}
      variant="filled"
      data-testid="connection-state"
      data-state={state}
      aria-label={name ? `${name}: ${label}${errorText ? ` — ${errorText}` : ''}` : undefined}
    >
      {name ? `${name}: ${label}` : label}
    </Badge>
  );
  return errorText ? (
    <Tooltip label={errorText} multiline maw={360}>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}
