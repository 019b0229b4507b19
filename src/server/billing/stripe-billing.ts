// Stripe: Checkout in subscription mode, the customer portal, and signed webhooks (official `stripe` package).
//
// The package (about 220 modules, 4 MB of a server's heap) is loaded when Stripe is configured, by
// createStripeBilling, not at start: an install without Stripe never loads it.
import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import type { TDb } from '../db/client.ts';
import { claimStripeCustomerId, stripeCustomerIdOf } from '../db/queries/billing.ts';
import {
  type TBillingEvent,
  type TBillingPerson,
  type TProviderSubscription,
  type TStripeBilling,
  WebhookSignatureError,
} from './billing.ts';

export type TStripeBillingOptions = {
  secretKey: string;
  priceId: string;
  webhookSecret: string;
  publicUrl: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Seconds a signed webhook stays valid (Stripe's default: 300). */
  toleranceSeconds?: number;
};

const toDate = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

/** Since API version 2025-03 the period lives on the subscription items; older objects carry it on top. */
export function toProviderSubscription(sub: Stripe.Subscription): TProviderSubscription {
  const legacy = sub as Stripe.Subscription & { current_period_start?: number; current_period_end?: number };
  const items = sub.items?.data ?? [];
  const ends = items.map((i) => i.current_period_end).filter((n): n is number => typeof n === 'number');
  const starts = items.map((i) => i.current_period_start).filter((n): n is number => typeof n === 'number');
  return {
    subscriptionId: sub.id,
    customerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
    status: sub.status,
    currentPeriodStart: toDate(starts.length ? Math.max(...starts) : legacy.current_period_start),
    currentPeriodEnd: toDate(ends.length ? Math.min(...ends) : legacy.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    cancelAt: toDate(sub.cancel_at),
  };
}

/** The customer an event is about: the object's `customer`, or the object itself for customer.* events. */
function customerOf(event: Stripe.Event): string | null {
  const object = event.data.object as { object?: string; id?: string; customer?: unknown };
  if (object.object === 'customer' && typeof object.id === 'string') return object.id;
  const customer = object.customer;
  if (typeof customer === 'string') return customer;
  if (customer && typeof customer === 'object' && typeof (customer as { id?: unknown }).id === 'string') {
    return (customer as { id: string }).id;
  }
  return null;
}

const require = createRequire(import.meta.url);

export function createStripeBilling(db: TDb, options: TStripeBillingOptions): TStripeBilling {
  const StripeClient = require('stripe') as typeof Stripe;
  const stripe = new StripeClient(options.secretKey, {
    ...(options.host && { host: options.host }),
    ...(options.port && { port: options.port }),
    ...(options.protocol && { protocol: options.protocol }),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Kindred' },
  });

  /** The person's Stripe customer, made once and reused for every later checkout. */
  async function customerFor(person: TBillingPerson): Promise<string> {
    const stored = await stripeCustomerIdOf(db, person.id);
    if (stored) return stored;
    const customer = await stripe.customers.create(
      { email: person.email, metadata: { kindredUserId: String(person.id) } },
      { idempotencyKey: `kindred-customer-${person.id}` },
    );
    return claimStripeCustomerId(db, person.id, customer.id);
  }

  return {
    kind: 'stripe',
    async startCheckout(person) {
      const customer = await customerFor(person);
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: String(person.id),
        line_items: [{ price: options.priceId, quantity: 1 }],
        subscription_data: { metadata: { kindredUserId: String(person.id) } },
        success_url: `${options.publicUrl}/upgrade-success`,
        cancel_url: `${options.publicUrl}/upgrade-cancel`,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return session.url;
    },
    async portalUrl(person) {
      const session = await stripe.billingPortal.sessions.create({
        customer: await customerFor(person),
        return_url: `${options.publicUrl}/profile`,
      });
      return session.url;
    },
    verifyWebhook(rawBody, signature): TBillingEvent {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          options.toleranceSeconds ?? 300,
        );
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      return { id: event.id, type: event.type, customerId: customerOf(event) };
    },
    async subscriptionsOfCustomer(customerId) {
      const found: TProviderSubscription[] = [];
      for await (const sub of stripe.subscriptions.list({
        customer: customerId,
        status: 'all',
        limit: 100,
      })) {
        found.push(toProviderSubscription(sub));
      }
      return found;
    },
  };
}
