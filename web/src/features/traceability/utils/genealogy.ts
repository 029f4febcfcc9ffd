/**
 * A lot's genealogy as a layered diagram: the lot, the bins it went into, the batches dosed of
 * it, their orders, the deliveries that carried them and the customers who received them —
 * one column each, left to right. Which bin fed which batch is not traced (a dose names its
 * bin, the lot's trace sums batches), so a bin leads to the batches of its own line; a batch
 * of a line none of the lot's bins is on (a hand add) hangs on the lot itself. A delivery is
 * reached from the orders of the batches it carried (known once the delivery is read), or
 * from the batch itself when the batch has no order. Batches at risk of carry-over (made right
 * after an affected medicated batch) join the batch column, reached from the batch they
 * followed.
 *
 * A column draws at most `cap` nodes, those with the most of the lot first, then says how many
 * more there are; the edges run between drawn nodes only. The tables below the diagram list
 * everything.
 */
import type { CarryOverBatch, LotTrace, TracedBatch } from '../api/trace-types';

export const COLUMNS = ['lot', 'bin', 'batch', 'order', 'delivery', 'customer'] as const;
export type NodeKind = (typeof COLUMNS)[number];

/** Most nodes a column draws. */
export const NODE_CAP = 30;

export interface GraphNode {
  /** `kind:key`, unique in the graph. */
  id: string;
  kind: NodeKind;
  /** Its code or number. */
  title: string;
  /** Kilograms of the lot through it (none: not known, a carry-over risk). */
  kg: number | null;
  /** A name beside the code (a customer's, a batch's recipe). */
  name?: string | null;
  /** How many batches (an order's) or deliveries (a customer's). */
  count?: number;
  lineId?: string;
  lineCode?: string | null;
  /** When it happened (a batch's start, a delivery's date). */
  at?: string | null;
  /** What it links to. */
  ref: { lotId?: string; lineId?: string; batchId?: string; orderId?: string; deliveryId?: string; customerId?: string };
  /** A batch at risk of carry-over (not dosed of the lot). */
  risk?: boolean;
}

export interface GraphEdge {
  from: string;
  to: string;
  /** Skips a column (a batch straight to a delivery, the lot straight to a batch) or is a carry-over risk. */
  dashed?: boolean;
}

export interface GraphColumn {
  kind: NodeKind;
  /** The drawn nodes, in reading order. */
  nodes: GraphNode[];
  /** How many more the column has than it draws. */
  hidden: number;
}

export interface Genealogy {
  columns: GraphColumn[];
  edges: GraphEdge[];
}

const batchKey = (lineId: string, batchId: string) => `${lineId}\u0000${batchId}`;
export const nodeId = {
  lot: (id: string) => `lot:${id}`,
  bin: (lineId: string, code: string) => `bin:${batchKey(lineId, code.toUpperCase())}`,
  batch: (lineId: string, batchId: string) => `batch:${batchKey(lineId, batchId)}`,
  order: (id: string) => `order:${id}`,
  delivery: (id: string) => `delivery:${id}`,
  customer: (id: string) => `customer:${id}`,
};

const time = (iso: string | null | undefined) => (iso ? new Date(iso).getTime() || 0 : 0);
const byText = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });

/** The `cap` nodes with the most kilograms (risks last), then in `order`; and how many were left out. */
function capped(nodes: GraphNode[], cap: number, order: (a: GraphNode, b: GraphNode) => number): { nodes: GraphNode[]; hidden: number } {
  const chosen = nodes.length <= cap ? nodes : [...nodes].sort((a, b) => (b.kg ?? -1) - (a.kg ?? -1)).slice(0, cap);
  return { nodes: [...chosen].sort(order), hidden: nodes.length - chosen.length };
}

function batchNode(b: TracedBatch): GraphNode {
  return {
    id: nodeId.batch(b.lineId, b.batchId),
    kind: 'batch',
    title: b.batchId,
    kg: b.kg,
    lineId: b.lineId,
    lineCode: b.lineCode,
    at: b.startedAt ?? b.endedAt,
    name: b.recipeCode,
    ref: { lineId: b.lineId, batchId: b.batchId },
  };
}

function riskNode(c: CarryOverBatch): GraphNode {
  return {
    id: nodeId.batch(c.lineId, c.batchId),
    kind: 'batch',
    title: c.batchId,
    kg: null,
    lineId: c.lineId,
    lineCode: c.lineCode,
    at: c.startedAt,
    name: c.recipeCode,
    ref: { lineId: c.lineId, batchId: c.batchId },
    risk: true,
  };
}

/** The genealogy of `trace`, `cap` nodes a column at most (Infinity: every node, for the table view). */
export function genealogy(trace: LotTrace, cap = NODE_CAP): Genealogy {
  const lot: GraphNode = {
    id: nodeId.lot(trace.lot._id),
    kind: 'lot',
    title: trace.lot.lotNumber,
    kg: trace.balance.receivedKg,
    name: `${trace.lot.materialCode} · ${trace.lot.supplierCode}`,
    lineId: trace.lot.lineId,
    ref: { lotId: trace.lot._id },
  };
  const bins = capped(
    trace.bins.map((b) => ({ id: nodeId.bin(b.lineId, b.binCode), kind: 'bin' as const, title: b.binCode, kg: b.filledKg, lineId: b.lineId, lineCode: b.lineCode, ref: { lineId: b.lineId } })),
    cap,
    (a, b) => byText(a.lineCode ?? a.lineId ?? '', b.lineCode ?? b.lineId ?? '') || byText(a.title, b.title),
  );
  const traced = new Set(trace.batches.map((b) => nodeId.batch(b.lineId, b.batchId)));
  const risks = trace.carryOver.filter((c) => !traced.has(nodeId.batch(c.lineId, c.batchId)));
  const batches = capped([...trace.batches.map(batchNode), ...risks.map(riskNode)], cap, (a, b) => time(a.at) - time(b.at) || byText(a.title, b.title));
  const orders = capped(
    trace.orders.map((o) => ({ id: nodeId.order(o.orderId), kind: 'order' as const, title: o.orderNumber ?? o.orderId, kg: o.kg, count: o.batches, lineId: o.lineId, lineCode: o.lineCode, ref: { orderId: o.orderId } })),
    cap,
    (a, b) => byText(a.title, b.title),
  );
  const deliveries = capped(
    trace.deliveries.map((d) => ({ id: nodeId.delivery(d.deliveryId), kind: 'delivery' as const, title: d.deliveryNumber, kg: d.lotKg, at: d.deliveredAt, name: d.customerCode, ref: { deliveryId: d.deliveryId } })),
    cap,
    (a, b) => time(a.at) - time(b.at) || byText(a.title, b.title),
  );
  const customers = capped(
    trace.customers.map((c) => ({ id: nodeId.customer(c.customerId), kind: 'customer' as const, title: c.code, kg: c.lotKg, name: c.name, count: c.deliveries, ref: { customerId: c.customerId } })),
    cap,
    (a, b) => (b.kg ?? 0) - (a.kg ?? 0) || byText(a.title, b.title),
  );

  const drawn = new Set([lot, ...bins.nodes, ...batches.nodes, ...orders.nodes, ...deliveries.nodes, ...customers.nodes].map((n) => n.id));
  const edges: GraphEdge[] = [];
  const seen = new Set<string>();
  const link = (from: string, to: string, dashed = false) => {
    const key = `${from}>${to}`;
    if (!drawn.has(from) || !drawn.has(to) || seen.has(key)) return;
    seen.add(key);
    edges.push(dashed ? { from, to, dashed } : { from, to });
  };

  for (const b of bins.nodes) link(lot.id, b.id);
  const binLines = new Set(trace.bins.map((b) => b.lineId));
  for (const b of trace.batches) {
    const id = nodeId.batch(b.lineId, b.batchId);
    if (binLines.has(b.lineId)) for (const bin of trace.bins.filter((x) => x.lineId === b.lineId)) link(nodeId.bin(bin.lineId, bin.binCode), id);
    else link(lot.id, id, true);
    if (b.orderId) link(id, nodeId.order(b.orderId));
  }
  for (const c of risks) link(nodeId.batch(c.lineId, c.afterBatchId), nodeId.batch(c.lineId, c.batchId), true);

  const batchOf = new Map(trace.batches.map((b) => [batchKey(b.lineId, b.batchId), b]));
  for (const carried of trace.delivered) {
    const b = batchOf.get(batchKey(carried.lineId, carried.batchId));
    if (!b) continue;
    const to = nodeId.delivery(carried.deliveryId);
    if (b.orderId && trace.orders.some((o) => o.orderId === b.orderId)) link(nodeId.order(b.orderId), to);
    else link(nodeId.batch(b.lineId, b.batchId), to, true);
  }
  for (const d of trace.deliveries) link(nodeId.delivery(d.deliveryId), nodeId.customer(d.customerId));

  const column = (kind: NodeKind, c: { nodes: GraphNode[]; hidden: number }): GraphColumn => ({ kind, ...c });
  return {
    columns: [column('lot', { nodes: [lot], hidden: 0 }), column('bin', bins), column('batch', batches), column('order', orders), column('delivery', deliveries), column('customer', customers)],
    edges,
  };
}

/** A node's place in the drawing: its column, and the vertical centre of its box (px). */
export interface Placed {
  col: number;
  y: number;
}

export interface Layout {
  /** By node id; a column's "and N more" note is `more:<kind>`. */
  at: Record<string, Placed>;
  height: number;
}

/** Node boxes `nodeH` px high, `gap` px apart, each column centred on the tallest. */
export function layout(g: Genealogy, nodeH = 56, gap = 12): Layout {
  const step = nodeH + gap;
  const rows = g.columns.map((c) => c.nodes.length + (c.hidden > 0 ? 1 : 0));
  const most = Math.max(1, ...rows);
  const at: Record<string, Placed> = {};
  g.columns.forEach((c, col) => {
    const top = ((most - rows[col]) * step) / 2;
    c.nodes.forEach((n, i) => (at[n.id] = { col, y: top + i * step + nodeH / 2 }));
    if (c.hidden > 0) at[`more:${c.kind}`] = { col, y: top + c.nodes.length * step + nodeH / 2 };
  });
  return { at, height: most * step - gap };
}

/** The nodes and edges on a path through `id`: everything it came from and everything it led to. */
export function pathThrough(edges: readonly GraphEdge[], id: string): { nodes: Set<string>; edges: Set<string> } {
  const nodes = new Set([id]);
  const on = new Set<string>();
  const walk = (ahead: boolean) => {
    const todo = [id];
    const visited = new Set([id]);
    while (todo.length) {
      const here = todo.pop()!;
      for (const e of edges) {
        if ((ahead ? e.from : e.to) !== here) continue;
        const there = ahead ? e.to : e.from;
        on.add(edgeKey(e));
        nodes.add(there);
        if (!visited.has(there)) {
          visited.add(there);
          todo.push(there);
        }
      }
    }
  };
  walk(true);
  walk(false);
  return { nodes, edges: on };
}

export const edgeKey = (e: GraphEdge) => `${e.from}>${e.to}`;

/** Each drawn node's neighbours in the next columns (the table view's "leads to"). */
export function leadsTo(g: Genealogy): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const e of g.edges) (out[e.from] ??= []).push(e.to);
  return out;
}
