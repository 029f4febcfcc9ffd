/**
 * The newest SPC violation of a line on its dashboard tile: "SPC: WE1 on CORN · batch B-21 ·
 * 14:05", the rule named in its title, linking to the line's batch SPC graph of the set that
 * found it when the user may open that screen (REPORTS_ privileges, _SUPER, ADMIN).
 */
import { Badge } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { allows, RULES } from '@/lib/access';
import { usePlantTime } from '@/lib/use-plant-time';
import { query } from '@/lib/query-string';
import { useSession } from '@/lib/session-store';
import type { SpcViolation } from '@/lib/live/protocol';

export const SPC_SCREEN = '/reporting/batch/spcbatchgraph';

export function SpcBadge({ violation: v, kiosk }: { violation: SpcViolation | null | undefined; kiosk: boolean }) {
  const intl = useIntl();
  // The batch's time in its line's zone, as the tile's other times.
  const plant = usePlantTime(v?.lineId);
  const role = useSession((s) => s.role);
  const privileges = useSession((s) => s.privileges);
  if (!v) return null;
  const text = intl.formatMessage(
    { id: 'web.spc.badge' },
    { rule: v.rule, code: v.code ?? '—', batchId: v.batchId, time: plant.short(v.pointAt) },
  );
  const title = intl.formatMessage(
    { id: 'web.spc.badgeTitle' },
    { rule: v.rule, name: intl.formatMessage({ id: `web.spc.rule.${v.rule}.name` }), set: v.setName },
  );
  const badge = (
    <Badge
      size={kiosk ? 'lg' : 'md'}
      color="#b02a37"
      autoContrast={false}
      c="white"
      variant="filled"
      tt="none"
      h="auto"
      py={3}
      title={title}
      // The whole sentence, wrapped on a narrow tile rather than cut.
      styles={{ label: { whiteSpace: 'normal', lineHeight: 1.35 } }}
      style={{ cursor: 'inherit', maxWidth: '100%' }}
      data-testid={`line-spc-${v.lineId}`}
    >
      {text}
    </Badge>
  );
  if (!allows(RULES.reports, role, privileges)) return badge;
  return (
    <Link to={`${SPC_SCREEN}${query({ lineId: v.lineId, setId: v.setId })}`} style={{ textDecoration: 'none', alignSelf: 'flex-start', maxWidth: '100%' }} data-testid={`line-spc-link-${v.lineId}`}>
      {badge}
    </Link>
  );
}
