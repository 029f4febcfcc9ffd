/**
 * An OEE factor where it is shown (the report's cells, the dashboard's tile): its percentage, or
 * "—" where the api could not measure it, with the reason as the dash's tooltip and as text for
 * screen readers ("No ideal rate for 1,000 kg").
 */
import { Text, VisuallyHidden } from '@mantine/core';
import { useIntl } from 'react-intl';
import { factorText, type FactorFigures, type OeeFactor } from '../utils/oee';

/** A value that could not be measured: "—", and why. */
export function NotMeasured({ reason, testId }: { reason: string; testId?: string }) {
  return (
    <Text span inherit title={reason} data-testid={testId}>
      <span aria-hidden>—</span>
      <VisuallyHidden>{reason}</VisuallyHidden>
    </Text>
  );
}

/** A factor of `figures`: `text` (or its percentage), else "—" with the reason. */
export function FactorValue({ figures, factor, text, testId }: { figures: FactorFigures; factor: OeeFactor; text?: string; testId?: string }) {
  const intl = useIntl();
  const shown = factorText(figures, factor, intl);
  if (shown.reason !== null) return <NotMeasured reason={shown.reason} testId={testId} />;
  return testId ? <span data-testid={testId}>{text ?? shown.text}</span> : <>{text ?? shown.text}</>;
}
