import { Badge } from '@mantine/core';
import { useIntl } from 'react-intl';
import { strengthBadge } from '@/lib/strength';

/** Text-safe badge colours (AA contrast with white): danger, warning, success. */
const TONE_COLOR = { danger: '#c92a2a', warning: '#a65b00', success: '#1e7a34' } as const;

export function StrengthBadge({ score }: { score: number | null }) {
  const intl = useIntl();
  if (score === null) return null;
  const badge = strengthBadge(score);
  return (
    <Badge color={TONE_COLOR[badge.tone]} data-testid="strength-badge" data-level={badge.level} variant="filled">
      {intl.formatMessage({ id: badge.label })}
    </Badge>
  );
}
