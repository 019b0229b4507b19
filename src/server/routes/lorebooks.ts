// /api/lorebooks: a person's lorebooks and their entries, world info import/export, books attached to a
// chat, and a character's own book. Another person's book or chat is 404; a built-in's book is read-only.
import { Hono } from 'hono';
import { z } from 'zod';
import { ZCharacterId } from '../../shared/characters.ts';
import { ZChatLogUuid } from '../../shared/chat.ts';
import {
  ZLorebookId,
  ZLorebookInput,
  ZLorebookPatch,
  ZLoreEntryId,
  ZLoreEntryInput,
} from '../../shared/lorebooks.ts';
import type { TDb } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { parseJson, parseParams, requireUser, type TAppEnv } from '../lib/http.ts';
import { getCharacterLorebook, startCharacterLorebook } from '../services/lorebooks/character-lorebook.ts';
import { attachToChat, chatLorebookIds, detachFromChat } from '../services/lorebooks/chat-lorebooks.ts';
import { addEntry, deleteEntry, updateEntry } from '../services/lorebooks/manage-entries.ts';
import {
  createLorebook,
  deleteLorebook,
  getLorebook,
  listLorebooks,
  updateLorebook,
} from '../services/lorebooks/manage-lorebooks.ts';
import { exportWorldInfo, importWorldInfo } from '../services/lorebooks/world-info-files.ts';
import { formFile } from './upload.ts';

const ZChatBook = z.object({ uuid: ZChatLogUuid, id: z.coerce.number().int().positive() });
const ZChatParam = z.object({ uuid: ZChatLogUuid });
const ZCharacterParam = z.object({ characterId: ZCharacterId });
const WORLD_INFO_MAX_BYTES = 2 * 1024 * 1024;

export function lorebooksRoutes(db: TDb) {
  return new Hono<TAppEnv>()
    .get('/api/lorebooks', async (c) => c.json(await listLorebooks(db, requireUser(c).id)))
    .post('/api/lorebooks', async (c) => {
      const user = requireUser(c);
      const input = await parseJson(c, ZLorebookInput);
      return c.json(await createLorebook(db, { userId: user.id, input }), 201);
    })
    .get('/api/lorebooks/:id', async (c) => {
      const { id } = parseParams(c, ZLorebookId);
      return c.json(await getLorebook(db, requireUser(c).id, id));
    })
    .patch('/api/lorebooks/:id', async (c) => {
      const user = requireUser(c);
      const { id } = parseParams(c, ZLorebookId);
      const patch = await parseJson(c, ZLorebookPatch);
      return c.json(await updateLorebook(db, { userId: user.id, id, patch }));
    })
    .delete('/api/lorebooks/:id', async (c) => {
      const { id } = parseParams(c, ZLorebookId);
      return c.json(await deleteLorebook(db, requireUser(c).id, id));
    })
    .get('/api/lorebooks/:id/world-info', async (c) => {
      const { id } = parseParams(c, ZLorebookId);
      const file = await exportWorldInfo(db, requireUser(c).id, id);
      const filename = `${file.name.replace(/[^\w.-]+/g, '_').slice(0, 60) || 'lorebook'}.json`;
      return c.body(file.json, 200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'private, no-store',
      });
    })
    .post('/api/lorebooks/:id/entries', async (c) => {
      const user = requireUser(c);
      const { id } = parseParams(c, ZLorebookId);
      const fields = await parseJson(c, ZLoreEntryInput);
      return c.json(await addEntry(db, { userId: user.id, lorebookId: id }, fields), 201);
    })
    .put('/api/lorebooks/:id/entries/:entryId', async (c) => {
      const user = requireUser(c);
      const { id, entryId } = parseParams(c, ZLoreEntryId);
      const fields = await parseJson(c, ZLoreEntryInput);
      return c.json(await updateEntry(db, { userId: user.id, lorebookId: id, entryId }, fields));
    })
    .delete('/api/lorebooks/:id/entries/:entryId', async (c) => {
      const { id, entryId } = parseParams(c, ZLoreEntryId);
      return c.json(await deleteEntry(db, { userId: requireUser(c).id, lorebookId: id, entryId }));
    })
    .post('/upload/lorebook', async (c) => {
      const user = requireUser(c);
      const file = await formFile(c, 'file');
      if (file.size > WORLD_INFO_MAX_BYTES)
        throw new AppError('bad_request', 'The lorebook file is larger than 2 MiB');
      const bytes = Buffer.from(await file.arrayBuffer());
      return c.json(await importWorldInfo(db, { userId: user.id, bytes, filename: file.name }), 201);
    })
    .get('/api/chatlogs/:uuid/lorebooks', async (c) => {
      const { uuid } = parseParams(c, ZChatParam);
      return c.json(await chatLorebookIds(db, requireUser(c).id, uuid));
    })
    .put('/api/chatlogs/:uuid/lorebooks/:id', async (c) => {
      const { uuid, id } = parseParams(c, ZChatBook);
      return c.json(await attachToChat(db, { userId: requireUser(c).id, uuid, lorebookId: id }));
    })
    .delete('/api/chatlogs/:uuid/lorebooks/:id', async (c) => {
      const { uuid, id } = parseParams(c, ZChatBook);
      return c.json(await detachFromChat(db, { userId: requireUser(c).id, uuid, lorebookId: id }));
    })
    .get('/api/character-personas/:characterId/lorebook', async (c) => {
      const { characterId } = parseParams(c, ZCharacterParam);
      return c.json({ lorebook: await getCharacterLorebook(db, requireUser(c).id, characterId) });
    })
    .post('/api/character-personas/:characterId/lorebook', async (c) => {
      const { characterId } = parseParams(c, ZCharacterParam);
      return c.json(await startCharacterLorebook(db, requireUser(c).id, characterId), 201);
    });
}
