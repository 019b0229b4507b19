// Web Push: what a push carries to the service worker, and the subscription a browser hands over.
import { z } from 'zod';

/** The notification a push shows; `url` is the chat to open (with `hist`) when it is clicked. */
export type TPushPayload = {
  title: string;
  body: string;
  icon: string | null;
  url: string;
  /** One notification per chat: a newer one replaces it. */
  tag: string;
};

/** First words of a message for the notification's body. */
export const PUSH_BODY_MAX_CHARS = 120;

/** PushSubscription.toJSON() as the browser gives it; endpoints are https URLs of the push service. */
export const ZPushSubscription = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  keys: z.object({
    p256dh: z.string().min(1).max(256),
    auth: z.string().min(1).max(64),
  }),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

export const ZPushUnsubscribe = z.object({ endpoint: z.url().max(2048) });

/** GET /api/push: the server's public VAPID key and whether this device (endpoint) is subscribed. */
export type TPushStatus = { publicKey: string; isSubscribed: boolean };
