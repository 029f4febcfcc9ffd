/** Small pieces shared by the live screens. */
import { Alert, Badge } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { LineStateName } from '@/lib/live/protocol';

/** The current time, refreshed every `ms` (data-age displays). */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(id);
  }, [ms]);
  return now;
}

/** Colours with white text at WCAG AA contrast in both themes. */
export const STATE_COLOR: Record<LineStateName | 'UNKNOWN', string> = {
  RUNNING: '#1e7a34',
  IDLE: '#1c5fa8',
  STOPPED: '#a65b00',
  FAULT: '#b02a37',
  UNKNOWN: '#495057',
};

export function StateBadge({ state, size = 'lg', testId }: { state?: LineStateName | null; size?: string; testId?: string }) {
  const intl = useIntl();
  const key = state ?? 'UNKNOWN';
  return (
    // flexShrink 0: beside a long line name the state still reads in full (the name wraps).
    <Badge size={size} color={STATE_COLOR[key]} autoContrast={false} c="white" data-testid={testId} data-state={key} style={{ flexShrink: 0 }}>
      {intl.formatMessage({ id: `web.live.state.${key}` })}
    </Badge>
  );
}

export function OfflineBanner({ show }: { show: boolean }) {
  const intl = useIntl();
  if (!show) return null;
  return (
    <Alert color="#a65b00" variant="filled" c="white" role="status" aria-live="polite" mb="md" data-testid="live-offline">
      {intl.formatMessage({ id: 'web.live.offline' })}
    </Alert>
  );
}

/** Kilograms in the user's language ("1.502,5" in German), '–' for none. */
export const kg = (locale: string, v: number | null | undefined, digits = 1) =>
  v === null || v === undefined || Number.isNaN(v) ? '–' : v.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
