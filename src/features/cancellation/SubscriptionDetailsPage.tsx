import { ManageSubscriptionView } from './ManageSubscriptionPage';

/** The plan's details: one of the two categories, and its transactions. */
export default function SubscriptionDetailsPage() {
  return <ManageSubscriptionView view="details" />;
}
