// SQL for the cleanup job: rows whose time is over (sessions, provider records, limiter rows).
import { lt } from 'drizzle-orm';
import type { TDb } from '../client.ts';
import {
  accountTokens,
  idpPayloads,
  rateLimits,
  sessions,
  signInFailures,
  verificationTokens,
} from '../schema.ts';

export async function deleteExpiredRows(db: TDb, now: Date) {
  const count = async (q: Promise<unknown[]>) => (await q).length;
  return {
    sessions: await count(
      db.delete(sessions).where(lt(sessions.expires, now)).returning({ t: sessions.sessionToken }),
    ),
    providerRecords: await count(
      db.delete(idpPayloads).where(lt(idpPayloads.expiresAt, now)).returning({ id: idpPayloads.id }),
    ),
    verificationTokens: await count(
      db
        .delete(verificationTokens)
        .where(lt(verificationTokens.expires, now))
        .returning({ t: verificationTokens.token }),
    ),
    // Reset and verification links, used or not, once they expire (a used one is refused either way).
    accountTokens: await count(
      db
        .delete(accountTokens)
        .where(lt(accountTokens.expiresAt, now))
        .returning({ t: accountTokens.tokenHash }),
    ),
    rateLimits: await count(
      db.delete(rateLimits).where(lt(rateLimits.expire, now)).returning({ k: rateLimits.key }),
    ),
    // Wrong passwords are remembered for a day after the last one (the back-off forgets them then too).
    signInFailures: await count(
      db
        .delete(signInFailures)
        .where(lt(signInFailures.lastFailedAt, new Date(now.getTime() - 24 * 3600 * 1000)))
        .returning({ a: signInFailures.accountId }),
    ),
  };
}
