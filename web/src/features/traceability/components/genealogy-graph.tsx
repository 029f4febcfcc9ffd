/**
 * A lot's genealogy, forward: lot → bins → batches → orders → deliveries → customers, drawn as
 * columns of nodes joined by lines (utils/genealogy.ts decides what joins what). Every node is
 * a link with text (a batch to its backward trace, an order to its view, a delivery to its
 * view, a customer to its record, a bin to the bins table); hovering or focusing one marks the
 * path through it. The lines are decoration (hidden from screen readers): the columns are
 * lists named by their headings, and a table view says the same in rows — for screen readers
 * and for traces too large to draw. A column draws at most 30 nodes and says how many more the
 * tables below list.
 */
import { Anchor, Box, Group, SegmentedControl, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useMemo, useState, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import type { LotTrace } from '../api/trace-types';
import { useTraceAccess } from '../hooks/use-trace-access';
import { useTraceText, type TraceText } from '../hooks/use-trace-text';
import { COLUMNS, edgeKey, genealogy, layout, leadsTo, NODE_CAP, pathThrough, type GraphEdge, type GraphNode, type NodeKind } from '../utils/genealogy';
import { tracePaths } from '../utils/paths';

const NODE_H = 66;
const GAP = 10;
/** Of each column's width, what its node boxes take (the rest is where the lines run). */
const NODE_SHARE = 0.86;
/** The columns' widths relative to each other: batch numbers are the longest titles. */
const WEIGHT: Record<NodeKind, number> = { lot: 1, bin: 0.85, batch: 1.45, order: 1, delivery: 1, customer: 1.05 };
const TOTAL = COLUMNS.reduce((sum, k) => sum + WEIGHT[k], 0);
/** Where column `col` starts and how wide it is, in % of the drawing (the SVG's x units are the same %). */
const colX = (col: number) => (COLUMNS.slice(0, col).reduce((sum, k) => sum + WEIGHT[k], 0) / TOTAL) * 100;
const colW = (col: number) => (WEIGHT[COLUMNS[col]] / TOTAL) * 100;
const nodeW = (col: number) => colW(col) * NODE_SHARE;

/** Each kind's accent (a bar on the node's left; the column heading says the kind). */
const ACCENT: Record<NodeKind, string> = {
  lot: '#1864ab',
  bin: '#5f3dc4',
  batch: '#237032',
  order: '#0b7285',
  delivery: '#a65b00',
  customer: '#c2255c',
};

/** The anchors of the tables below the diagram, by column. */
export const TABLE_ANCHOR: Record<NodeKind, string> = {
  lot: 'trace-balance',
  bin: 'trace-bins',
  batch: 'trace-batches',
  order: 'trace-orders',
  delivery: 'trace-deliveries',
  customer: 'trace-customers',
};

type Href = { to: string } | { href: string };

function hrefOf(n: GraphNode, orders: boolean): Href {
  switch (n.kind) {
    case 'lot':
      return { to: tracePaths.lot(n.ref.lotId!) };
    case 'batch':
      return { to: tracePaths.batch(n.ref.lineId!, n.ref.batchId!) };
    case 'order':
      return orders ? { to: tracePaths.order(n.ref.orderId!) } : { href: `#${TABLE_ANCHOR.order}` };
    case 'delivery':
      return { to: tracePaths.delivery(n.ref.deliveryId!) };
    case 'customer':
      return { to: tracePaths.customer(n.ref.customerId!) };
    default:
      return { href: `#${TABLE_ANCHOR[n.kind]}` };
  }
}

/** The two lines under a node's title. */
function linesOf(n: GraphNode, text: TraceText): [string, string] {
  const { t } = text;
  const ofLot = t('web.trace.node.ofLot', { kg: text.kg(n.kg) });
  switch (n.kind) {
    case 'lot':
      return [t('web.trace.node.lot', { kg: text.kg(n.kg) }), n.name ?? ''];
    case 'bin':
      return [n.lineCode || text.lineName(n.lineId), t('web.trace.node.putIn', { kg: text.kg(n.kg) })];
    case 'batch':
      return [n.risk ? t('web.trace.node.risk') : ofLot, text.dateTime(n.at, n.lineId)];
    case 'order':
      return [t('web.trace.node.batches', { count: n.count ?? 0 }), ofLot];
    case 'delivery':
      return [ofLot, text.dateTime(n.at)];
    case 'customer':
      return [n.name ?? '', ofLot];
  }
}

/** A line from the right of one box to the left of the next column's (a loop beside the column for a carry-over). */
function pathOf(from: { col: number; y: number }, to: { col: number; y: number }): string {
  const x1 = colX(from.col) + nodeW(from.col);
  if (from.col === to.col) {
    const out = x1 + (colW(from.col) - nodeW(from.col)) * 0.8;
    return `M ${x1} ${from.y} C ${out} ${from.y}, ${out} ${to.y}, ${x1} ${to.y}`;
  }
  const x2 = colX(to.col);
  const mid = (x1 + x2) / 2;
  return `M ${x1} ${from.y} C ${mid} ${from.y}, ${mid} ${to.y}, ${x2} ${to.y}`;
}

export function GenealogyGraph({ trace }: { trace: LotTrace }) {
  const text = useTraceText(trace.lot.lineId);
  const { t } = text;
  const access = useTraceAccess();
  const [view, setView] = useState<'diagram' | 'table'>('diagram');
  const [active, setActive] = useState<string | null>(null);
  const drawn = useMemo(() => genealogy(trace, NODE_CAP), [trace]);
  const whole = useMemo(() => genealogy(trace, Infinity), [trace]);
  const columnTitle = (kind: NodeKind) => t(`web.trace.column.${kind}`);
  const total = (kind: NodeKind) => whole.columns.find((c) => c.kind === kind)?.nodes.length ?? 0;

  const summary = t('web.trace.graphSummary', {
    lot: trace.lot.lotNumber,
    bins: total('bin'),
    batches: trace.batches.length,
    orders: total('order'),
    deliveries: total('delivery'),
    customers: total('customer'),
  });

  return (
    <Stack gap="xs" data-testid="genealogy">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4" id="genealogy-title">
          {t('web.trace.genealogy')}
        </Title>
        <SegmentedControl
          aria-label={t('web.trace.viewAs')}
          value={view}
          onChange={(v) => setView(v)}
          data={[
            { value: 'diagram', label: t('web.trace.viewDiagram') },
            { value: 'table', label: t('web.trace.viewTable') },
          ]}
          data-testid="genealogy-view"
        />
      </Group>
      <Text size="sm" id="genealogy-summary" data-testid="genealogy-summary">
        {summary}
      </Text>
      {view === 'diagram' ? (
        <Diagram graph={drawn} active={active} setActive={setActive} columnTitle={columnTitle} total={total} text={text} orders={access.orders} />
      ) : (
        <GenealogyTable graph={whole} columnTitle={columnTitle} text={text} orders={access.orders} />
      )}
    </Stack>
  );
}

interface DiagramProps {
  graph: ReturnType<typeof genealogy>;
  active: string | null;
  setActive: (id: string | null) => void;
  columnTitle: (kind: NodeKind) => string;
  total: (kind: NodeKind) => number;
  text: TraceText;
  orders: boolean;
}

function Diagram({ graph, active, setActive, columnTitle, total, text, orders }: DiagramProps) {
  const { t } = text;
  const placed = layout(graph, NODE_H, GAP);
  const path = active ? pathThrough(graph.edges, active) : null;
  const edgeStyle = (e: GraphEdge): { stroke: string; strokeWidth: number; opacity: number } => {
    const on = path?.edges.has(edgeKey(e));
    return { stroke: on ? '#1864ab' : '#868e96', strokeWidth: on ? 2.5 : 1.25, opacity: path && !on ? 0.25 : 1 };
  };
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Box miw={980} role="figure" aria-labelledby="genealogy-title" aria-describedby="genealogy-summary" data-testid="genealogy-diagram">
        <Box pos="relative" h={24} mb={6}>
          {graph.columns.map((c, col) => (
            <Text key={c.kind} id={`genealogy-col-${c.kind}`} size="sm" fw={700} pos="absolute" left={`${colX(col)}%`} w={`${nodeW(col)}%`} truncate="end">
              {t('web.trace.columnCount', { column: columnTitle(c.kind), count: total(c.kind) })}
            </Text>
          ))}
        </Box>
        <Box pos="relative" h={placed.height}>
          <svg
            aria-hidden="true"
            focusable="false"
            width="100%"
            height={placed.height}
            viewBox={`0 0 100 ${Math.max(1, placed.height)}`}
            preserveAspectRatio="none"
            style={{ position: 'absolute', inset: 0, overflow: 'visible' }}
          >
            {graph.edges.map((e) => {
              const from = placed.at[e.from];
              const to = placed.at[e.to];
              if (!from || !to) return null;
              const s = edgeStyle(e);
              return (
                <path
                  key={edgeKey(e)}
                  d={pathOf(from, to)}
                  fill="none"
                  stroke={s.stroke}
                  strokeWidth={s.strokeWidth}
                  opacity={s.opacity}
                  strokeDasharray={e.dashed ? '5 4' : undefined}
                  vectorEffect="non-scaling-stroke"
                  data-edge={edgeKey(e)}
                />
              );
            })}
          </svg>
          {graph.columns.map((c, col) => (
            <ul key={c.kind} aria-labelledby={`genealogy-col-${c.kind}`} style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid={`genealogy-col-${c.kind}`}>
              {c.nodes.map((n) => {
                const at = placed.at[n.id];
                const box: CSSProperties = { position: 'absolute', left: `${colX(col)}%`, width: `${nodeW(col)}%`, top: at.y - NODE_H / 2, height: NODE_H };
                return (
                  <li key={n.id} style={box}>
                    <Node node={n} text={text} orders={orders} marked={path?.nodes.has(n.id) ?? false} faded={Boolean(path) && !path?.nodes.has(n.id)} onActive={setActive} />
                  </li>
                );
              })}
              {c.hidden > 0 ? (
                <li style={{ position: 'absolute', left: `${colX(col)}%`, width: `${nodeW(col)}%`, top: placed.at[`more:${c.kind}`].y - NODE_H / 2, height: NODE_H, display: 'flex', alignItems: 'center' }}>
                  <Anchor href={`#${TABLE_ANCHOR[c.kind]}`} size="sm" data-testid={`genealogy-more-${c.kind}`}>
                    {t('web.trace.andMore', { count: c.hidden })}
                  </Anchor>
                </li>
              ) : null}
            </ul>
          ))}
        </Box>
      </Box>
    </Box>
  );
}

function Node({ node: n, text, orders, marked, faded, onActive }: { node: GraphNode; text: TraceText; orders: boolean; marked: boolean; faded: boolean; onActive: (id: string | null) => void }) {
  const href = hrefOf(n, orders);
  const style: CSSProperties = {
    display: 'block',
    height: '100%',
    padding: '5px 8px',
    borderRadius: 4,
    border: `1px ${n.risk ? 'dashed' : 'solid'} ${marked ? '#1864ab' : n.risk ? '#a65b00' : 'var(--mantine-color-gray-5)'}`,
    borderLeft: `5px solid ${n.risk ? '#a65b00' : ACCENT[n.kind]}`,
    background: marked ? 'var(--mantine-color-blue-light)' : n.risk ? 'var(--mantine-color-orange-light)' : 'var(--mantine-color-body)',
    opacity: faded ? 0.55 : 1,
    overflow: 'hidden',
  };
  const [first, second] = linesOf(n, text);
  const events = { onMouseEnter: () => onActive(n.id), onMouseLeave: () => onActive(null), onFocus: () => onActive(n.id), onBlur: () => onActive(null) };
  const content = (
    <>
      <Text size="sm" fw={700} truncate="end" lh={1.3}>
        {n.risk ? <span aria-hidden="true">⚠ </span> : null}
        {n.title}
      </Text>
      <Text size="xs" truncate="end" lh={1.3} fw={n.risk ? 700 : undefined}>
        {first}
      </Text>
      <Text size="xs" truncate="end" lh={1.3} c="dimmed">
        {second || '\u00a0'}
      </Text>
    </>
  );
  const common = { style, title: [n.title, first, second].filter(Boolean).join(' · '), 'data-node': n.id, 'data-kind': n.kind, 'data-risk': n.risk ? 'true' : undefined, ...events };
  return 'to' in href ? (
    <UnstyledButton component={Link} to={href.to} {...common}>
      {content}
    </UnstyledButton>
  ) : (
    <UnstyledButton component="a" href={href.href} {...common}>
      {content}
    </UnstyledButton>
  );
}

/** The genealogy as rows: each node of each column with its kilograms and where it led. */
function GenealogyTable({ graph, columnTitle, text, orders }: { graph: ReturnType<typeof genealogy>; columnTitle: (k: NodeKind) => string; text: TraceText; orders: boolean }) {
  const { t } = text;
  const next = leadsTo(graph);
  const byId = new Map(graph.columns.flatMap((c) => c.nodes).map((n) => [n.id, n]));
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table withTableBorder striped aria-labelledby="genealogy-title" aria-describedby="genealogy-summary" data-testid="genealogy-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('web.trace.step')}</Table.Th>
            <Table.Th>{t('web.trace.item')}</Table.Th>
            <Table.Th>{t('web.trace.detail')}</Table.Th>
            <Table.Th>{t('web.trace.leadsTo')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {graph.columns.flatMap((c) =>
            c.nodes.map((n) => {
              const href = hrefOf(n, orders);
              return (
                <Table.Tr key={n.id} data-node={n.id}>
                  <Table.Td>{columnTitle(c.kind)}</Table.Td>
                  <Table.Td>
                    {'to' in href ? (
                      <Anchor component={Link} to={href.to} fw={600}>
                        {n.title}
                      </Anchor>
                    ) : (
                      <Anchor href={href.href} fw={600}>
                        {n.title}
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td>{linesOf(n, text).filter(Boolean).join(' · ')}</Table.Td>
                  <Table.Td>{(next[n.id] ?? []).map((id) => byId.get(id)?.title ?? id).join(', ') || '—'}</Table.Td>
                </Table.Tr>
              );
            }),
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
