/**
 * The values that differ between the record before and after: each one's place in the record,
 * whether it was added, removed or changed (said in words, not only by colour), and its value
 * before and after.
 */
import { Badge, Code, Table, Text, VisuallyHidden } from '@mantine/core';
import type { AuditChange } from '../api/audit-types';
import type { AuditText } from '../hooks/use-audit-text';
import { changeKind, valueText, type ChangeKind } from '../utils/values';

const COLORS: Record<ChangeKind, string> = { added: 'green', removed: 'red', changed: 'blue' };

/** A value of the record in monospace; '—' (said as "none") where the record had none. */
function Value({ value, present, text }: { value: unknown; present: boolean; text: AuditText }) {
  if (!present)
    return (
      <Text span c="dimmed">
        <span aria-hidden="true">—</span>
        <VisuallyHidden>{text.t('web.audit.noValue')}</VisuallyHidden>
      </Text>
    );
  return (
    <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} bg="transparent" p={0}>
      {valueText(value)}
    </Code>
  );
}

export function ChangesTable({ changes, labelledBy, text }: { changes: readonly AuditChange[]; labelledBy: string; text: AuditText }) {
  const { t } = text;
  if (changes.length === 0)
    return (
      <Text size="sm" data-testid="audit-no-changes">
        {t('web.audit.noChanges')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table withTableBorder striped aria-labelledby={labelledBy} data-testid="audit-changes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('web.audit.col.field')}</Table.Th>
            <Table.Th>{t('web.audit.col.change')}</Table.Th>
            <Table.Th>{t('web.audit.col.before')}</Table.Th>
            <Table.Th>{t('web.audit.col.after')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((c) => {
            const kind = changeKind(c);
            return (
              <Table.Tr key={c.path} data-testid="audit-change" data-kind={kind}>
                <Table.Th scope="row" fw={500}>
                  <Code bg="transparent" p={0}>
                    {c.path}
                  </Code>
                </Table.Th>
                <Table.Td>
                  <Badge variant="light" color={COLORS[kind]} data-testid="audit-change-kind">
                    {t(`web.audit.kind.${kind}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Value value={c.old} present={kind !== 'added'} text={text} />
                </Table.Td>
                <Table.Td>
                  <Value value={c.new} present={kind !== 'removed'} text={text} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
