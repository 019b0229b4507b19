// /api/persona: the user persona, who the person says they are (told to every character).
import { Hono } from 'hono';
import { ZUserPersonaBody } from '../../shared/user-persona.ts';
import type { TDb } from '../db/client.ts';
import { parseJson, requireUser, type TAppEnv } from '../lib/http.ts';
import { readUserPersona, writeUserPersona } from '../services/users/user-persona.ts';

export function userPersonaRoutes(db: TDb) {
  return new Hono<TAppEnv>()
    .get('/', async (c) => c.json(await readUserPersona(db, requireUser(c).id)))
    .put('/', async (c) => {
      const user = requireUser(c);
      const { persona } = await parseJson(c, ZUserPersonaBody);
      return c.json(await writeUserPersona(db, user.id, persona));
    });
}
