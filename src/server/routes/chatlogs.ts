// /api/chatlogs: a person's saved chats. Another person's chat log is 404 on every call.
import { Hono } from 'hono';
import { z } from 'zod';
import {
  ZChatLogPage,
  ZChatLogsFilter,
  ZChatLogUuid,
  ZCreateChatLog,
  ZForgetQuery,
  ZRecentChatsQuery,
  ZTotalChatsQuery,
  ZUpdateChatLog,
} from '../../shared/chat.ts';
import type { TDb } from '../db/client.ts';
import { parseJson, parseParams, parseQuery, requireSelf, requireUser, type TAppEnv } from '../lib/http.ts';
import {
  listChatLogsWithPreviews,
  readChatLog,
  recentChats,
  saveNewChatLog,
  totalChats,
  updateChatLog,
} from '../services/chat/chat-logs.ts';
import { deleteChat } from '../services/chat/delete-chat.ts';

const ZUuidParam = z.object({ uuid: ZChatLogUuid });

export function chatLogsRoutes(db: TDb) {
  return new Hono<TAppEnv>()
    .get('/filtered', async (c) => {
      const { userId, characterId } = parseQuery(c, ZChatLogsFilter);
      requireSelf(c, userId);
      return c.json(await listChatLogsWithPreviews(db, { userId, characterId }));
    })
    .get('/user/total', async (c) => {
      const { userId } = parseQuery(c, ZTotalChatsQuery);
      requireSelf(c, userId);
      return c.json(await totalChats(db, userId));
    })
    .get('/recent', async (c) => {
      const user = requireUser(c);
      const { limit } = parseQuery(c, ZRecentChatsQuery);
      c.header('Cache-Control', 'private, no-store');
      return c.json(await recentChats(db, { userId: user.id, limit }));
    })
    .post('/', async (c) => {
      const body = await parseJson(c, ZCreateChatLog);
      requireSelf(c, body.userId);
      return c.json(await saveNewChatLog(db, body), 201);
    })
    .get('/:uuid', async (c) => {
      const user = requireUser(c);
      const { uuid } = parseParams(c, ZUuidParam);
      const page = parseQuery(c, ZChatLogPage);
      return c.json(await readChatLog(db, { userId: user.id, uuid, ...page }));
    })
    .put('/:uuid', async (c) => {
      const user = requireUser(c);
      const { uuid } = parseParams(c, ZUuidParam);
      const change = await parseJson(c, ZUpdateChatLog);
      return c.json(await updateChatLog(db, { userId: user.id, uuid, change }));
    })
    .delete('/:uuid', async (c) => {
      const user = requireUser(c);
      const { uuid } = parseParams(c, ZUuidParam);
      const { forget } = parseQuery(c, ZForgetQuery);
      return c.json(await deleteChat(db, { userId: user.id, uuid, forget: forget === 'true' }));
    });
}
