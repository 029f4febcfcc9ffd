/**
 * The columns of the SPC screens: every plotted point (its time, batch, place among the
 * batch's doses, value, moving range or range, and the rules it breaks as a red "▲ WE1" badge),
 * the marked points with their rules named, and the violations kept for a saved set or pushed
 * live (time, set, batch, rule with its name, value). Values to the gram; the PDF prints a
 * point's rules by their codes.
 */
import { Badge, List } from '@mantine/core';
import type { KeptViolation, SpcPoint } from '../api/spc-api';
import type { ReportFormat } from '../hooks/use-report-format';
import { textColumn, type Column } from '../utils/columns';
import { ruleName } from '../utils/spc-params';
import { MARK_COLOR } from './spc-chart';

/** A rule as read: "WE1 – Beyond the control limits". */
export const ruleLabel = (rule: string, fmt: ReportFormat) => `${rule} – ${fmt.t(ruleName(rule))}`;

/** A number to the gram (or the parameter's thousandth). */
const fine = <R,>(id: string, label: string, path: string, value: (r: R) => number | null | undefined): Column<R> => ({
  ...textColumn<R>(id, label, path),
  kind: 'kg',
  text: (r, fmt) => {
    const v = value(r);
    return v === null || v === undefined ? '—' : fmt.kgFine(v);
  },
});

const at = <R,>(path: string, label = 'web.report.col.time'): Column<R> => ({ ...textColumn<R>(path, label, path), kind: 'dateTime' });

/** The marker of a point that breaks rules: shape, colour and the codes. */
export function RuleMark({ rules }: { rules: readonly string[] }) {
  if (rules.length === 0) return <>—</>;
  return (
    <Badge color={MARK_COLOR} autoContrast={false} c="white" variant="filled" data-testid="spc-rule-mark">
      <span aria-hidden>▲ </span>
      {rules.join(', ')}
    </Badge>
  );
}

export const pointKey = (p: SpcPoint) => `${p.index}`;

export const POINT_COLUMNS: Column<SpcPoint>[] = [
  { ...textColumn<SpcPoint>('index', 'web.spc.col.index', 'index'), kind: 'count', text: (p, fmt) => fmt.count(p.index + 1) },
  at<SpcPoint>('at'),
  textColumn('batchId', 'web.report.col.batch', 'batchId'),
  { ...textColumn<SpcPoint>('seq', 'web.spc.col.seq', 'seq'), kind: 'count', text: (p, fmt) => fmt.count(p.seq + 1) },
  fine<SpcPoint>('value', 'web.spc.col.value', 'value', (p) => p.value),
  fine<SpcPoint>('dispersion', 'web.spc.col.dispersion', 'dispersion', (p) => p.dispersion),
  textColumn<SpcPoint>('rules', 'web.spc.col.rules', 'rules', { sortable: false, text: (p) => p.rules.join(', ') || '—', cell: (p) => <RuleMark rules={p.rules} /> }),
];

/** The rules of a point or violation, each named. */
function RuleList({ rules, fmt }: { rules: readonly string[]; fmt: ReportFormat }) {
  return (
    <List size="sm" listStyleType="none" spacing={2}>
      {rules.map((r) => (
        <List.Item key={r}>
          <RuleMark rules={[r]} /> {fmt.t(ruleName(r))}
        </List.Item>
      ))}
    </List>
  );
}

export function markedColumns(fmt: ReportFormat): Column<SpcPoint>[] {
  return [
    POINT_COLUMNS[0],
    at<SpcPoint>('at'),
    textColumn('batchId', 'web.report.col.batch', 'batchId'),
    fine<SpcPoint>('value', 'web.spc.col.value', 'value', (p) => p.value),
    textColumn<SpcPoint>('rules', 'web.spc.col.rulesBroken', 'rules', {
      sortable: false,
      text: (p) => p.rules.map((r) => ruleLabel(r, fmt)).join('; '),
      cell: (p) => <RuleList rules={p.rules} fmt={fmt} />,
    }),
  ];
}

export const violationKey = (v: KeptViolation) => `${v.setId}|${v.batchId}|${v.pointSeq}|${v.rule}`;

export const VIOLATION_COLUMNS: Column<KeptViolation>[] = [
  at<KeptViolation>('pointAt', 'web.spc.col.batchEnd'),
  textColumn('setName', 'web.spc.col.set', 'setName'),
  textColumn('batchId', 'web.report.col.batch', 'batchId'),
  textColumn<KeptViolation>('code', 'web.report.col.code', 'code'),
  textColumn<KeptViolation>('rule', 'web.spc.col.rule', 'rule', { text: (v, fmt) => ruleLabel(v.rule, fmt), cell: (v, text) => <><RuleMark rules={[v.rule]} /> {text.slice(v.rule.length + 3)}</> }),
  fine<KeptViolation>('value', 'web.spc.col.value', 'value', (v) => v.value),
  at<KeptViolation>('detectedAt', 'web.spc.col.detected'),
];
