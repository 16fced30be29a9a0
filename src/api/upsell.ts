import type { ApiClient } from './client';
import { addOnPaymentResult, type AddOnPaymentBody } from './schemas/upsell';

export const upsellApi = (client: ApiClient) => ({
  /** The upsell sequence's one-click add-on, on the order's payment method; one charge per key. */
  addOn: (body: AddOnPaymentBody) => client.post('payments/addon', addOnPaymentResult, body),
});
