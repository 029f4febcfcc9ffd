import { SubscriptionPage } from '../components/subscription-page';

/** /reports/subscriptions/:id. */
export default function SubscriptionScreen() {
  return <SubscriptionPage />;
}
