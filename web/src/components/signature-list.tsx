/**
 * The electronic signatures kept with a record (issue 35), oldest first: what each means, who
 * signed (full name and email), when in the line's time zone, what was released, and whether
 * the line's two-person rule was on.
 */
import { Badge, Group, List, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { Signature } from '@/lib/signatures';

const PURPOSE: Record<Signature['purpose'], string> = {
  RECIPE_RELEASE: 'web.signature.purpose.RECIPE_RELEASE',
  ORDER_RELEASE: 'web.signature.purpose.ORDER_RELEASE',
};

export interface SignatureListProps {
  signatures: readonly Signature[];
  /** The name of a release level (a recipe's signatures name the level they released). */
  levelName?: (level: number) => string | undefined;
  /** Said when there is none; without it, nothing shows then. */
  empty?: string;
}

/** The section "Electronic signatures" of a record's page. */
export function SignatureList({ signatures, levelName, empty }: SignatureListProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  if (signatures.length === 0 && empty === undefined) return null;
  const signer = (s: Signature) => (s.signerName && s.signerName !== s.signer ? t('web.signature.signer', { name: s.signerName, email: s.signer }) : s.signer);
  const what = (s: Signature) => t(PURPOSE[s.purpose], { level: s.level === null || s.level === undefined ? '' : (levelName?.(s.level) ?? String(s.level)) });
  return (
    <section aria-labelledby="signatures-title">
      <Title order={2} size="h4" id="signatures-title" mb="xs">
        {t('web.signature.title')}
      </Title>
      {signatures.length === 0 ? (
        <Text size="sm" data-testid="signature-none">
          {empty}
        </Text>
      ) : (
        <List size="sm" spacing={6} listStyleType="none" pl={0} data-testid="signature-list">
          {signatures.map((s) => (
            <List.Item key={s.id} data-testid="signature-item" data-meaning={s.meaning} data-signer={s.signer}>
              <Group gap={6} wrap="wrap" align="baseline">
                <Text span size="sm" fw={700}>
                  {s.meaningName}
                </Text>
                <Text span size="sm">
                  {t('web.signature.line', { signer: signer(s), time: s.signedLocal, zone: s.zone, what: what(s) })}
                </Text>
                {s.twoPerson ? (
                  <Badge size="sm" variant="light" color="#1864ab" data-testid="signature-two-person">
                    {t('web.signature.twoPerson')}
                  </Badge>
                ) : null}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </section>
  );
}
