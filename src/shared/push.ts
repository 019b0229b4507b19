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

/**
 * GET /api/push: the server's public VAPID key, whether this device (endpoint) is subscribed, and whether
 * the person also wants a push when a reply finishes while no Kindred tab of theirs is visible.
 */
export type TPushStatus = { publicKey: string; isSubscribed: boolean; isReplyPushOn: boolean };

/** PUT /api/push/reply: the person's choice of a push for a reply that finishes while no tab is visible. */
export const ZReplyPushChange = z.object({ isReplyPushOn: z.boolean() });

/**
 * PUT /api/push/visibility: a signed-in tab tells whether it is visible (on every change, and again every
 * TAB_VISIBLE_REPORT_SECONDS while it is, so a tab that vanished without a word stops counting). `seq`
 * counts the tab's reports: one overtaken on the way by a later one changes nothing.
 */
export const ZTabVisibility = z.object({
  tabId: z.uuid(),
  isVisible: z.boolean(),
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type TTabVisibility = z.infer<typeof ZTabVisibility>;
export const TAB_VISIBLE_REPORT_SECONDS = 60;
