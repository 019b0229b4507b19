import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ROLE_PLAY_PREFIX, type TPersona } from '../../shared/characters.ts';
import { setUpPerson, setUpTestApp } from '../../test-support/set-up.ts';
import { call, type TTestUser } from '../../test-support/test-app.ts';
import {
  avatarPng,
  base64Json,
  decodeCardChunk,
  v2Card,
  v3Card,
  withTextChunks,
} from '../../test-support/test-cards.ts';
import { insertTestCharacter } from '../../test-support/test-characters.ts';
import { parseCard } from '../character-cards/index.ts';
import { findVisibleCharacter, listOwnCharacters } from '../db/queries/characters.ts';

const t = setUpTestApp();
const me = setUpPerson(t);
const other = setUpPerson(t);

function importCard(bytes: Buffer, name: string, user = me) {
  const form = new FormData();
  form.append('card', new File([new Uint8Array(bytes)], name));
  return call(t, 'POST', '/upload/character-card', { user, body: form });
}

async function exportCard(id: number, query: string, user = me): Promise<Buffer> {
  const res = await call(t, 'GET', `/api/character-cards/${id}?${query}`, { user });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

const ownCount = async (user: TTestUser) =>
  (await listOwnCharacters(t.database.db, user.id, { limit: 500 })).length;
const storedFiles = () => {
  try {
    return readdirSync(path.join(t.config.dataDir, 'media', 'avatars'));
  } catch {
    return [];
  }
};

describe('character card import and export', () => {
  it('V2 PNG card: imported as my character with its picture, exported as V2 JSON and PNG losslessly', async () => {
    const png = withTextChunks(await avatarPng(), [['chara', base64Json(v2Card)]]);
    const res = await importCard(png, 'captain.png');
    expect(res.status).toBe(201);
    const created = (await res.json()) as TPersona & { tags: string[] };
    expect(created.name).toBe('Captain Seraphina V…');
    expect(created.tags).toEqual(['pirate', 'cozy']);
    expect(created.greeting).toBe('*looks up* Ah, {{userName}}. Tea, or trouble?');
    expect(created.avatarUrl).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\.webp$/);
    const row = await findVisibleCharacter(t.database.db, me.id, created.id);
    expect(row!.userId).toBe(me.id);
    expect(row!.description.startsWith(ROLE_PLAY_PREFIX)).toBe(true);
    expect(row!.description).toContain('Personality:\nWarm, sly, fiercely loyal.');
    expect(await findVisibleCharacter(t.database.db, other.id, created.id)).toBeUndefined();

    const original = parseCard({ bytes: png });
    const json = await exportCard(created.id, 'format=json&version=v2');
    expect(JSON.parse(json.toString('utf8')).spec).toBe('chara_card_v2');
    const again = parseCard({ bytes: json });
    expect(again.card).toEqual(original.card);
    expect(again.name).toBe(v2Card.data.name);
    expect(again.card.x_unknown_field).toEqual(v2Card.data.x_unknown_field);
    expect(again.card.extensions).toEqual(v2Card.data.extensions);

    const exportedPng = await exportCard(created.id, 'format=png&version=v2');
    expect((await sharp(exportedPng).metadata()).format).toBe('png');
    expect(parseCard({ bytes: exportedPng }).card).toEqual(original.card);
  });

  it('V3 JSON card: imported, exported as a V3 PNG with ccv3 and a V2 chara chunk, read back the same', async () => {
    const bytes = Buffer.from(JSON.stringify(v3Card));
    const res = await importCard(bytes, 'orrin.json');
    expect(res.status).toBe(201);
    const created = (await res.json()) as TPersona;
    expect(created).toMatchObject({ name: 'Orrin', tagline: 'A lighthouse keeper who talks to the sea.' });
    // Its icon is the PNG's own image (ccdefault:), which a JSON card does not have.
    expect(created.avatarUrl).toBeNull();

    const exported = await exportCard(created.id, 'format=png&version=v3');
    const again = parseCard({ bytes: exported });
    const original = parseCard({ bytes });
    expect(again.card).toEqual(original.card);
    expect(again.card.creation_date).toBe(1_700_000_000);
    expect(again.card.extensions).toEqual(v3Card.data.extensions);
    expect(decodeCardChunk(exported, 'ccv3').spec).toBe('chara_card_v3');
    expect(decodeCardChunk(exported, 'chara').spec).toBe('chara_card_v2');
    const v3json = JSON.parse((await exportCard(created.id, 'format=json&version=v3')).toString('utf8'));
    expect(v3json.data.group_only_greetings).toEqual(['*nods at the group*']);
  });

  it('exports a built-in character and one made in Kindred without the role-play prefix', async () => {
    const png = await exportCard(1, 'format=png');
    expect(await sharp(png).metadata()).toMatchObject({ width: 512, height: 512, format: 'png' });
    const seraphine = parseCard({ bytes: png });
    expect(seraphine.name).toBe('Seraphine Vale');
    expect(seraphine.greeting).toContain('{{userName}}');

    const made = await insertTestCharacter(t.database.db, {
      userId: me.id,
      name: 'Pip',
      tagline: 'A tiny dragon',
      description: `${ROLE_PLAY_PREFIX}You are Pip, a tiny dragon who likes {{userName}}.`,
    });
    const card = JSON.parse((await exportCard(made.id, 'format=json&version=v3')).toString('utf8'));
    expect(card.data).toMatchObject({
      name: 'Pip',
      description: 'You are Pip, a tiny dragon who likes {{user}}.',
    });
  });

  it('refuses malformed and hostile cards with a clear 400, creating and storing nothing', async () => {
    const before = { count: await ownCount(me), files: storedFiles() };
    const plainPng = await avatarPng();
    const nested = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const cases: [Buffer, string][] = [
      [Buffer.from('{"spec":"chara_card_v2","data":'), 'broken.json'],
      [Buffer.from('just some text'), 'card.png'],
      [plainPng, 'no-card.png'],
      [withTextChunks(plainPng, [['chara', 'not base64 json!!']]), 'bad-chunk.png'],
      [Buffer.from(JSON.stringify({ spec: 'chara_card_v2', data: { name: 42 } })), 'wrong-types.json'],
      [Buffer.from(nested), 'deep.json'],
      [Buffer.from(JSON.stringify({ ...v2Card, data: { ...v2Card.data, name: '   ' } })), 'noname.json'],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]), 'card.charx'],
      [await sharp(plainPng).jpeg().toBuffer(), 'photo.jpg'],
    ];
    for (const [bytes, name] of cases) {
      const res = await importCard(bytes, name);
      expect(res.status, name).toBe(400);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code, name).toBe('bad_request');
      expect(body.message.length, name).toBeGreaterThan(5);
    }
    expect(await ownCount(me)).toBe(before.count);
    expect(storedFiles()).toEqual(before.files);
  });

  it('guards both calls: signed out, someone else’s character, bad parameters, no file', async () => {
    const theirs = await insertTestCharacter(t.database.db, {
      userId: other.id,
      name: 'Hidden',
      description: 'secret',
    });
    expect((await call(t, 'GET', '/api/character-cards/1?format=json')).status).toBe(401);
    const hidden = await call(t, 'GET', `/api/character-cards/${theirs.id}?format=json`, { user: me });
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toMatchObject({ code: 'not_found' });
    for (const q of ['format=gif', 'version=v9']) {
      expect((await call(t, 'GET', `/api/character-cards/1?${q}`, { user: me })).status).toBe(400);
    }
    expect((await call(t, 'GET', '/api/character-cards/abc', { user: me })).status).toBe(400);
    const form = new FormData();
    form.append('card', new File([Buffer.from(JSON.stringify(v2Card))], 'c.json'));
    expect((await call(t, 'POST', '/upload/character-card', { body: form })).status).toBe(401);
    const wrongField = new FormData();
    wrongField.append('file', new File([Buffer.from(JSON.stringify(v2Card))], 'c.json'));
    expect((await call(t, 'POST', '/upload/character-card', { user: me, body: wrongField })).status).toBe(
      400,
    );
  });
});
