// Character Card import (a multipart upload, so under /upload) and export (under /api).
import { Hono } from 'hono';
import { z } from 'zod';
import { ZCardExportQuery, ZCharacterId } from '../../shared/characters.ts';
import { isMinorOn } from '../../shared/safety.ts';
import type { TDb } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { parseParams, parseQuery, requireUser, type TAppEnv } from '../lib/http.ts';
import { exportCharacterCard } from '../services/characters/export-card.ts';
import { importCharacterCard } from '../services/characters/import-card.ts';
import type { TStorage } from '../storage/index.ts';
import { formFile } from './upload.ts';

const ZCharacterParam = z.object({ characterId: ZCharacterId });

export function cardsRoutes(db: TDb, storage: TStorage, maxBytes: number) {
  return new Hono<TAppEnv>()
    .post('/upload/character-card', async (c) => {
      const user = requireUser(c);
      const file = await formFile(c, 'card');
      if (file.size > maxBytes) {
        throw new AppError(
          'bad_request',
          `The card file is larger than ${Math.floor(maxBytes / 1024 / 1024)} MiB`,
        );
      }
      const persona = await importCharacterCard(db, storage, {
        userId: user.id,
        bytes: Buffer.from(await file.arrayBuffer()),
        filename: file.name,
        maxAvatarBytes: maxBytes,
        isMinor: isMinorOn(user.birthDate),
      });
      return c.json(persona, 201);
    })
    .get('/api/character-cards/:characterId', async (c) => {
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
