import { LotViewPage } from '../components/lot-view-page';

/** /traceability/lots/view/:id. */
export default function LotViewScreen() {
  return <LotViewPage />;
}
