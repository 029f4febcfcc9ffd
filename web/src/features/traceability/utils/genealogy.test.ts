import { describe, expect, it } from 'vitest';
import type { LotTrace } from '../api/trace-types';
import { LOT_ID, TRACE } from '../testing/fixtures';
import { genealogy, layout, leadsTo, nodeId, pathThrough } from './genealogy';

const titles = (g: ReturnType<typeof genealogy>) => g.columns.map((c) => c.nodes.map((n) => n.title));
const has = (g: ReturnType<typeof genealogy>, from: string, to: string) => g.edges.find((e) => e.from === from && e.to === to);

describe('the genealogy of a lot', () => {
  it('lays the lot, bins, batches (with the carry-over risk), orders, deliveries and customers out in columns', () => {
    const g = genealogy(TRACE);
    expect(g.columns.map((c) => c.kind)).toEqual(['lot', 'bin', 'batch', 'order', 'delivery', 'customer']);
    expect(titles(g)).toEqual([['M-2211'], ['BIN-01'], ['B-101', 'B-102', 'B-103', 'B-104'], ['PO-1'], ['D-500', 'D-501'], ['FARM-A', 'FARM-B']]);
    const risk = g.columns[2].nodes.find((n) => n.title === 'B-104');
    expect(risk).toMatchObject({ risk: true, kg: null });
    expect(g.columns.every((c) => c.hidden === 0)).toBe(true);
  });

  it('links lot → bin → batches of its line → order, order → delivery through the batches carried, batch without order → delivery, delivery → customer', () => {
    const g = genealogy(TRACE);
    const bin = nodeId.bin('L1', 'BIN-01');
    expect(has(g, nodeId.lot(LOT_ID), bin)).toBeDefined();
    for (const b of ['B-101', 'B-102', 'B-103']) expect(has(g, bin, nodeId.batch('L1', b))).toBeDefined();
    expect(has(g, nodeId.batch('L1', 'B-101'), nodeId.order('ORD-1'))).toBeDefined();
    expect(has(g, nodeId.batch('L1', 'B-103'), nodeId.order('ORD-1'))).toBeUndefined();
    expect(has(g, nodeId.order('ORD-1'), nodeId.delivery('DEL-1'))).toEqual({ from: nodeId.order('ORD-1'), to: nodeId.delivery('DEL-1') });
    expect(has(g, nodeId.batch('L1', 'B-103'), nodeId.delivery('DEL-2'))?.dashed).toBe(true);
    expect(has(g, nodeId.batch('L1', 'B-103'), nodeId.batch('L1', 'B-104'))?.dashed).toBe(true);
    expect(has(g, nodeId.delivery('DEL-1'), nodeId.customer('CUS-1'))).toBeDefined();
    expect(has(g, nodeId.delivery('DEL-2'), nodeId.customer('CUS-2'))).toBeDefined();
    // One edge per pair, though two batches of the order went on the delivery.
    expect(g.edges.filter((e) => e.from === nodeId.order('ORD-1') && e.to === nodeId.delivery('DEL-1'))).toHaveLength(1);
  });

  it('reaches a delivery whose batches are not on the trace from its customer only', () => {
    const g = genealogy({ ...TRACE, delivered: [] });
    expect(g.edges.some((e) => e.to.startsWith('delivery:'))).toBe(false);
    expect(has(g, nodeId.delivery('DEL-1'), nodeId.customer('CUS-1'))).toBeDefined();
  });

  it('hangs batches of a line without a bin of the lot (hand adds) on the lot itself', () => {
    const trace: LotTrace = { ...TRACE, bins: [], carryOver: [] };
    const g = genealogy(trace);
    expect(has(g, nodeId.lot(LOT_ID), nodeId.batch('L1', 'B-101'))?.dashed).toBe(true);
  });

  it('draws at most `cap` nodes a column, those with the most of the lot, says how many more, and draws edges between drawn nodes only', () => {
    const many: LotTrace = {
      ...TRACE,
      carryOver: [],
      batches: Array.from({ length: 40 }, (_, i) => ({ ...TRACE.batches[0], batchId: `B-${String(i).padStart(3, '0')}`, kg: i, startedAt: new Date(Date.UTC(2026, 10, 24, 0, i)).toISOString() })),
    };
    const g = genealogy(many, 30);
    const batches = g.columns[2];
    expect(batches.nodes).toHaveLength(30);
    expect(batches.hidden).toBe(10);
    // The 30 with the most kilograms (10..39), in the order they ran.
    expect(batches.nodes[0].title).toBe('B-010');
    expect(batches.nodes.at(-1)?.title).toBe('B-039');
    expect(g.edges.some((e) => e.to === nodeId.batch('L1', 'B-005'))).toBe(false);
    const all = genealogy(many, Infinity);
    expect(all.columns[2].nodes).toHaveLength(40);
  });

  it('centres each column on the tallest and places the "more" note under the nodes', () => {
    const g = genealogy(TRACE);
    const l = layout(g, 50, 10);
    // Four batches: 4 × 60 − 10.
    expect(l.height).toBe(230);
    expect(l.at[nodeId.batch('L1', 'B-101')]).toEqual({ col: 2, y: 25 });
    expect(l.at[nodeId.lot(LOT_ID)]).toEqual({ col: 0, y: 115 });
    const capped = layout({ ...g, columns: g.columns.map((c) => (c.kind === 'order' ? { ...c, hidden: 3 } : c)) }, 50, 10);
    expect(capped.at['more:order']).toEqual({ col: 3, y: 145 });
  });

  it('finds the path through a node: where it came from and where it led', () => {
    const g = genealogy(TRACE);
    const path = pathThrough(g.edges, nodeId.customer('CUS-1'));
    expect([...path.nodes].sort()).toEqual(
      [nodeId.customer('CUS-1'), nodeId.delivery('DEL-1'), nodeId.order('ORD-1'), nodeId.batch('L1', 'B-101'), nodeId.batch('L1', 'B-102'), nodeId.bin('L1', 'BIN-01'), nodeId.lot(LOT_ID)].sort(),
    );
    expect(path.nodes.has(nodeId.customer('CUS-2'))).toBe(false);
    const fromBatch = pathThrough(g.edges, nodeId.batch('L1', 'B-103'));
    expect(fromBatch.nodes.has(nodeId.customer('CUS-2'))).toBe(true);
    expect(fromBatch.nodes.has(nodeId.batch('L1', 'B-104'))).toBe(true);
    expect(fromBatch.nodes.has(nodeId.order('ORD-1'))).toBe(false);
  });

  it('lists where each node leads', () => {
    const next = leadsTo(genealogy(TRACE));
    expect(next[nodeId.order('ORD-1')]).toEqual([nodeId.delivery('DEL-1')]);
    expect(next[nodeId.bin('L1', 'BIN-01')]).toHaveLength(3);
  });
});
