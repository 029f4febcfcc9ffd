/**
 * /consumption/consumptionstatistics/spcgraph (_SUPER and ADMIN): the consumption SPC graph of
 * one line — a material's kilograms per day on an individuals/moving-range or X̄-R chart,
 * limited by a baseline window and judged by the run rules chosen — with its own saved sets.
 */
import { SpcScreen } from '../components/spc-screen';

export default function SpcConsumptionScreen() {
  return <SpcScreen kind="consumption" />;
}
