// Chooses the billing provider once from config: Stripe, the local test checkout, or none (switched off).
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
  return config.LOCAL_CHECKOUT === 'on' ? createLocalBilling(db) : null;
}
