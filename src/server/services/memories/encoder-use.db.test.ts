// The encoder runs only when its vector will be used: to search memories of the character, or for a
// memory the judge keeps. A person without memories of the character saying something trivial costs
// no embedding at all, and the reply's `embedding` is null.
import { describe, expect, it } from 'vitest';
import type { TReplyResponse } from '../../../shared/chat.ts';
import { setUpEncoderTestApp } from '../../../test-support/set-up.ts';
import { call, createSignedInUser, type TTestUser } from '../../../test-support/test-app.ts';

const SERAPHINE = 1;
const ROOK = 3;

const embedded: string[][] = [];
/** The calls that said nobody waits on them (the embedded encoder runs replies' texts first). */
const inBackground = new Set<string[]>();
const t = setUpEncoderTestApp(
  (real) => ({
    id: real.id,
    embed: (texts, options) => {
      embedded.push(texts);
      if (options?.background) inBackground.add(texts);
      return real.embed(texts, options);
    },
  }),
  { embeddings: true },
);

async function say(user: TTestUser, characterId: number, userInput: string, hist?: string) {
  const res = await call(t, 'POST', '/assistant-reply-openai', {
    user,
    json: { userId: user.id, characterId, userInput, memoryEnabled: true, hist },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as TReplyResponse;
  await t.memory.idle();
  return body;
}

describe('the encoder runs only when its vector is used', () => {
  it('is not called for a person without memories of the character sending a trivial message', async () => {
    const person = await createSignedInUser(t.database);
    const before = embedded.length;
    for (const text of ['hi', 'ok', 'lol', 'how are you?']) {
      const reply = await say(person, SERAPHINE, text);
      expect(reply.embedding).toBeNull();
    }
    expect(embedded.length).toBe(before);
  });

  it('embeds a message the judge keeps, once, and then searches with a vector for that character only', async () => {
    const person = await createSignedInUser(t.database, { name: 'Ada Lovelace' });
    const before = embedded.length;
    const first = await say(person, SERAPHINE, 'My sister Mara is moving to Lisbon in the spring');
    expect(first.embedding).toBeNull();
    // Kept by the judge as a fact: the fact is embedded once to store it, where the database keeps vectors;
    // without pgvector no vector is kept or searched, so the encoder does not run for it.
    const hasVectors = (await t.memory.capabilities()).vector;
    expect(embedded.slice(before)).toEqual(
      hasVectors ? [["Ada's sister Mara is moving to Lisbon in the spring"]] : [],
    );
    // The judge runs after the reply: its vectors are background work.
    for (const texts of embedded.slice(before)) expect(inBackground.has(texts)).toBe(true);

    // Now there is something to search: the next message is embedded and the reply carries its vector.
    const second = await say(person, SERAPHINE, 'where is she going?');
    expect(second.embedding).toHaveLength(512);
    expect(embedded.length).toBeGreaterThan(before + (hasVectors ? 1 : 0));
    // Recall's embedding is what the reply waits on: never background.
    const recall = embedded.find((texts) => texts[0] === 'where is she going?');
    expect(recall && inBackground.has(recall)).toBe(false);

    // Another character has no memories of this person: no encoder there.
    const beforeRook = embedded.length;
    const other = await say(person, ROOK, 'hello Rook');
    expect(other.embedding).toBeNull();
    expect(embedded.length).toBe(beforeRook);
  });

  it('embeds a follow-up alone in its chat: its previous turn’s vector was kept when it was the message', async () => {
    const person = await createSignedInUser(t.database, { name: 'Grace Hopper' });
    await say(person, SERAPHINE, 'I have a job interview at the museum on Wednesday');
    const hasVectors = (await t.memory.capabilities()).vector;
    const first = await say(person, SERAPHINE, 'I bought a new blazer for it');
    const before = embedded.length;
    const next = await say(person, SERAPHINE, 'did I tell you when it is?', first.hist);
    expect(next.embedding).toHaveLength(512);
    // Recall's one call: the message alone (its context is the kept vector of the turn before; without
    // pgvector no context is searched at all).
    expect(embedded.slice(before)[0]).toEqual(['did I tell you when it is?']);
    if (!hasVectors) expect(embedded.length).toBe(before + 1);
  });
});
