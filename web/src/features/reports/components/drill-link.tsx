import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useReportContext } from '../hooks/report-context';
import { reportPaths } from '../utils/paths';

/** A cell linking to a drill-down over the same line, range and filters. */
export function DrillLink({ to, id, text }: { to: 'material' | 'categoryMaterials'; id: string | null | undefined; text: string }) {
  const { values } = useReportContext();
  if (!id) return <>{text}</>;
  return (
    <Anchor component={Link} to={reportPaths[to](id, values)} size="sm" data-testid={`drill-${to}`}>
      {text}
    </Anchor>
  );
}
