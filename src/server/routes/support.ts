// Priority support: a person sends a message; the owner reads the inbox (Plus messages first).
import { Hono } from 'hono';
import { z } from 'zod';
import { type TSupportMessage, ZSupportRequest } from '../../shared/billing.ts';
import { requireOwner } from '../auth/owner.ts';
import type { TPlanTable } from '../billing/plans.ts';
import type { TDb } from '../db/client.ts';
import { parseJson, parseQuery, requireUser, type TAppEnv } from '../lib/http.ts';
import { readSupportInbox } from '../services/support/read-support-inbox.ts';
import { sendSupportMessage } from '../services/support/send-support-message.ts';

const ZInboxQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });

/** /api/support: a person writes to support. */
export function supportRoutes(db: TDb, plans: TPlanTable) {
  return new Hono<TAppEnv>().post('/', async (c) => {
    const user = requireUser(c);
    const { message } = await parseJson(c, ZSupportRequest);
    return c.json(await sendSupportMessage(db, plans, { user, message }), 201);
  });
}

/** /api/admin/support: the owner's inbox. */
export function supportInboxRoutes(db: TDb, adminEmails: readonly string[]) {
  return new Hono<TAppEnv>().get('/', async (c) => {
    await requireOwner(c, db, adminEmails);
    const { limit } = parseQuery(c, ZInboxQuery);
    const messages: TSupportMessage[] = await readSupportInbox(db, { limit });
    return c.json({ messages });
  });
}
