// This device's notifications: turn on (store its subscription with the person and the session), turn
// off, and whether it is on. At most PUSH_DEVICES_MAX devices per person.
import type { TPushStatus, TPushSubscription } from '../../../shared/push.ts';
import type { TDb } from '../../db/client.ts';
import {
  countPushSubscriptions,
  deletePushSubscription,
  hasPushSubscription,
  isReplyPushOn,
  upsertPushSubscription,
} from '../../db/queries/push.ts';
import { AppError, notFound } from '../../lib/errors.ts';

export const PUSH_DEVICES_MAX = 20;

export type TPushDevicesDeps = { db: TDb; publicKey: string; allowHttpEndpoints: boolean };

export async function pushStatus(
  deps: TPushDevicesDeps,
  userId: number,
  endpoint?: string,
): Promise<TPushStatus> {
  const isSubscribed = endpoint ? await hasPushSubscription(deps.db, userId, endpoint) : false;
  return { publicKey: deps.publicKey, isSubscribed, isReplyPushOn: await isReplyPushOn(deps.db, userId) };
}

export async function subscribeDevice(
  deps: TPushDevicesDeps,
  opts: { userId: number; sessionToken: string; subscription: TPushSubscription },
): Promise<TPushStatus> {
  const { endpoint, keys } = opts.subscription;
  // Kindred posts to the endpoint: only a push service's https URL (http for the tests' local fake).
  if (!endpoint.startsWith('https://') && !deps.allowHttpEndpoints) {
    throw new AppError('bad_request', 'A push endpoint must be an https URL');
  }
  const isKnown = await hasPushSubscription(deps.db, opts.userId, endpoint);
  if (!isKnown && (await countPushSubscriptions(deps.db, opts.userId)) >= PUSH_DEVICES_MAX) {
    throw new AppError(
      'conflict',
      `Notifications are on for ${PUSH_DEVICES_MAX} devices already; turn them off on one first`,
    );
  }
  await upsertPushSubscription(deps.db, {
    userId: opts.userId,
    sessionToken: opts.sessionToken,
    endpoint,
    p256dh: keys.p256dh,
    auth: keys.auth,
  });
  return {
    publicKey: deps.publicKey,
    isSubscribed: true,
    isReplyPushOn: await isReplyPushOn(deps.db, opts.userId),
  };
}

export async function unsubscribeDevice(
  deps: TPushDevicesDeps,
  userId: number,
  endpoint: string,
): Promise<TPushStatus> {
  if (!(await deletePushSubscription(deps.db, userId, endpoint))) throw notFound('Push subscription');
  return {
    publicKey: deps.publicKey,
    isSubscribed: false,
    isReplyPushOn: await isReplyPushOn(deps.db, userId),
  };
}
