// Exports a character the person may see as a Character Card: V2 or V3, JSON or PNG with the card inside.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { withoutRolePlayPrefix } from '../../../shared/characters.ts';
import { type TCodecBook, writeCardJson, writeCardPng, ZCardV3Data } from '../../character-cards/index.ts';
import type { TDb } from '../../db/client.ts';
import { findVisibleCharacter } from '../../db/queries/characters.ts';
import { findCharacterLorebook, listEntries } from '../../db/queries/lorebooks.ts';
import type { TCharacterRow } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { TStorage } from '../../storage/index.ts';
import { toCodecBook } from '../lorebooks/to-lorebook.ts';
import { AVATAR_SIZE } from './avatar-image.ts';

/** The built-in cast's pictures ship with the web app under /cast. */
const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../../../public');

export type TCardFile = { bytes: Buffer; contentType: string; filename: string };

async function avatarBytes(storage: TStorage, url: string | null): Promise<Buffer | null> {
  if (!url) return null;
  if (storage.owns(url)) return storage.read(url);
  if (/^\/cast\/avatars\/[a-z0-9-]+\.svg$/.test(url)) {
    return readFile(path.join(PUBLIC_DIR, url)).catch(() => null);
  }
  return null;
}

async function avatarPng(storage: TStorage, row: TCharacterRow): Promise<Buffer> {
  const bytes = await avatarBytes(storage, row.avatarUrl);
  if (bytes) {
    try {
      return await sharp(bytes, { density: 300 })
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
        .png()
        .toBuffer();
    } catch {
      // A damaged picture still exports, on the plain background below.
    }
  }
  return sharp({ create: { width: AVATAR_SIZE, height: AVATAR_SIZE, channels: 3, background: '#1f2038' } })
    .png()
    .toBuffer();
}

/** The character's own lorebook as it is now, in the codec's shape. */
async function characterBook(db: TDb, userId: number, characterId: number): Promise<TCodecBook | null> {
  const found = await findCharacterLorebook(db, userId, characterId);
  return found ? toCodecBook(found.book, await listEntries(db, found.book.id)) : null;
}

const fileStem = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase() || 'character';

export async function exportCharacterCard(
  db: TDb,
  storage: TStorage,
  opts: { userId: number; characterId: number; format: 'png' | 'json'; version: 'v2' | 'v3' },
): Promise<TCardFile> {
  const row = await findVisibleCharacter(db, opts.userId, opts.characterId);
  if (!row) throw notFound('Character');
  const stored = ZCardV3Data.safeParse(row.card);
  const character = {
    name: row.name,
    tagline: row.tagline,
    // The card carries the persona, not Kindred's own role-play instructions.
    description: withoutRolePlayPrefix(row.description),
    greeting: row.greeting,
    card: row.card && stored.success ? stored.data : null,
    book: await characterBook(db, opts.userId, row.id),
  };
  const stem = fileStem(row.name);
  if (opts.format === 'json') {
    return {
      bytes: Buffer.from(writeCardJson(character, opts.version), 'utf8'),
      contentType: 'application/json; charset=utf-8',
      filename: `${stem}.${opts.version}.json`,
    };
  }
  return {
    bytes: await writeCardPng(character, await avatarPng(storage, row)),
    contentType: 'image/png',
    filename: `${stem}.png`,
  };
}
