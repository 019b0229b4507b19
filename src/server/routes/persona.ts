// The person's persona (GET/PUT /api/persona) and a character's greetings filled in for them
// (GET /api/character-personas/{id}/greetings).
import { Hono } from 'hono';
import { z } from 'zod';
import { ZCharacterId } from '../../shared/characters.ts';
import { ZPersona } from '../../shared/controls.ts';
import type { TDb } from '../db/client.ts';
import { parseJson, parseParams, requireUser, type TAppEnv } from '../lib/http.ts';
import { characterGreetings } from '../services/characters/greetings.ts';
import { readPersona, writePersona } from '../services/users/persona.ts';

const ZCharacterParam = z.object({ characterId: ZCharacterId });

export function personaRoutes(db: TDb) {
  return new Hono<TAppEnv>()
    .get('/api/persona', async (c) => c.json(await readPersona(db, requireUser(c).id)))
    .put('/api/persona', async (c) => {
      const user = requireUser(c);
      const { persona } = await parseJson(c, ZPersona);
      return c.json(await writePersona(db, user.id, persona));
    })
    .get('/api/character-personas/:characterId/greetings', async (c) => {
      const user = requireUser(c);
      const { characterId } = parseParams(c, ZCharacterParam);
      return c.json(await characterGreetings(db, { user, characterId }));
    });
}
