import { DeliveryViewPage } from '../components/delivery-view-page';

/** /traceability/deliveries/view/:id. */
export default function DeliveryViewScreen() {
  return <DeliveryViewPage />;
}
