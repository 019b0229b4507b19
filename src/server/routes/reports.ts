// /api/reports: 'Report' on a reply or on a character someone else made (limited per person).
import { Hono } from 'hono';
import { ZNewReport } from '../../shared/reports.ts';
import type { TDb } from '../db/client.ts';
import { parseJson, requireUser, type TAppEnv } from '../lib/http.ts';
import { createLimiter } from '../lib/rate-limit.ts';
import { submitReport } from '../services/reports/submit-report.ts';

/** Reports one person may send an hour. */
export const REPORTS_PER_HOUR = 20;

export function reportsRoutes(db: TDb) {
  const limit = createLimiter(db, {
    name: 'reports',
    points: REPORTS_PER_HOUR,
    durationSec: 3600,
    what: 'reports',
  });
  return new Hono<TAppEnv>().post('/', async (c) => {
    const user = requireUser(c);
    const input = await parseJson(c, ZNewReport);
    await limit.consume(user.id);
    return c.json(await submitReport(db, user.id, input), 201);
  });
}
