import { SubscriptionListPage } from '../components/subscription-list-page';

/** /reports/subscriptions. */
export default function SubscriptionsScreen() {
  return <SubscriptionListPage />;
}
