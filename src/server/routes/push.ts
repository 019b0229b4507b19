// /api/push: this device's notifications. GET (?endpoint=): the server's public VAPID key and whether the
// device is on; POST /subscriptions: turn on (the browser's PushSubscription); DELETE /subscriptions: off;
// PUT /reply: the person's push for replies that finish unseen; PUT /visibility: a tab is (not) visible.
import { Hono } from 'hono';
import { z } from 'zod';
import { ZPushSubscription, ZPushUnsubscribe, ZReplyPushChange, ZTabVisibility } from '../../shared/push.ts';
import { sessionTokenOf } from '../auth/session.ts';
import { AppError } from '../lib/errors.ts';
import { parseJson, parseQuery, requireUser, type TAppEnv } from '../lib/http.ts';
import {
  pushStatus,
  subscribeDevice,
  type TPushDevicesDeps,
  unsubscribeDevice,
} from '../services/push/push-devices.ts';
import { changeReplyPush, reportTabVisibility } from '../services/push/reply-push.ts';

const ZStatusQuery = z.object({ endpoint: z.url().max(2048).optional() });

export function pushRoutes(deps: TPushDevicesDeps) {
  return new Hono<TAppEnv>()
    .get('/', async (c) => {
      const user = requireUser(c);
      const { endpoint } = parseQuery(c, ZStatusQuery);
      c.header('Cache-Control', 'private, no-store');
      return c.json(await pushStatus(deps, user.id, endpoint));
    })
    .post('/subscriptions', async (c) => {
      const user = requireUser(c);
      const subscription = await parseJson(c, ZPushSubscription);
      const sessionToken = sessionTokenOf(c);
      if (!sessionToken) throw new AppError('unauthorized', 'Sign in to continue');
      return c.json(await subscribeDevice(deps, { userId: user.id, sessionToken, subscription }), 201);
    })
    .delete('/subscriptions', async (c) => {
      const user = requireUser(c);
      const { endpoint } = await parseJson(c, ZPushUnsubscribe);
      return c.json(await unsubscribeDevice(deps, user.id, endpoint));
    })
    .put('/reply', async (c) => {
      const user = requireUser(c);
      const { isReplyPushOn } = await parseJson(c, ZReplyPushChange);
      return c.json(await changeReplyPush(deps.db, user.id, isReplyPushOn));
    })
    .put('/visibility', async (c) => {
      const user = requireUser(c);
      await reportTabVisibility(deps.db, user.id, await parseJson(c, ZTabVisibility));
      return c.body(null, 204);
    });
}
