/** An alarm's severity: a colour with white text (WCAG AA in both themes), a shape and the word. */
import { Badge } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { AlarmPoint } from '../api/alarm-types';

type Severity = AlarmPoint['severity'];

export const SEVERITY_COLOR: Record<Severity, string> = { CRITICAL: '#b02a37', WARNING: '#a65b00', INFO: '#1c5fa8' };

/** Critical: an octagon; warning: a triangle; info: a circle; each with its mark. */
function SeverityIcon({ severity }: { severity: Severity }) {
  const common = { width: 12, height: 12, viewBox: '0 0 16 16', 'aria-hidden': true, focusable: false } as const;
  if (severity === 'CRITICAL')
    return (
      <svg {...common}>
        <path d="M5 1h6l4 4v6l-4 4H5l-4-4V5z" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M8 4v5M8 11v1.5" stroke="currentColor" strokeWidth="2" />
      </svg>
    );
  if (severity === 'WARNING')
    return (
      <svg {...common}>
        <path d="M8 1.5 15 14.5H1z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <path d="M8 6v4M8 11.5V13" stroke="currentColor" strokeWidth="2" />
      </svg>
    );
  return (
    <svg {...common}>
      <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M8 7v5M8 4v1.5" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

export function SeverityBadge({ severity }: { severity: Severity }) {
  const intl = useIntl();
  return (
    <Badge color={SEVERITY_COLOR[severity]} autoContrast={false} c="white" leftSection={<SeverityIcon severity={severity} />} data-severity={severity}>
      {intl.formatMessage({ id: `web.live.severity.${severity}` })}
    </Badge>
  );
}
