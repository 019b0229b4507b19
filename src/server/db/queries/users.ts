// SQL for people: users, their sign-in accounts and their database sessions.
import { and, eq, getTableColumns, inArray, isNull, ne, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../client.ts';
import { preparedSql } from '../prepared-sql.ts';
import { accounts, installationOwner, rateLimits, sessions, type TUserRow, users } from '../schema.ts';
import { isPlusSql } from './billing.ts';

/** A user row with isSubscribed: the plan derived from their stored subscription. */
const userWithPlan = { ...getTableColumns(users), isSubscribed: isPlusSql(users.id) };

export type TNewUser = {
  email: string;
  name: string | null;
  image: string | null;
  username: string;
  birthDate?: string | null;
};

/** A new person; the first one ever made on this installation is recorded as its owner. */
export async function insertUser(db: TDb, user: TNewUser): Promise<TUserRow> {
  const [row] = await db.insert(users).values(user).returning();
  await db.insert(installationOwner).values({ id: 1, userId: row!.id }).onConflictDoNothing();
  // A new person has no subscription yet.
  return { ...row!, isSubscribed: false };
}

export async function findUserById(db: TDb, id: number): Promise<TUserRow | undefined> {
  const [row] = await db.select(userWithPlan).from(users).where(eq(users.id, id));
  return row;
}

/**
 * The first account made on this installation (its owner unless ADMIN_EMAILS names others): undefined
 * before any account exists, null once it was deleted (nobody inherits it).
 */
export async function installationOwnerId(db: TDb): Promise<number | null | undefined> {
  const [row] = await db.select({ userId: installationOwner.userId }).from(installationOwner).limit(1);
  return row ? row.userId : undefined;
}

/** How many accounts other than `userId` have one of these emails (the owners ADMIN_EMAILS names). */
export async function countOtherUsersWithEmails(db: TDb, userId: number, emails: readonly string[]) {
  if (emails.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(inArray(sql`lower(${users.email})`, [...emails]), ne(users.id, userId)));
  return Number(row?.n ?? 0);
}

/** Whether any account has one of these emails. */
export async function anyUserWithEmails(db: TDb, emails: readonly string[]): Promise<boolean> {
  if (emails.length === 0) return false;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, [...emails]))
    .limit(1);
  return Boolean(row);
}

export async function findUserByEmail(db: TDb, email: string): Promise<TUserRow | undefined> {
  const [row] = await db.select(userWithPlan).from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function findUserByAccount(
  db: TDb,
  provider: string,
  providerAccountId: string,
): Promise<TUserRow | undefined> {
  const [row] = await db
    .select({ user: userWithPlan })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(accounts.provider, provider), eq(accounts.providerAccountId, providerAccountId)));
  return row?.user;
}

/** Usernames starting with `base`, to pick a free one without a retry loop. */
export async function usernamesLike(db: TDb, base: string): Promise<string[]> {
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`${users.username} like ${`${base.replace(/[\\%_]/g, '\\$&')}%`}`);
  return rows.map((r) => r.username);
}

export async function updateUser(
  db: TDb,
  id: number,
  // The plan is not here: it is derived from the stored subscription.
  patch: Partial<Pick<TUserRow, 'name' | 'username' | 'image' | 'email' | 'emailVerified'>>,
): Promise<TUserRow | undefined> {
  const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning(userWithPlan);
  return row;
}

/** Sets a date of birth that was not given yet; false when one was (nothing changed). */
export async function setBirthDateOnce(db: TDb, id: number, birthDate: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ birthDate })
    .where(and(eq(users.id, id), isNull(users.birthDate)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function insertAccount(db: TDb, account: typeof accounts.$inferInsert) {
  await db.insert(accounts).values(account);
}

export async function insertSession(db: TDb, session: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(session).returning();
  return row!;
}

/** Every signed-in call runs it: built once per database, and a named (server-side) statement on Postgres. */
const prepareSessionWithUser = (db: TDb) =>
  db
    .select({ session: sessions, user: userWithPlan })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sessionToken, sql.placeholder('token')), sql`${sessions.expires} > now()`))
    .prepare('session_with_user');
const sessionWithUser = new WeakMap<TDb, ReturnType<typeof prepareSessionWithUser>>();

export async function findSessionWithUser(db: TDb, sessionToken: string) {
  let prepared = sessionWithUser.get(db);
  if (!prepared) {
    prepared = prepareSessionWithUser(db);
    sessionWithUser.set(db, prepared);
  }
  const [row] = await prepared.execute({ token: sessionToken });
  return row;
}

/** The signed-in person as a session lookup gives them (a suspended person included: the caller decides). */
export type TSessionPerson = {
  id: number;
  email: string;
  name: string | null;
  username: string;
  image: string | null;
  isSubscribed: boolean;
  birthDate: string | null;
  suspendedAt: string | null;
};

/** A limit's row after one attempt was counted (rate-limiter-flexible's shape, see lib/rate-limit.ts). */
export type TCountedLimit = { key: string; points: number; expire: string | null };

/**
 * A reply's session lookup and its two rate limits in one statement: the person of a live session and,
 * only when they may chat (not suspended, date of birth given), one attempt counted on the per-person
 * key (`personPrefix` and their id) and on `addressKey`, as lib/rate-limit.ts' limiter pair counts them.
 */
const sessionCountingReplySql = preparedSql('session_counting_reply', () => {
  const p = sql.placeholder;
  return sql`
    with person as (
      select ${users.id} as id, ${users.email} as email, ${users.name} as name, ${users.username} as username,
        ${users.image} as image, ${isPlusSql(users.id)} as "isSubscribed", ${users.birthDate}::text as "birthDate",
        ${users.suspendedAt}::text as "suspendedAt"
      from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
      where ${sessions.sessionToken} = ${p('token')} and ${sessions.expires} > now()
    ),
    counted as (
      insert into ${rateLimits} (key, points, expire)
      select k.key, 1, k.expire from person
        cross join lateral (values (${p('personPrefix')}::text || person.id::text, ${p('personExpire')}::timestamptz),
          (${p('addressKey')}::text, ${p('addressExpire')}::timestamptz)) k(key, expire)
      where person."suspendedAt" is null and person."birthDate" is not null
      on conflict (key) do update set
        points = case when ${rateLimits.expire} <= ${p('now')}::timestamptz then 1 else ${rateLimits.points} + 1 end,
        expire = case when ${rateLimits.expire} <= ${p('now')}::timestamptz then excluded.expire else ${rateLimits.expire} end
      returning key, points, expire
    )
    select person.*, coalesce((select json_agg(json_build_object('key', c.key, 'points', c.points, 'expire', c.expire))
      from counted c), '[]'::json) as counted
    from person`;
});

export async function findSessionCountingReply(
  db: TDb,
  opts: {
    token: string;
    personPrefix: string;
    personExpire: Date;
    addressKey: string;
    addressExpire: Date;
    now: Date;
  },
): Promise<{ person: TSessionPerson; counted: TCountedLimit[] } | undefined> {
  const result = await sessionCountingReplySql(db, {
    token: opts.token,
    personPrefix: opts.personPrefix,
    personExpire: opts.personExpire.toISOString(),
    addressKey: opts.addressKey,
    addressExpire: opts.addressExpire.toISOString(),
    now: opts.now.toISOString(),
  });
  const row = rowsOf<TSessionPerson & { counted: TCountedLimit[] | string }>(result)[0];
  if (!row) return undefined;
  const { counted, ...person } = row;
  return {
    person: { ...person, id: Number(person.id), isSubscribed: Boolean(person.isSubscribed) },
    counted: typeof counted === 'string' ? (JSON.parse(counted) as TCountedLimit[]) : counted,
  };
}

export async function updateSessionExpiry(db: TDb, sessionToken: string, expires: Date) {
  const [row] = await db
    .update(sessions)
    .set({ expires })
    .where(eq(sessions.sessionToken, sessionToken))
    .returning();
  return row;
}

export async function deleteSession(db: TDb, sessionToken: string) {
  const [row] = await db.delete(sessions).where(eq(sessions.sessionToken, sessionToken)).returning();
  return row;
}
