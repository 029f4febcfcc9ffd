/**
 * The marks and links of the batch screens: a word on a coloured badge (a dose's OK/UNDER/OVER,
 * a batch's status, an alarm's severity, a value past its limits) — the word says it, the colour
 * only repeats it — and the links from a batch's row to its details and its alarms.
 */
import { Anchor, Badge } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { useReportFormat } from '../hooks/use-report-format';
import { batchPaths, keepSummaryState } from '../utils/batch-paths';

/** Dark shades, white text readable on each (WCAG AA). */
const TONES = {
  good: '#1e7a34',
  bad: '#b02a37',
  warn: '#a65b00',
  info: '#1c5fa8',
  neutral: '#495057',
} as const;

export type Tone = keyof typeof TONES;

export function Mark({ tone, text, testId }: { tone: Tone; text: string; testId?: string }) {
  return (
    // Never cut short ("Warn…"): the badge keeps its word's width and the column makes room.
    <Badge color={TONES[tone]} c="white" autoContrast={false} variant="filled" radius="sm" tt="none" style={{ minWidth: 'max-content' }} data-tone={tone} data-testid={testId}>
      {text}
    </Badge>
  );
}

const FLAG_TONE: Record<string, Tone> = { OK: 'good', UNDER: 'warn', OVER: 'bad' };
const STATUS_TONE: Record<string, Tone> = { COMPLETE: 'good', ABORTED: 'bad', RUNNING: 'info' };
const SEVERITY_TONE: Record<string, Tone> = { INFO: 'info', WARNING: 'warn', CRITICAL: 'bad' };

/** A dose's flag: OK, Under or Over its tolerance. */
export const FlagMark = ({ flag, text }: { flag: string; text: string }) => <Mark tone={FLAG_TONE[flag] ?? 'neutral'} text={text} testId={`flag-${flag}`} />;

/** A batch's status: Complete, Aborted or Running. */
export const StatusMark = ({ status, text }: { status: string; text: string }) => <Mark tone={STATUS_TONE[status] ?? 'neutral'} text={text} testId={`status-${status}`} />;

/** An alarm's severity: Info, Warning or Critical. */
export const SeverityMark = ({ severity, text }: { severity: string; text: string }) => (
  <Mark tone={SEVERITY_TONE[severity] ?? 'neutral'} text={text} testId={`severity-${severity}`} />
);

interface BatchRef {
  batchId: string;
  lineId: string;
}

/**
 * The batch number, linking to its details. From the batch summary (`keep`), the summary's
 * filters and page are kept for the way back (§4).
 */
export function BatchLink({ batch, keep = false }: { batch: BatchRef; keep?: boolean }) {
  const { t } = useReportFormat();
  const { pathname, search } = useLocation();
  // The address as it is when the link is followed. The router renders a new address inside a
  // transition, so while the summary's next page is loading the screen (and this link) can
  // still be the one of the address before: a filter or the rows per page chosen a moment ago
  // are in the address bar but not yet in `search`. In the browser the address bar is the
  // truth; under a memory router (unit tests) the rendered address is.
  const current = () => (window.location.pathname === pathname ? window.location.search : search);
  return (
    <Anchor
      component={Link}
      to={batchPaths.details(batch.batchId, batch.lineId)}
      onClick={keep ? () => keepSummaryState(current()) : undefined}
      aria-label={t('web.batch.detailsOf', { batch: batch.batchId })}
      size="sm"
      data-testid="batch-details-link"
    >
      {batch.batchId}
    </Anchor>
  );
}

/** How many alarms a batch raised, linking to them. */
export function AlarmsLink({ batch, text }: { batch: BatchRef; text: string }) {
  const { t } = useReportFormat();
  return (
    <Anchor component={Link} to={batchPaths.alarms(batch.batchId, batch.lineId)} aria-label={t('web.batch.alarmsOf', { batch: batch.batchId, count: text })} size="sm" data-testid="batch-alarms-link">
      {text}
    </Anchor>
  );
}
