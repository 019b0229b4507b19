// Plus: subscribe, the plan, the portal link, the local checkout's Pay/Cancel, and the Stripe webhook.
import { Hono } from 'hono';
import { z } from 'zod';
import { ZCheckoutId, ZSubscribeRequest } from '../../shared/billing.ts';
import { ZUserId } from '../../shared/users.ts';
import { type TBilling, WebhookSignatureError } from '../billing/billing.ts';
import type { TDb } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import {
  parseJson,
  parseParams,
  parseQuery,
  requireSelf,
  requireUser,
  type TAppContext,
  type TAppEnv,
} from '../lib/http.ts';
import { handleStripeWebhook } from '../services/billing/handle-stripe-webhook.ts';
import {
  cancelLocalCheckout,
  payLocalCheckout,
  readLocalCheckout,
  setLocalCancelAtPeriodEnd,
} from '../services/billing/local-checkout.ts';
import { readPlan } from '../services/billing/read-plan.ts';
import { refreshPersonFromStripe } from '../services/billing/refresh-from-stripe.ts';
import { CHECKOUT_UNAVAILABLE, startCheckout } from '../services/billing/start-checkout.ts';

export type TBillingRouteDeps = { db: TDb; billing: TBilling | null; graceDays: number };

/** The webhook is signed by Stripe instead of a session: app.ts leaves it outside the session guard. */
export const BILLING_WEBHOOK_PATH = '/api/billing/webhook';

const ZPlanQuery = z.object({ userId: ZUserId.optional() });
const ZCancelAtPeriodEnd = z.object({ cancel: z.boolean() }).strict();

/** /api/subscribe (the spec's call): a checkout link for Plus. */
export function subscribeRoutes(billing: TBilling | null) {
  return new Hono<TAppEnv>().post('/', async (c) => {
    const user = requireUser(c);
    const body = await parseJson(c, ZSubscribeRequest);
    if (body.userId !== undefined) requireSelf(c, body.userId);
    return c.json(await startCheckout(billing, user));
  });
}

/** Mounted at /api/billing. */
export function billingRoutes(deps: TBillingRouteDeps) {
  const { db, billing, graceDays } = deps;
  const requireLocal = () => {
    if (billing?.kind !== 'local') throw new AppError('not_found', 'The local test checkout is not in use');
  };
  /** The signed-in person and the local checkout the path names. */
  const checkoutOf = (c: TAppContext) => {
    const user = requireUser(c);
    requireLocal();
    return { userId: user.id, id: parseParams(c, ZCheckoutId).id };
  };
  return new Hono<TAppEnv>()
    .get('/plan', async (c) => {
      const { userId } = parseQuery(c, ZPlanQuery);
      const user = userId === undefined ? requireUser(c) : requireSelf(c, userId);
      return c.json(await readPlan(db, user.id));
    })
    .post('/refresh', async (c) => {
      // Back from Stripe Checkout: read the person's subscription now instead of waiting for the webhook.
      const user = requireUser(c);
      if (billing?.kind === 'stripe')
        await refreshPersonFromStripe(db, billing, { userId: user.id, graceDays });
      return c.json(await readPlan(db, user.id));
    })
    .post('/portal', async (c) => {
      const user = requireUser(c);
      if (!billing) throw new AppError('billing_unavailable', CHECKOUT_UNAVAILABLE);
      return c.json({ url: await billing.portalUrl(user) });
    })
    .get('/checkout/:id', async (c) => c.json(await readLocalCheckout(db, checkoutOf(c))))
    .post('/checkout/:id/pay', async (c) =>
      c.json(await payLocalCheckout(db, { ...checkoutOf(c), graceDays })),
    )
    .post('/checkout/:id/cancel', async (c) => c.json(await cancelLocalCheckout(db, checkoutOf(c))))
    .post('/local-subscription', async (c) => {
      const user = requireUser(c);
      requireLocal();
      const { cancel } = await parseJson(c, ZCancelAtPeriodEnd);
      await setLocalCancelAtPeriodEnd(db, { userId: user.id, cancel, graceDays });
      return c.json(await readPlan(db, user.id));
    })
    .post('/webhook', async (c) => {
      if (billing?.kind !== 'stripe') throw new AppError('not_found', 'Stripe is not configured');
      const signature = c.req.header('stripe-signature');
      if (!signature) throw new AppError('bad_request', 'Missing Stripe-Signature header');
      const rawBody = await c.req.text();
      try {
        return c.json(await handleStripeWebhook(db, billing, { rawBody, signature, graceDays }));
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          throw new AppError('bad_request', `Webhook signature rejected: ${error.message}`);
        }
        throw error;
      }
    });
}
