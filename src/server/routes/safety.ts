// /api/safety: the person's side of companion safety — the one-time notice that characters are AI, and
// which country's crisis lines they are shown; /safety-protocol: the published protocol (no sign-in).
import { Hono } from 'hono';
import { ZCrisisCountry } from '../../shared/reports.ts';
import type { TDb } from '../db/client.ts';
import { parseJson, requireUser, type TAppContext, type TAppEnv } from '../lib/http.ts';
import { markAiNoticeRead, readAiNotice } from '../services/safety/ai-notice.ts';
import type { TSafety } from '../services/safety/crisis-care.ts';
import { chooseCrisisCountry, crisisLinesFor } from '../services/safety/crisis-country.ts';
import { readProtocol } from '../services/safety/protocol.ts';

export function safetyRoutes(db: TDb, safety: TSafety) {
  return new Hono<TAppEnv>()
    .get('/ai-notice', async (c) => {
      const user = requireUser(c);
      c.header('Cache-Control', 'private, no-store');
      return c.json(await readAiNotice(db, user.id));
    })
    .post('/ai-notice', async (c) => c.json(await markAiNoticeRead(db, requireUser(c).id)))
    .get('/crisis-lines', async (c) => {
      const user = requireUser(c);
      c.header('Cache-Control', 'private, no-store');
      return c.json(await crisisLinesFor(db, safety.lines, user.id));
    })
    .put('/country', async (c) => {
      const user = requireUser(c);
      const { country } = await parseJson(c, ZCrisisCountry);
      return c.json(await chooseCrisisCountry(db, safety.lines, user.id, country));
    });
}

/** GET /safety-protocol: the published protocol (no sign-in). */
export function safetyProtocolCall(dataDir: string, safety: TSafety) {
  return (c: TAppContext) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(readProtocol(dataDir, safety.lines));
  };
}
