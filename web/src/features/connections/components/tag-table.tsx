import { ActionIcon, Button, Group, Select, Table, TextInput, VisuallyHidden } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Severity, TagKind, type Protocol } from '@/generated/enums';
import type { Connection, ConnectionInput } from '../api/connections-api';
import { formatValueMap, parseValueMap } from '../utils/value-map';

/** A node id or folder is typed in the monospace font; its label and hint are not. */
export const MONO_INPUT = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

export interface TagRow {
  kind: TagKind;
  nodeId: string;
  code: string;
  deadband: string;
  severity: Severity;
  message: string;
  valueMap: string;
  /** An alarm's acknowledgement node (OPC UA). */
  ackNodeId: string;
}

export const emptyRow = (): TagRow => ({ kind: 'PROCESS', nodeId: '', code: '', deadband: '', severity: 'WARNING', message: '', valueMap: '', ackNodeId: '' });

export function rowOf(t: Connection['tags'][number]): TagRow {
  return {
    kind: t.kind,
    nodeId: t.nodeId,
    code: t.code,
    deadband: t.deadband != null ? String(t.deadband) : '',
    severity: t.severity ?? 'WARNING',
    message: t.message ?? '',
    valueMap: formatValueMap(t.valueMap),
    ackNodeId: t.ackNodeId ?? '',
  };
}

/** A code from a browse name: `Press.Current` → `PRESS_CURRENT`. */
export const codeFrom = (name: string) =>
  name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 32);

type Tag = NonNullable<ConnectionInput['tags']>[number];

/** The tags of `rows` as the record holds them, or the field errors of value maps it cannot read. */
export function tagsOf(rows: TagRow[], badPair: (pair: string) => string): { tags: Tag[] } | { errors: Record<string, string> } {
  const bad: Record<string, string> = {};
  const tags = rows.map((r, i) => {
    const tag: Tag = {
      kind: r.kind,
      nodeId: r.nodeId.trim(),
      code: r.code.trim(),
    };
    if ((r.kind === 'PROCESS' || r.kind === 'PRESSURE') && r.deadband.trim()) tag.deadband = Number(r.deadband);
    if (r.kind === 'ALARM') {
      tag.severity = r.severity;
      if (r.message.trim()) tag.message = r.message.trim();
      if (r.ackNodeId.trim()) tag.ackNodeId = r.ackNodeId.trim();
    }
    if (r.kind === 'STATE') {
      const parsed = parseValueMap(r.valueMap);
      if ('bad' in parsed) bad[`tags[${i}].valueMap`] = badPair(parsed.bad);
      else tag.valueMap = parsed.map;
    }
    return tag;
  });
  return Object.keys(bad).length ? { errors: bad } : { tags };
}

/** The tag table of a connection: kind, node (or metric), code and the kind's details per row. */
export function TagTable({
  rows,
  setRows,
  protocol,
  err,
  onBrowse,
}: {
  rows: TagRow[];
  setRows: (update: (rows: TagRow[]) => TagRow[]) => void;
  protocol: Protocol;
  err: (key: string) => string | undefined;
  onBrowse: (row: number) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const setRow = (i: number, patch: Partial<TagRow>) => setRows((rs) => rs.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  const options = (values: readonly string[], prefix?: string) => values.map((v) => ({ value: v, label: prefix ? t(`${prefix}.${v}`) : v }));
  return (
    <>
    <Table.ScrollContainer minWidth={900}>
      <Table striped withTableBorder aria-label={t('web.connection.tags')} data-testid="tag-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('web.connection.tagKind')}</Table.Th>
            <Table.Th>{t(protocol === 'OPCUA' ? 'web.connection.nodeId' : 'web.connection.metric')}</Table.Th>
            <Table.Th>{t('web.connection.code')}</Table.Th>
            <Table.Th>{t('web.connection.details')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('web.config.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={i} data-testid="tag-row">
              <Table.Td>
                <Select
                  aria-label={t('web.connection.tagKindOf', { n: i + 1 })}
                  data={options(TagKind, 'web.connection.kind')}
                  value={r.kind}
                  onChange={(v) => v && setRow(i, { kind: v as TagKind })}
                  allowDeselect={false}
                  w={150}
                />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <TextInput
                    aria-label={t('web.connection.nodeIdOf', { n: i + 1 })}
                    value={r.nodeId}
                    onChange={(e) => setRow(i, { nodeId: e.currentTarget.value })}
                    error={err(`tags[${i}].nodeId`)}
                    placeholder={protocol === 'OPCUA' ? 'ns=2;s=Press.Current' : 'Press/Current · Mixer1:Temperature'}
                    miw={240}
                    styles={MONO_INPUT}
                  />
                  {protocol === 'OPCUA' ? (
                    <Button variant="default" size="xs" onClick={() => onBrowse(i)} data-testid="browse-button">
                      {t('web.connection.browse')}
                    </Button>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <TextInput
                  aria-label={t('web.connection.codeOf', { n: i + 1 })}
                  value={r.code}
                  onChange={(e) => setRow(i, { code: e.currentTarget.value })}
                  error={err(`tags[${i}].code`)}
                  w={180}
                />
              </Table.Td>
              <Table.Td>
                {r.kind === 'PROCESS' || r.kind === 'PRESSURE' ? (
                  <TextInput
                    aria-label={t('web.connection.deadbandOf', { n: i + 1 })}
                    placeholder={t('web.connection.deadband')}
                    value={r.deadband}
                    onChange={(e) => setRow(i, { deadband: e.currentTarget.value })}
                    error={err(`tags[${i}].deadband`)}
                    inputMode="decimal"
                    w={160}
                  />
                ) : r.kind === 'ALARM' ? (
                  <Group gap={4} wrap="nowrap">
                    <Select
                      aria-label={t('web.connection.severityOf', { n: i + 1 })}
                      data={options(Severity)}
                      value={r.severity}
                      onChange={(v) => v && setRow(i, { severity: v as Severity })}
                      allowDeselect={false}
                      w={130}
                    />
                    <TextInput
                      aria-label={t('web.connection.messageOf', { n: i + 1 })}
                      placeholder={t('web.connection.message')}
                      value={r.message}
                      onChange={(e) => setRow(i, { message: e.currentTarget.value })}
                      error={err(`tags[${i}].message`)}
                      miw={200}
                    />
                    {protocol === 'OPCUA' ? (
                      <TextInput
                        aria-label={t('web.connection.ackNodeOf', { n: i + 1 })}
                        placeholder={t('web.connection.ackNode')}
                        value={r.ackNodeId}
                        onChange={(e) => setRow(i, { ackNodeId: e.currentTarget.value })}
                        error={err(`tags[${i}].ackNodeId`)}
                        styles={MONO_INPUT}
                        miw={220}
                      />
                    ) : null}
                  </Group>
                ) : (
                  <TextInput
                    aria-label={t('web.connection.valueMapOf', { n: i + 1 })}
                    placeholder="0=STOPPED, 1=RUNNING, 2=IDLE, 3=FAULT"
                    value={r.valueMap}
                    onChange={(e) => setRow(i, { valueMap: e.currentTarget.value })}
                    error={err(`tags[${i}].valueMap`)}
                    miw={280}
                  />
                )}
              </Table.Td>
              <Table.Td>
                <ActionIcon variant="subtle" color="red" onClick={() => setRows((rs) => rs.filter((_, k) => k !== i))} aria-label={t('web.connection.removeTag', { n: i + 1 })}>
                  ✕
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
      <Group>
        <Button variant="default" onClick={() => setRows((rs) => [...rs, emptyRow()])} data-testid="add-tag">
          {t('web.connection.addTag')}
        </Button>
      </Group>
    </>
  );
}
