/**
 * The trail's entries, newest first: when (plant time, to the second), who, what, which record
 * (its kind and its id shortened, the whole id in its title), the line, and what changed (how
 * many values, or a status move's from → to). A row opens its entry on a click, or on Enter or
 * Space when it has the focus.
 */
import { Table, Text, VisuallyHidden } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import type { AuditEntry } from '../api/audit-types';
import type { AuditText } from '../hooks/use-audit-text';
import { shortId, statusMove } from '../utils/values';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const HINT_ID = 'audit-row-hint';

export function AuditTable({ rows, text, onOpen }: { rows: readonly AuditEntry[]; text: AuditText; onOpen: (entry: AuditEntry) => void }) {
  const { t } = text;
  const onKey = (e: KeyboardEvent, entry: AuditEntry) => {
    if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
    e.preventDefault();
    onOpen(entry);
  };
  return (
    <Table.ScrollContainer minWidth={900}>
      <VisuallyHidden id={HINT_ID}>{t('web.audit.rowHint')}</VisuallyHidden>
      <Table striped highlightOnHover withTableBorder aria-label={t('web.audit.tableLabel')} data-testid="audit-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              {t('web.audit.col.time')}{' '}
              <Text span display="block" size="xs" fw={400} c="dimmed">
                ({text.zone})
              </Text>
            </Table.Th>
            <Table.Th>{t('web.audit.col.user')}</Table.Th>
            <Table.Th>{t('web.audit.col.action')}</Table.Th>
            <Table.Th>{t('web.audit.col.record')}</Table.Th>
            <Table.Th>{t('web.audit.col.line')}</Table.Th>
            <Table.Th>{t('web.audit.col.changes')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((e) => (
            <Table.Tr
              key={e.id}
              tabIndex={0}
              aria-describedby={HINT_ID}
              data-testid="audit-row"
              data-id={e.id}
              style={{ cursor: 'pointer' }}
              onClick={() => onOpen(e)}
              onKeyDown={(ev) => onKey(ev, e)}
            >
              <Table.Td style={NOWRAP} data-testid="audit-row-time">
                {text.at(e.at)}
              </Table.Td>
              <Table.Td data-testid="audit-row-user">{e.actor ? e.actor : <Text span c="dimmed" size="sm">{text.actor(e.actor)}</Text>}</Table.Td>
              <Table.Td data-testid="audit-row-action">{e.actionLabel}</Table.Td>
              <Table.Td data-testid="audit-row-record">
                <RecordCell entry={e} />
              </Table.Td>
              <Table.Td style={NOWRAP} data-testid="audit-row-line">
                {e.lineCode ?? e.lineName ?? '—'}
              </Table.Td>
              <Table.Td style={NOWRAP} data-testid="audit-row-changes">
                <Changes entry={e} text={text} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The kind of record and its id: shortened when long, the whole id in its title and for screen readers. */
function RecordCell({ entry }: { entry: AuditEntry }) {
  const id = entry.entityId;
  if (!id) return <>{entry.entityLabel}</>;
  const short = shortId(id);
  return (
    <>
      {entry.entityLabel}{' '}
      {short === id ? (
        <Text span ff="monospace" size="sm">
          {id}
        </Text>
      ) : (
        <Text span ff="monospace" size="sm" title={id} data-testid="audit-row-id">
          <span aria-hidden="true">{short}</span>
          <VisuallyHidden>{id}</VisuallyHidden>
        </Text>
      )}
    </>
  );
}

/** A status move as "from → to" (said as "from … to …"), else how many values changed. */
function Changes({ entry, text }: { entry: AuditEntry; text: AuditText }) {
  const move = statusMove(entry.detail);
  if (move)
    return (
      <>
        <span aria-hidden="true">{`${move.from} → ${move.to}`}</span>
        <VisuallyHidden>{text.t('web.audit.statusMove', move)}</VisuallyHidden>
      </>
    );
  return <>{text.t('web.audit.changeCount', { count: entry.changes.length })}</>;
}
