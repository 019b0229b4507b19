// Chooses a unique, readable username for a new or renamed person.
import type { TDb } from '../../db/client.ts';
import { usernamesLike } from '../../db/queries/users.ts';

/** 'Ada Lovelace' -> 'ada_lovelace'; falls back to 'user' when nothing readable is left. */
export function usernameBase(source: string): string {
  const base = source
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/@.*$/, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 24);
  return base.length >= 2 ? base : 'user';
}

export async function pickUsername(db: TDb, source: string, currentUsername?: string): Promise<string> {
  const base = usernameBase(source);
  const taken = new Set(await usernamesLike(db, base));
  if (currentUsername) taken.delete(currentUsername);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
