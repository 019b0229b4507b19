// Lists the characters a person may see, a page at a time: all of them, or only their own.
import type { TPersonaListItem } from '../../../shared/characters.ts';
import type { TDb } from '../../db/client.ts';
import {
  listOwnCharacters,
  listVisibleCharacters,
  type TCharacterListRow,
} from '../../db/queries/characters.ts';
import { toListItem } from './to-persona.ts';

export type TListPage = { items: TPersonaListItem[]; nextAfter: number | null };
export type TListOptions = { userId: number; q?: string; after?: number; limit: number };

/** Rows were fetched with one more than the limit: that extra row says another page exists. */
function toPage(rows: TCharacterListRow[], limit: number): TListPage {
  const kept = rows.slice(0, limit);
  return { items: kept.map(toListItem), nextAfter: rows.length > limit ? kept[kept.length - 1]!.id : null };
}

/** Built-in and own characters; `q` matches names case-insensitively anywhere in the name. */
export async function listCharacters(db: TDb, opts: TListOptions): Promise<TListPage> {
  const q = opts.q?.trim() || undefined;
  const rows = await listVisibleCharacters(db, opts.userId, { after: opts.after, q, limit: opts.limit + 1 });
  return toPage(rows, opts.limit);
}

export async function listOwnedCharacters(db: TDb, opts: TListOptions): Promise<TListPage> {
  const rows = await listOwnCharacters(db, opts.userId, { after: opts.after, limit: opts.limit + 1 });
  return toPage(rows, opts.limit);
}
