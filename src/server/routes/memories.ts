// /api/memories and POST /assistant-memories-search: a person's memories. Another person's memory is 404.
import { Hono } from 'hono';
import {
  ZEditMemory,
  ZMemoriesQuery,
  ZMemoryId,
  ZMemorySearch,
  ZNewMemory,
  ZPinMemory,
  ZReplyMemoriesQuery,
  ZTimeZone,
  ZUserQuery,
} from '../../shared/memories.ts';
import type { TDb } from '../db/client.ts';
import { parseJson, parseParams, parseQuery, requireSelf, requireUser, type TAppEnv } from '../lib/http.ts';
import { addMemory } from '../services/memories/add-memory.ts';
import { editMemory } from '../services/memories/edit-memory.ts';
import { checkInsOf } from '../services/memories/list-check-ins.ts';
import { memoriesOfCharacter } from '../services/memories/list-memories.ts';
import type { TMemoryService } from '../services/memories/memory-service.ts';
import { mostDiscussedTopics } from '../services/memories/most-discussed-topics.ts';
import { pinMemory } from '../services/memories/pin-memory.ts';
import { recentMemories } from '../services/memories/recent-memories.ts';
import { removeMemory } from '../services/memories/remove-memory.ts';
import { memoriesOfReplyFor } from '../services/memories/reply-memories.ts';
import { searchMemoriesFor } from '../services/memories/search-memories.ts';
import { setTimeZone } from '../services/memories/set-time-zone.ts';
import { totalMemories } from '../services/memories/total-memories.ts';

export function memoriesRoutes(db: TDb, memory: TMemoryService) {
  return new Hono<TAppEnv>()
    .get('/getmemories', async (c) => {
      const { userId, characterId } = parseQuery(c, ZMemoriesQuery);
      requireSelf(c, userId);
      return c.json(await memoriesOfCharacter(db, userId, characterId));
    })
    .get('/last3', async (c) => {
      const { userId } = parseQuery(c, ZUserQuery);
      requireSelf(c, userId);
      return c.json(await recentMemories(db, userId));
    })
    .get('/total', async (c) => {
      const { userId } = parseQuery(c, ZUserQuery);
      requireSelf(c, userId);
      return c.json(await totalMemories(db, userId));
    })
    .get('/top-topics', async (c) => {
      const { userId } = parseQuery(c, ZUserQuery);
      requireSelf(c, userId);
      return c.json(await mostDiscussedTopics(db, userId));
    })
    .get('/reply', async (c) => {
      const user = requireUser(c);
      const { hist, position } = parseQuery(c, ZReplyMemoriesQuery);
      return c.json(await memoriesOfReplyFor(db, { userId: user.id, uuid: hist, position }));
    })
    .get('/check-ins', async (c) => {
      const user = requireUser(c);
      return c.json(await checkInsOf(db, user.id));
    })
    .post('/', async (c) => {
      const user = requireUser(c);
      const body = await parseJson(c, ZNewMemory);
      return c.json(await addMemory(db, memory, { userId: user.id, ...body }), 201);
    })
    .put('/time-zone', async (c) => {
      const user = requireUser(c);
      const { timeZone } = await parseJson(c, ZTimeZone);
      return c.json(await setTimeZone(db, user.id, timeZone));
    })
    .put('/:id/pin', async (c) => {
      const user = requireUser(c);
      const { id } = parseParams(c, ZMemoryId);
      const { pinned } = await parseJson(c, ZPinMemory);
      return c.json(await pinMemory(db, { userId: user.id, id, pinned }));
    })
    .patch('/:id', async (c) => {
      const user = requireUser(c);
      const { id } = parseParams(c, ZMemoryId);
      const { text } = await parseJson(c, ZEditMemory);
      return c.json(await editMemory(db, memory, { userId: user.id, id, text }));
    })
    .delete('/:id', async (c) => {
      const user = requireUser(c);
      const { id } = parseParams(c, ZMemoryId);
      return c.json(await removeMemory(db, user.id, id));
    });
}

/** /assistant-memories-search (the spec's call). */
export function memorySearchRoutes(memory: TMemoryService, db: TDb) {
  return new Hono<TAppEnv>().post('/', async (c) => {
    const body = await parseJson(c, ZMemorySearch);
    const user = body.userId === undefined ? requireUser(c) : requireSelf(c, body.userId);
    return c.json(
      await searchMemoriesFor(memory, db, {
        userId: user.id,
        characterId: body.characterId ?? null,
        query: body.query,
      }),
    );
  });
}
