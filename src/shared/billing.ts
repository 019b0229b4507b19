// Plus: request and reply shapes shared by the server and the web app.
import { z } from 'zod';
import { ZText } from './text.ts';
import { ZUserId } from './users.ts';

export const PLUS_PRICE = '$5/month';
export const PLUS_BENEFITS = ['Unlimited messages', 'Faster responses', 'Priority support'] as const;

/** The spec's body names a user id; only the signed-in person may be named (or none). */
export const ZSubscribeRequest = z.object({ userId: ZUserId.optional() }).strict();
export type TSubscribeReply = { url: string };

export const ZCheckoutId = z.object({ id: z.uuid('Unknown checkout') });

export type TPlanInfo = {
  isSubscribed: boolean;
  provider: 'stripe' | 'local' | null;
  status: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** When Plus ends unless renewed (ISO), or null without Plus. */
  plusUntil: string | null;
};

export type TCheckoutInfo = {
  id: string;
  status: 'open' | 'paid' | 'canceled' | 'expired';
  price: string;
  benefits: readonly string[];
};

export const SUPPORT_MESSAGE_MAX = 4000;
export const ZSupportRequest = z.object({
  message: ZText.trim()
    .min(1, 'Write a message')
    .max(SUPPORT_MESSAGE_MAX, `A message is at most ${SUPPORT_MESSAGE_MAX} characters`),
});

export type TSupportMessage = {
  id: number;
  message: string;
  isPriority: boolean;
  createdAt: string;
  userId: number;
  email: string;
  username: string;
};
