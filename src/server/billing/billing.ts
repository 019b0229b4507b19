// The billing interface: what Kindred needs from a payment provider (Stripe, or the local test checkout).

/** A subscription as the provider reports it; `plusUntil` is worked out from it by plus-until.ts. */
export type TProviderSubscription = {
  subscriptionId: string;
  customerId: string;
  /** Stripe's statuses: active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired, paused. */
  status: string;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** A fixed end set through the portal (Stripe's cancel_at), if any. */
  cancelAt: Date | null;
};

export type TBillingPerson = { id: number; email: string };

/** A verified webhook event: only its id, type and customer are used; the subscription is re-read. */
export type TBillingEvent = { id: string; type: string; customerId: string | null };

type TBillingCommon = {
  /** Starts a checkout for the person; the address the browser goes to. */
  startCheckout(person: TBillingPerson): Promise<string>;
  /** The address where the person manages (cancels) their subscription. */
  portalUrl(person: TBillingPerson): Promise<string>;
};

export type TStripeBilling = TBillingCommon & {
  kind: 'stripe';
  /** @throws WebhookSignatureError on a bad signature or an old timestamp. */
  verifyWebhook(rawBody: string, signature: string): TBillingEvent;
  /** Every subscription of the customer, read from Stripe now. */
  subscriptionsOfCustomer(customerId: string): Promise<TProviderSubscription[]>;
};

export type TLocalBilling = TBillingCommon & { kind: 'local' };

export type TBilling = TStripeBilling | TLocalBilling;

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}
