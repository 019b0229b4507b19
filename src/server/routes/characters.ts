// /api/character-personas: the built-in cast for everyone, a person's own characters for them only.
import { Hono } from 'hono';
import { z } from 'zod';
import {
  NEXT_PAGE_HEADER,
  ZCharacterId,
  ZCreateCharacter,
  ZListQuery,
  ZUpdateCharacter,
} from '../../shared/characters.ts';
import { isMinorOn } from '../../shared/safety.ts';
import { ZUserId } from '../../shared/users.ts';
import type { TDb } from '../db/client.ts';
import {
  parseJson,
  parseParams,
  parseQuery,
  requireSelf,
  requireUser,
  type TAppContext,
  type TAppEnv,
} from '../lib/http.ts';
import { createCharacter } from '../services/characters/create-character.ts';
import { deleteCharacter } from '../services/characters/delete-character.ts';
import { getFeatured } from '../services/characters/featured.ts';
import { getCharacter } from '../services/characters/get-character.ts';
import { characterGreetings } from '../services/characters/greetings.ts';
import {
  listCharacters,
  listOwnedCharacters,
  type TListPage,
} from '../services/characters/list-characters.ts';
import { updateCharacter } from '../services/characters/update-character.ts';
import type { TStorage } from '../storage/index.ts';

const ZUserParam = z.object({ userId: ZUserId });
const ZCharacterParam = z.object({ characterId: ZCharacterId });

/** The spec's list is a plain array; the cursor of the next page travels in a header. */
function pageReply(c: TAppContext, page: TListPage) {
  if (page.nextAfter !== null) c.header(NEXT_PAGE_HEADER, String(page.nextAfter));
  c.header('Cache-Control', 'private, no-store');
  return c.json(page.items);
}

export function charactersRoutes(db: TDb, storage: TStorage) {
  return (
    new Hono<TAppEnv>()
      .get('/', async (c) => {
        const user = requireUser(c);
        const query = parseQuery(c, ZListQuery);
        return pageReply(c, await listCharacters(db, { userId: user.id, ...query }));
      })
      .get('/featured', async (c) => {
        const user = requireUser(c);
        return c.json(await getFeatured(db, user.id));
      })
      .get('/user/:userId', async (c) => {
        const { userId } = parseParams(c, ZUserParam);
        requireSelf(c, userId);
        const query = parseQuery(c, ZListQuery.omit({ q: true }));
        return pageReply(c, await listOwnedCharacters(db, { userId, ...query }));
      })
      .get('/:characterId', async (c) => {
        const user = requireUser(c);
        const { characterId } = parseParams(c, ZCharacterParam);
        return c.json([await getCharacter(db, { userId: user.id, characterId })]);
      })
      // The character's greetings, filled in for the signed-in person.
      .get('/:characterId/greetings', async (c) => {
        const user = requireUser(c);
        const { characterId } = parseParams(c, ZCharacterParam);
        return c.json(await characterGreetings(db, { user, characterId }));
      })
      .post('/', async (c) => {
        const user = requireUser(c);
        const body = await parseJson(c, ZCreateCharacter);
        // The spec's body names the user; the session decides, and naming someone else is refused.
        if (body.userId !== undefined && body.userId !== null) requireSelf(c, body.userId);
        const persona = await createCharacter(db, storage, {
          userId: user.id,
          name: body.name,
          tagline: body.tagline,
          description: body.description,
          avatarUrl: body.avatarUrl,
          voiceId: body.voiceId,
          voiceDescription: body.voiceDescription,
          greeting: body.greeting,
          voiceSettings: body.voiceSettings,
          isAdult: body.isAdult,
          isMinor: isMinorOn(user.birthDate),
        });
        return c.json(persona, 201);
      })
      // Editing and deleting: the person's own characters only (built-in ones 403, others' 404).
      .put('/:characterId', async (c) => {
        const user = requireUser(c);
        const { characterId } = parseParams(c, ZCharacterParam);
        const body = await parseJson(c, ZUpdateCharacter);
        return c.json(
          await updateCharacter(db, storage, {
            userId: user.id,
            characterId,
            ...body,
            isMinor: isMinorOn(user.birthDate),
          }),
        );
      })
      .delete('/:characterId', async (c) => {
        const user = requireUser(c);
        const { characterId } = parseParams(c, ZCharacterParam);
        return c.json(await deleteCharacter(db, storage, { userId: user.id, characterId }));
      })
  );
}
