import { RecallPage } from '../components/recall-page';

/** /traceability/recall. */
export default function RecallScreen() {
  return <RecallPage />;
}
