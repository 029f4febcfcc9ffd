/**
 * /reporting/batch/spcbatchgraph: the batch SPC graph of one line — the dosing error of a
 * material (per dose, optionally on one scale) or a batch's mean of a report parameter (per
 * batch) on an individuals/moving-range or X̄-R chart, limited by a baseline window and judged
 * by the run rules chosen, with Cp/Cpk against the specification; the line's saved sets and the
 * violations its live sets find, as they happen.
 */
import { SpcScreen } from '../components/spc-screen';

export default function SpcBatchScreen() {
  return <SpcScreen kind="batch" />;
}
