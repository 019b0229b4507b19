// /api/safety: the person's side of companion safety — the one-time notice that characters are AI, and
// which country's crisis lines they are shown; /safety-protocol: the published protocol (no sign-in).
import { Hono } from 'hono';
import { ZCrisisCountry } from '../../shared/reports.ts';
import type { TDb } from '../db/client.ts';
import { aiNoticeSeenAt, findSafetyFacts, markAiNoticeSeen, setCrisisCountry } from '../db/queries/safety.ts';
import { AppError } from '../lib/errors.ts';
import { parseJson, requireUser, type TAppContext, type TAppEnv } from '../lib/http.ts';
import { crisisCardFor } from '../safety/crisis-lines.ts';
import type { TSafety } from '../services/safety/crisis-care.ts';
import { readProtocol } from '../services/safety/protocol.ts';

export function safetyRoutes(db: TDb, safety: TSafety) {
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
    })
    .get('/crisis-lines', async (c) => {
      const user = requireUser(c);
      const facts = await findSafetyFacts(db, user.id);
      c.header('Cache-Control', 'private, no-store');
      return c.json({
        chosenCountry: facts.country,
        card: crisisCardFor(safety.lines, facts),
        countries: Object.keys(safety.lines.countries),
      });
    })
    .put('/country', async (c) => {
      const user = requireUser(c);
      const { country } = await parseJson(c, ZCrisisCountry);
      if (country !== null && !safety.lines.countries[country]) {
        throw new AppError('bad_request', 'There are no crisis lines for that country here');
      }
      await setCrisisCountry(db, user.id, country);
      return c.json({ chosenCountry: country });
    });
}

/** GET /safety-protocol: the published protocol (no sign-in). */
export function safetyProtocolCall(dataDir: string, safety: TSafety) {
  return (c: TAppContext) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(readProtocol(dataDir, safety.lines));
  };
}
