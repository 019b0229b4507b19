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
import { formFileUpTo, parseJson, parseParams, requireUser, type TAppEnv } from '../lib/http.ts';
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

const ZChatBook = z.object({ uuid: ZChatLogUuid, id: z.coerce.number().int().positive() });
const ZChatParam = z.object({ uuid: ZChatLogUuid });
const ZCharacterParam = z.object({ characterId: ZCharacterId });
const WORLD_INFO_MAX_BYTES = 2 * 1024 * 1024;

/** /api/lorebooks: a person's books and their entries. */
export function lorebooksRoutes(db: TDb) {
  return new Hono<TAppEnv>()
    .get('/', async (c) => c.json(await listLorebooks(db, requireUser(c).id)))
    .post('/', async (c) => {
      const user = requireUser(c);
      const input = await parseJson(c, ZLorebookInput);
      return c.json(await createLorebook(db, { userId: user.id, input }), 201);
    })
    .get('/:id', async (c) => {
      const { id } = parseParams(c, ZLorebookId);
      return c.json(await getLorebook(db, requireUser(c).id, id));
    })
    .patch('/:id', async (c) => {
      const user = requireUser(c);
      const { id } = parseParams(c, ZLorebookId);
      const patch = await parseJson(c, ZLorebookPatch);
      return c.json(await updateLorebook(db, { userId: user.id, id, patch }));
    })
    .delete('/:id', async (c) => {
      const { id } = parseParams(c, ZLorebookId);
      return c.json(await deleteLorebook(db, requireUser(c).id, id));
    })
    .get('/:id/world-info', async (c) => {
      const { id } = parseParams(c, ZLorebookId);
      const file = await exportWorldInfo(db, requireUser(c).id, id);
      const filename = `${file.name.replace(/[^\w.-]+/g, '_').slice(0, 60) || 'lorebook'}.json`;
      return c.body(file.json, 200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'private, no-store',
      });
    })
    .post('/:id/entries', async (c) => {
      const user = requireUser(c);
      const { id } = parseParams(c, ZLorebookId);
      const fields = await parseJson(c, ZLoreEntryInput);
      return c.json(await addEntry(db, { userId: user.id, lorebookId: id }, fields), 201);
    })
    .put('/:id/entries/:entryId', async (c) => {
      const user = requireUser(c);
      const { id, entryId } = parseParams(c, ZLoreEntryId);
      const fields = await parseJson(c, ZLoreEntryInput);
      return c.json(await updateEntry(db, { userId: user.id, lorebookId: id, entryId }, fields));
    })
    .delete('/:id/entries/:entryId', async (c) => {
      const { id, entryId } = parseParams(c, ZLoreEntryId);
      return c.json(await deleteEntry(db, { userId: requireUser(c).id, lorebookId: id, entryId }));
    });
}

/** /upload/lorebook: a world info file becomes the person's lorebook. */
export function lorebookImportRoutes(db: TDb) {
  return new Hono<TAppEnv>().post('/', async (c) => {
    const user = requireUser(c);
    const file = await formFileUpTo(c, 'file', WORLD_INFO_MAX_BYTES, 'lorebook file');
    const bytes = Buffer.from(await file.arrayBuffer());
    return c.json(await importWorldInfo(db, { userId: user.id, bytes, filename: file.name }), 201);
  });
}

/** /api/chatlogs/{uuid}/lorebooks: the books attached to a chat. */
export function chatLorebooksRoutes(db: TDb) {
  return new Hono<TAppEnv>()
    .get('/', async (c) => {
      const { uuid } = parseParams(c, ZChatParam);
      return c.json(await chatLorebookIds(db, requireUser(c).id, uuid));
    })
    .put('/:id', async (c) => {
      const { uuid, id } = parseParams(c, ZChatBook);
      return c.json(await attachToChat(db, { userId: requireUser(c).id, uuid, lorebookId: id }));
    })
    .delete('/:id', async (c) => {
      const { uuid, id } = parseParams(c, ZChatBook);
      return c.json(await detachFromChat(db, { userId: requireUser(c).id, uuid, lorebookId: id }));
    });
}

/** /api/character-personas/{characterId}/lorebook: a character's own book. */
export function characterLorebookRoutes(db: TDb) {
  return new Hono<TAppEnv>()
    .get('/', async (c) => {
      const { characterId } = parseParams(c, ZCharacterParam);
      return c.json({ lorebook: await getCharacterLorebook(db, requireUser(c).id, characterId) });
    })
    .post('/', async (c) => {
      const { characterId } = parseParams(c, ZCharacterParam);
      return c.json(await startCharacterLorebook(db, requireUser(c).id, characterId), 201);
    });
}
