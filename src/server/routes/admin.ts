// /api/admin: the owner's view of the installation (403 for everyone else).
import { Hono } from 'hono';
import { isOwner, requireOwner } from '../auth/owner.ts';
import type { TConfig } from '../config.ts';
import type { TDb } from '../db/client.ts';
import type { TJobRunner } from '../jobs/runner.ts';
import { requireUser, type TAppEnv } from '../lib/http.ts';
import { adminSummary } from '../services/admin/admin-summary.ts';

export function adminRoutes(db: TDb, config: TConfig, jobs?: TJobRunner) {
  return new Hono<TAppEnv>()
    .get('/me', async (c) => {
      const user = requireUser(c);
      return c.json({ isOwner: await isOwner(db, config.adminEmails, user) });
    })
    .get('/summary', async (c) => {
      await requireOwner(c, db, config.adminEmails);
      return c.json(await adminSummary(db, config, jobs));
    });
}
