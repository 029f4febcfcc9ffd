import { LotListPage } from '../components/lot-list-page';

/** /traceability/lots. */
export default function LotsScreen() {
  return <LotListPage />;
}
