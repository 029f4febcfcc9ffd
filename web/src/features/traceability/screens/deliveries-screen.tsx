import { DeliveryListPage } from '../components/delivery-list-page';

/** /traceability/deliveries. */
export default function DeliveriesScreen() {
  return <DeliveryListPage />;
}
