import { Group } from '@mantine/core';
import type { components } from '@/generated/live';
import { ConnectionStateBadge } from './state-badge';

type LiveConnection = components['schemas']['LiveConnection'];

/** Connections whose data cannot come now: neither connected nor switched off. */
export const troubled = (connections: LiveConnection[] | undefined) =>
  (connections ?? []).filter((c) => c.state !== 'CONNECTED' && c.state !== 'DISABLED');

/**
 * A line's plant connections as badges (name and state, the last error as tooltip); with
 * `onlyTroubled` just those whose data cannot come, so a healthy tile stays quiet.
 */
export function LineConnections({ connections, onlyTroubled = false, testId }: { connections: LiveConnection[] | undefined; onlyTroubled?: boolean; testId?: string }) {
  const shown = onlyTroubled ? troubled(connections) : (connections ?? []);
  if (!shown.length) return null;
  return (
    <Group gap={4} data-testid={testId}>
      {shown.map((c) => (
        <ConnectionStateBadge key={c._id} name={c.name} state={c.state} lastError={c.lastError} />
      ))}
    </Group>
  );
}
