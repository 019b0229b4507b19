// /api/settings: the signed-in person's chat switches (GET: chosen or default; PUT: choose some).
import { Hono } from 'hono';
import { ZChatSettingsChange } from '../../shared/settings.ts';
import type { TDb } from '../db/client.ts';
import { parseJson, requireUser, type TAppEnv } from '../lib/http.ts';
import { changeChatSettings, readChatSettings } from '../services/settings/chat-settings.ts';

export function settingsRoutes(db: TDb) {
  return new Hono<TAppEnv>()
    .get('/', async (c) => {
      const user = requireUser(c);
      c.header('Cache-Control', 'private, no-store');
      return c.json(await readChatSettings(db, user.id));
    })
    .put('/', async (c) => {
      const user = requireUser(c);
      const change = await parseJson(c, ZChatSettingsChange);
      return c.json(await changeChatSettings(db, user.id, change));
    });
}
