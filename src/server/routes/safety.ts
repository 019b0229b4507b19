// /api/safety: the person's side of companion safety — the one-time notice that characters are AI.
import { Hono } from 'hono';
import type { TDb } from '../db/client.ts';
import { aiNoticeSeenAt, markAiNoticeSeen } from '../db/queries/safety.ts';
import { requireUser, type TAppEnv } from '../lib/http.ts';

export function safetyRoutes(db: TDb) {
  return new Hono<TAppEnv>()
    .get('/ai-notice', async (c) => {
      const user = requireUser(c);
      c.header('Cache-Control', 'private, no-store');
      const at = await aiNoticeSeenAt(db, user.id);
      return c.json({ hasSeen: at !== null, seenAt: at?.toISOString() ?? null });
    })
    .post('/ai-notice', async (c) => {
      const user = requireUser(c);
      const at = await markAiNoticeSeen(db, user.id);
      return c.json({ hasSeen: true, seenAt: at.toISOString() });
    });
}
