// /api/admin: the owner's view of the installation (403 for everyone else).
import { Hono } from 'hono';
import { z } from 'zod';
import { ZSetAdult } from '../../shared/characters.ts';
import { ZResetLinkRequest } from '../../shared/recovery.ts';
import { ZReportAction } from '../../shared/reports.ts';
import { isIdpEnabled } from '../auth/idp/provider.ts';
import { isOwner, requireOwner } from '../auth/owner.ts';
import type { TConfig } from '../config.ts';
import type { TDb } from '../db/client.ts';
import type { TJobRunner } from '../jobs/runner.ts';
import { parseJson, parseParams, requireUser, type TAppEnv } from '../lib/http.ts';
import { adminSummary } from '../services/admin/admin-summary.ts';
import { makeResetLinkFor } from '../services/admin/make-reset-link.ts';
import { safetyReport, safetyReportCsv } from '../services/admin/safety-report.ts';
import { castForOwner, markBuiltInAdult } from '../services/characters/built-in-adult.ts';
import { listReportsForOwner } from '../services/reports/list-reports.ts';
import { moderateReport } from '../services/reports/moderate-report.ts';

/** A report's or a character's id in the path. */
const ZReportParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export function adminRoutes(db: TDb, config: TConfig, jobs?: TJobRunner) {
  return (
    new Hono<TAppEnv>()
      .get('/me', async (c) => {
        const user = requireUser(c);
        return c.json({ isOwner: await isOwner(db, config.adminEmails, user) });
      })
      .get('/summary', async (c) => {
        await requireOwner(c, db, config.adminEmails);
        return c.json(await adminSummary(db, config, jobs));
      })
      .get('/safety-counts', async (c) => {
        await requireOwner(c, db, config.adminEmails);
        return c.json({ months: await safetyReport(db) });
      })
      .get('/safety-counts.csv', async (c) => {
        await requireOwner(c, db, config.adminEmails);
        c.header('Content-Type', 'text/csv; charset=utf-8');
        c.header('Content-Disposition', 'attachment; filename="kindred-safety-counts.csv"');
        c.header('Cache-Control', 'no-store');
        return c.body(safetyReportCsv(await safetyReport(db)));
      })
      .get('/reports', async (c) => {
        await requireOwner(c, db, config.adminEmails);
        c.header('Cache-Control', 'private, no-store');
        return c.json({ reports: await listReportsForOwner(db) });
      })
      .post('/reports/:id/action', async (c) => {
        const owner = await requireOwner(c, db, config.adminEmails);
        const { id } = parseParams(c, ZReportParams);
        const input = await parseJson(c, ZReportAction);
        return c.json(await moderateReport(db, { reportId: id, ownerId: owner.id, input }));
      })
      // The built-in cast's 18+ marks: the installation's owner is these characters' owner (issue 23).
      .get('/characters', async (c) => {
        await requireOwner(c, db, config.adminEmails);
        c.header('Cache-Control', 'private, no-store');
        return c.json(await castForOwner(db));
      })
      .put('/characters/:id/adult', async (c) => {
        await requireOwner(c, db, config.adminEmails);
        const { id } = parseParams(c, ZReportParams);
        const { isAdult } = await parseJson(c, ZSetAdult);
        return c.json(await markBuiltInAdult(db, id, isAdult));
      })
      .post('/reset-link', async (c) => {
        await requireOwner(c, db, config.adminEmails);
        const { email } = await parseJson(c, ZResetLinkRequest);
        const link = await makeResetLinkFor(db, {
          email,
          publicUrl: config.publicUrl,
          isIdpEnabled: isIdpEnabled(config),
        });
        c.get('log').info('the owner made a password reset link');
        return c.json(link, 201);
      })
  );
}
