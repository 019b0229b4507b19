// Chooses the billing provider once from config: Stripe, the local test checkout (loopback PUBLIC_URL or
// LOCAL_CHECKOUT=on), or none.
import type { TConfig } from '../config.ts';
import type { TDb } from '../db/client.ts';
import type { TBilling } from './billing.ts';
import { createLocalBilling } from './local-billing.ts';
import { createStripeBilling } from './stripe-billing.ts';

export type { TBilling } from './billing.ts';

export function createBilling(config: TConfig, db: TDb): TBilling | null {
  if (config.isStripeConfigured) {
    return createStripeBilling(db, {
      secretKey: config.STRIPE_SECRET_KEY!,
      priceId: config.STRIPE_PRICE_ID!,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      publicUrl: config.publicUrl,
      host: config.STRIPE_API_HOST,
      port: config.STRIPE_API_PORT,
      protocol: config.STRIPE_API_PROTOCOL,
    });
  }
  return config.isLocalCheckoutOn ? createLocalBilling(db) : null;
}

/** The start-up log line: which billing is in use, and why the local test checkout is on or off. */
export function describeBilling(config: TConfig): string {
  if (config.isStripeConfigured) return 'billing: Stripe';
  if (config.isLocalCheckoutOn) {
    const why =
      config.LOCAL_CHECKOUT === 'on'
        ? 'LOCAL_CHECKOUT=on'
        : `PUBLIC_URL ${config.publicUrl} is a loopback address`;
    return `billing: the local test checkout, which takes no money (${why})`;
  }
  if (config.LOCAL_CHECKOUT === 'off')
    return 'billing: off (no Stripe, LOCAL_CHECKOUT=off): subscribing answers 503';
  return `billing: off (no Stripe; the local test checkout is off because PUBLIC_URL ${config.publicUrl} is not a loopback address; set LOCAL_CHECKOUT=on to use it anyway): subscribing answers 503`;
}
