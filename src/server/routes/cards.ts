// Character Card import (a multipart upload, so under /upload) and export (under /api).
import { Hono } from 'hono';
import { z } from 'zod';
import { ZCardExportQuery, ZCharacterId } from '../../shared/characters.ts';
import { isMinorOn } from '../../shared/safety.ts';
import type { TDb } from '../db/client.ts';
import { formFileUpTo, parseParams, parseQuery, requireUser, type TAppEnv } from '../lib/http.ts';
import { exportCharacterCard } from '../services/characters/export-card.ts';
import { importCharacterCard } from '../services/characters/import-card.ts';
import type { TStorage } from '../storage/index.ts';

const ZCharacterParam = z.object({ characterId: ZCharacterId });

/** /upload/character-card: a card file becomes the person's character. */
export function cardImportRoutes(db: TDb, storage: TStorage, maxBytes: number) {
  return new Hono<TAppEnv>().post('/', async (c) => {
    const user = requireUser(c);
    const file = await formFileUpTo(c, 'card', maxBytes, 'card file');
    const persona = await importCharacterCard(db, storage, {
      userId: user.id,
      bytes: Buffer.from(await file.arrayBuffer()),
      filename: file.name,
      maxAvatarBytes: maxBytes,
      isMinor: isMinorOn(user.birthDate),
    });
    return c.json(persona, 201);
  });
}

/** /api/character-cards/{characterId}: a character as a card file. */
export function cardExportRoutes(db: TDb, storage: TStorage) {
  return new Hono<TAppEnv>().get('/:characterId', async (c) => {
    const user = requireUser(c);
    const { characterId } = parseParams(c, ZCharacterParam);
    const { format, version } = parseQuery(c, ZCardExportQuery);
    const file = await exportCharacterCard(db, storage, { userId: user.id, characterId, format, version });
    return c.body(new Uint8Array(file.bytes), 200, {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'private, no-store',
    });
  });
}
