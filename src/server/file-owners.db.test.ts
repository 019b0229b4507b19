import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpFliteEngine, setUpPerson, setUpReplyTestApp, uploadAvatar } from '../test-support/set-up.ts';
import { call, createSignedInUser, type TTestUser } from '../test-support/test-app.ts';
import { rowsOf } from './db/client.ts';
import { voiceClips } from './db/schema.ts';
import { runCleanup } from './jobs/cleanup.ts';
import { createLogger } from './lib/logger.ts';
import type { TAccountExport } from './services/account/export-data.ts';
import { createStorage } from './storage/index.ts';

// Issue 19, findings 1 and 4: files belong to their owners, and go with them (and only with them).
const SERAPHINE = 1;
const t = setUpReplyTestApp({}, { voice: setUpFliteEngine() });
// The installation's owner, so the people below can leave without confirming an ownerless install.
setUpPerson(t);

const status = async (url: string) => (await t.app.request(url)).status;

async function saveChat(user: TTestUser, assistant: { content: string; audioUrl?: string | null }[]) {
  const res = await call(t, 'POST', '/api/chatlogs', {
    user,
    json: {
      userId: user.id,
      characterId: SERAPHINE,
      conversation: [
        { role: 'user', content: 'Hello' },
        ...assistant.map((a) => ({ role: 'assistant', ...a })),
      ],
    },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { uuid: string }).uuid;
}

async function speak(user: TTestUser, text: string, at?: { hist: string; position: number }) {
  const res = await call(t, 'POST', '/api/voice/speak', {
    user,
    json: { characterId: SERAPHINE, text, ...at },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { audioUrl: string }).audioUrl;
}

async function audioOf(user: TTestUser, uuid: string): Promise<(string | null)[]> {
  const log = await (await call(t, 'GET', `/api/chatlogs/${uuid}`, { user })).json();
  return (log.conversation as { role: string; audioUrl: string | null }[])
    .filter((m) => m.role === 'assistant')
    .map((m) => m.audioUrl);
}

async function deleteAccount(user: TTestUser) {
  const res = await call(t, 'DELETE', '/api/account', { user, json: { confirm: user.username } });
  expect(res.status).toBe(200);
  return (await res.json()) as { deleted: boolean; filesRemoved: number };
}

describe("finding 1: nobody can delete another person's files", () => {
  it("a saved chat keeps a browser-sent audioUrl only when it is the person's own speech", async () => {
    const victim = await createSignedInUser(t.database);
    const attacker = await createSignedInUser(t.database);
    const avatar = await uploadAvatar(t, victim);
    const victims = await speak(victim, 'Only the victim said this aloud.');
    const mine = await speak(attacker, 'The attacker says this.');
    const uuid = await saveChat(attacker, [
      { content: 'a', audioUrl: victims },
      { content: 'b', audioUrl: avatar },
      { content: 'c', audioUrl: '/media/audio/madeup.mp3' },
      { content: 'd', audioUrl: mine },
    ]);
    expect(await audioOf(attacker, uuid)).toEqual([null, null, null, mine]);
    // Replacing the conversation (PUT) follows the same rule.
    const put = await call(t, 'PUT', `/api/chatlogs/${uuid}`, {
      user: attacker,
      json: { conversation: [{ role: 'assistant', content: 'x', audioUrl: victims }] },
    });
    expect(put.status).toBe(200);
    expect(await audioOf(attacker, uuid)).toEqual([null]);
  });

  it("speaking the same words, naming the victim's files and leaving removes none of them", async () => {
    const victim = await createSignedInUser(t.database);
    const attacker = await createSignedInUser(t.database);
    const avatar = await uploadAvatar(t, victim);
    const character = await call(t, 'POST', '/api/character-personas', {
      user: victim,
      json: { name: 'Kept', tagline: 't', description: 'd', avatarUrl: avatar },
    });
    expect(character.status).toBe(201);
    // The victim's reply, spoken and kept with their message; and words they only listened to.
    const victimChat = await saveChat(victim, [{ content: 'Welcome home, dear friend.' }]);
    const kept = await speak(victim, 'Welcome home, dear friend.', { hist: victimChat, position: 1 });
    const heard = await speak(victim, 'Words the victim only heard.');
    expect(await audioOf(victim, victimChat)).toEqual([kept]);
    // The attacker speaks the same words (the same shared file), names every file and leaves.
    expect(await speak(attacker, 'Welcome home, dear friend.')).toBe(kept);
    expect(await speak(attacker, 'Words the victim only heard.')).toBe(heard);
    await saveChat(attacker, [
      { content: 'a', audioUrl: kept },
      { content: 'b', audioUrl: heard },
      { content: 'c', audioUrl: avatar },
    ]);
    await deleteAccount(attacker);
    for (const url of [kept, heard, avatar]) expect(await status(url)).toBe(200);
    // The shared speech's record still names its file, so it keeps working for everyone.
    const [row] = await t.database.db.select().from(voiceClips).where(eq(voiceClips.url, kept));
    expect(row).toBeDefined();
    expect(await speak(victim, 'Welcome home, dear friend.')).toBe(kept);
    expect(await status(kept)).toBe(200);
  });

  it('two people play the same greeting, one leaves: the other still hears it', async () => {
    const first = await createSignedInUser(t.database);
    const second = await createSignedInUser(t.database);
    const greeting = 'Greetings, wanderer of the quiet roads.';
    const a = await speak(first, greeting, {
      hist: await saveChat(first, [{ content: greeting }]),
      position: 1,
    });
    const b = await speak(second, greeting, {
      hist: await saveChat(second, [{ content: greeting }]),
      position: 1,
    });
    expect(b).toBe(a);
    await deleteAccount(first);
    expect(await status(a)).toBe(200);
  });
});

describe("finding 4: a deleted person's audio goes with them, and the export lists it", () => {
  it('sentence clips, whole-reply audio, speech on demand, voice samples and avatars answer 404 after deletion', async () => {
    const person = await createSignedInUser(t.database);
    const avatar = await uploadAvatar(t, person);
    // A spoken reply, streamed: a clip per sentence and the whole reply on the message.
    const res = await call(t, 'POST', '/assistant-reply-openai', {
      user: person,
      json: {
        userId: person.id,
        characterId: SERAPHINE,
        isPlayingAudio: true,
        userInput: `A question only ${person.username} asks. And a second sentence`,
      },
      headers: { accept: 'text/event-stream' },
    });
    const blocks = (await res.text()).split('\n\n').filter((b) => b.trim() !== '');
    const data = (b: string) => JSON.parse(/^data: (.*)$/m.exec(b)![1]!);
    const sentences = blocks.filter((b) => b.startsWith('event: audio')).map((b) => data(b).url as string);
    const done = data(blocks.find((b) => b.startsWith('event: done'))!);
    expect(sentences.length).toBeGreaterThan(1);
    expect(done.audioUrl).toMatch(/^\/media\/audio\//);
    const onDemand = await speak(person, `Spoken on demand for ${person.username}.`);
    const sample = await call(t, 'POST', '/api/voice/create', {
      user: person,
      json: { text: `A sample for ${person.username}.`, voice_description: 'warm' },
    });
    expect(sample.status).toBe(200);

    const exported = (await (
      await call(t, 'GET', '/api/account/export', { user: person })
    ).json()) as TAccountExport;
    const audio = (exported.parts.audio as { url: string; contentType: string }[]).map((a) => a.url);
    expect(audio).toEqual(expect.arrayContaining([...sentences, done.audioUrl, onDemand]));
    // The sample is the one more file of theirs.
    expect(new Set(audio).size).toBe(new Set([...sentences, done.audioUrl, onDemand]).size + 1);
    expect(JSON.stringify(exported.parts.audio)).toContain('audio/mpeg');

    const all = [...audio, avatar];
    for (const url of all) expect(await status(url)).toBe(200);
    const { filesRemoved } = await deleteAccount(person);
    expect(filesRemoved).toBe(all.length);
    for (const url of all) expect(await status(url)).toBe(404);
    const left = await t.database.db.select().from(voiceClips);
    expect(left.filter((r) => audio.includes(r.url))).toEqual([]);
  });
});

describe('finding 3: stored speech nothing refers to is cleaned up after a day', () => {
  it('the cleanup job removes unused speech a day old; speech on a message or used lately stays', async () => {
    const person = await createSignedInUser(t.database);
    const db = t.database.db;
    const unused = await speak(person, 'Nobody keeps this speech.');
    const fresh = await speak(person, 'Made a moment ago.');
    const chat = await saveChat(person, [{ content: 'Kept on a message.' }]);
    const onMessage = await speak(person, 'Kept on a message.', { hist: chat, position: 1 });
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    for (const url of [unused, onMessage])
      await db.update(voiceClips).set({ usedAt: twoDaysAgo }).where(eq(voiceClips.url, url));
    const removed = await runCleanup({ db, log: createLogger('silent') }, createStorage(t.config));
    expect(removed.speech).toBeGreaterThanOrEqual(1);
    expect(await status(unused)).toBe(404);
    expect(await status(fresh)).toBe(200);
    expect(await status(onMessage)).toBe(200);
    // Asked for again, it is made anew under the same name.
    expect(await speak(person, 'Nobody keeps this speech.')).toBe(unused);
    expect(await status(unused)).toBe(200);
  });

  it('speech asked for again while the job removes it keeps its file (recorded anew in between)', async () => {
    const person = await createSignedInUser(t.database);
    const db = t.database.db;
    const url = await speak(person, 'Asked for again at the wrong moment.');
    await db
      .update(voiceClips)
      .set({ usedAt: new Date(Date.now() - 2 * 24 * 3600 * 1000) })
      .where(eq(voiceClips.url, url));
    const [row] = await db.select().from(voiceClips).where(eq(voiceClips.url, url));
    // The job's delete of the records is its only raw statement: right after it, the same words are
    // made again by someone (their record written anew) before the job removes the files.
    const racing = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop !== 'execute') return Reflect.get(target, prop, receiver);
        return async (query: Parameters<typeof db.execute>[0]) => {
          const result = await target.execute(query);
          if (rowsOf<{ url: string }>(result).some((r) => r.url === url)) {
            await target.insert(voiceClips).values({ ...row!, usedAt: new Date() });
          }
          return result;
        };
      },
    });
    await runCleanup({ db: racing, log: createLogger('silent') }, createStorage(t.config));
    expect(await db.select().from(voiceClips).where(eq(voiceClips.url, url))).toHaveLength(1);
    expect(await status(url)).toBe(200);
  });
});
