import { BatchTracePage } from '../components/batch-trace-page';

/** /traceability/batch/:lineId/:batchId. */
export default function BatchTraceScreen() {
  return <BatchTracePage />;
}
