// SQL for account recovery: single-use links (stored as hashes), new passwords, verified emails, and
// ending every session of a bundled-provider account.
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { TDb } from '../client.ts';
import { accounts, accountTokens, idpAccounts, idpPayloads, sessions, signInFailures } from '../schema.ts';

export type TTokenPurpose = 'reset' | 'verify';

export async function insertAccountToken(
  db: TDb,
  token: { tokenHash: string; accountId: string; purpose: TTokenPurpose; expiresAt: Date },
) {
  await db.insert(accountTokens).values(token);
}

/** A link's token that is for this purpose, unused and not expired. */
const usableToken = (tokenHash: string, purpose: TTokenPurpose) =>
  and(
    eq(accountTokens.tokenHash, tokenHash),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, new Date()),
  );

/**
 * Uses a link once: marks it used and answers its account, or undefined when it is unknown, used,
 * expired or for another purpose. One statement, so two clicks at once cannot both use it.
 */
export async function redeemAccountToken(
  db: TDb,
  tokenHash: string,
  purpose: TTokenPurpose,
): Promise<string | undefined> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(usableToken(tokenHash, purpose))
    .returning({ accountId: accountTokens.accountId });
  return row?.accountId;
}

/** The account of a link that could still be used (the reset page shows its form only then). */
export async function findLiveAccountToken(db: TDb, tokenHash: string, purpose: TTokenPurpose) {
  const [row] = await db
    .select({ accountId: accountTokens.accountId })
    .from(accountTokens)
    .where(usableToken(tokenHash, purpose));
  return row?.accountId;
}

/** After a reset, the account's other unused links of that purpose stop working too. */
export async function retireAccountTokens(db: TDb, accountId: string, purpose: TTokenPurpose) {
  await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.accountId, accountId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
      ),
    );
}

/**
 * A new password (a reset link also proves the email, so it counts as verified); the failed sign-ins
 * counted against the old one are forgotten.
 */
export async function setIdpPassword(db: TDb, accountId: string, passwordHash: string) {
  await db
    .update(idpAccounts)
    .set({ passwordHash, emailVerifiedAt: sql`coalesce(${idpAccounts.emailVerifiedAt}, now())` })
    .where(eq(idpAccounts.id, accountId));
  await db.delete(signInFailures).where(eq(signInFailures.accountId, accountId));
}

export async function markIdpEmailVerified(db: TDb, accountId: string) {
  await db
    .update(idpAccounts)
    .set({ emailVerifiedAt: sql`coalesce(${idpAccounts.emailVerifiedAt}, now())` })
    .where(eq(idpAccounts.id, accountId));
}

const kindredSessionsOf = (db: TDb, accountId: string) =>
  db
    .select({ userId: accounts.userId })
    .from(accounts)
    .where(and(eq(accounts.providerAccountId, accountId), inArray(accounts.provider, ['kindred', 'google'])));

/**
 * Ends the account's sessions: Kindred's (except `keepToken`, the session that changed the password)
 * and the bundled provider's own, so a stolen session dies with the old password.
 */
export async function endSessionsOfIdpAccount(db: TDb, accountId: string, keepToken?: string) {
  await db
    .delete(sessions)
    .where(
      and(
        inArray(sessions.userId, kindredSessionsOf(db, accountId)),
        keepToken ? ne(sessions.sessionToken, keepToken) : undefined,
      ),
    );
  await db
    .delete(idpPayloads)
    .where(and(eq(idpPayloads.model, 'Session'), sql`${idpPayloads.payload}->>'accountId' = ${accountId}`));
}

/** The bundled-provider account a person signs in with, if any. */
export async function idpAccountOfUser(db: TDb, userId: number) {
  const [row] = await db
    .select({ account: idpAccounts })
    .from(accounts)
    .innerJoin(idpAccounts, eq(idpAccounts.id, accounts.providerAccountId))
    .where(and(eq(accounts.userId, userId), inArray(accounts.provider, ['kindred', 'google'])));
  return row?.account;
}
