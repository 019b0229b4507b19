// Adult people with a database session, written straight into the app's tables: a bench signs in without the provider.
import { randomBytes } from 'node:crypto';
import type { TDb } from '../../src/server/db/client.ts';
import { sessions, users } from '../../src/server/db/schema.ts';

export type TBenchPerson = { id: number; cookie: string };

/** `count` new people named `<label>-<tag>-<i>`, each with a session cookie valid for `ttlMs`. */
export async function makeSignedInPeople(
  db: TDb,
  opts: { count: number; label: string; ttlMs?: number },
): Promise<TBenchPerson[]> {
  const tag = randomBytes(3).toString('hex');
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: opts.count }, (_, i) => ({
        email: `${opts.label}-${tag}-${i}@example.com`,
        username: `${opts.label.replace(/-/g, '_')}_${tag}_${i}`,
        name: `${opts.label} ${i}`,
        // Adults who have told their date of birth: replies need it (403 birth_date_needed without).
        birthDate: '1990-01-01',
      })),
    )
    .returning({ id: users.id });
  const people = rows.map((p) => ({
    id: p.id,
    cookie: `authjs.session-token=${randomBytes(24).toString('hex')}`,
  }));
  await db.insert(sessions).values(
    people.map((p) => ({
      sessionToken: p.cookie.split('=')[1]!,
      userId: p.id,
      expires: new Date(Date.now() + (opts.ttlMs ?? 3.6e6)),
    })),
  );
  return people;
}
