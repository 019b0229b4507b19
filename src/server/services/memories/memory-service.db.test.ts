import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../../test-support/set-up.ts';
import { createSignedInUser } from '../../../test-support/test-app.ts';
import { memories } from '../../db/schema.ts';
import type { TEmbedder } from '../../memory/embedder.ts';
import { createUseLiteEmbedder } from '../../memory/use-lite-embedder.ts';
import { createMemoryService, type TMemoryService } from './memory-service.ts';

const SERAPHINE = 1;
const database = setUpTestDatabase();

/** A memory of Seraphine added by hand (no reply, middling importance). */
const storeFor = (memory: TMemoryService, userId: number, content: string) =>
  memory.store({
    userId,
    characterId: SERAPHINE,
    characterName: 'Seraphine Vale',
    content,
    reply: '',
    importance: 0.5,
  });

describe('memory service', () => {
  it('a change of embeddings model re-embeds stored memories (where vectors exist)', async () => {
    const user = await createSignedInUser(database);
    const lite = createUseLiteEmbedder();
    // A stand-in "other model": the same vectors under another id, so only the id tells them apart.
    const other: TEmbedder = { id: 'openai-compatible:other-model', embed: (texts) => lite.embed(texts) };
    const before = createMemoryService({ database, embedder: lite });
    const kept = await storeFor(before, user.id, 'My brother Leo is serving in the navy overseas');
    const after = createMemoryService({ database, embedder: other });
    const hasVector = (await after.capabilities()).vector;
    const done = await after.reembedAll();
    const [row] = await database.db.select().from(memories).where(eq(memories.id, kept.id));
    if (hasVector) {
      expect(done).toBeGreaterThanOrEqual(1);
      expect(row?.embeddingModel).toBe('openai-compatible:other-model');
      expect(await after.reembedAll()).toBe(0);
    } else {
      // Full text alone: nothing to re-embed, and nothing is lost.
      expect(done).toBe(0);
      expect(row?.content).toBe('My brother Leo is serving in the navy overseas');
    }
  });

  it('when the embeddings endpoint fails, memories are still stored and found by full text', async () => {
    const user = await createSignedInUser(database);
    const broken: TEmbedder = {
      id: 'openai-compatible:down',
      embed: async () => {
        throw new Error('connection refused');
      },
    };
    const memory = createMemoryService({ database, embedder: broken });
    const stored = await storeFor(memory, user.id, 'I volunteer at the animal shelter every Sunday');
    const found = await memory.search({
      userId: user.id,
      characterId: null,
      text: 'animal shelter',
      limit: 5,
    });
    expect(found.map((m) => m.id)).toEqual([stored.id]);
  });

  it("recall for a reply: the pinned memories first, then the best of the others, only this person's and character's", async () => {
    const user = await createSignedInUser(database);
    const other = await createSignedInUser(database);
    const memory = createMemoryService({ database, embedder: createUseLiteEmbedder() });
    const store = (userId: number, characterId: number, content: string, pinned = false) =>
      memory.store({ userId, characterId, characterName: 'X', content, reply: '', importance: 0.5, pinned });
    const allergy = await store(user.id, SERAPHINE, 'I am allergic to peanuts', true);
    const job = await store(user.id, SERAPHINE, 'I started a new job at the harbour office', true);
    const dog = await store(user.id, SERAPHINE, 'My dog Biscuit is afraid of thunder storms');
    await store(user.id, SERAPHINE, 'I like my coffee black and strong');
    await store(user.id, 2, 'My dog Biscuit loves the beach');
    await store(other.id, SERAPHINE, 'My dog Biscuit chews shoes');

    const { memories: recalled } = await memory.recallForReply({
      userId: user.id,
      characterId: SERAPHINE,
      message: 'Is Biscuit scared of thunder?',
      recentUserTurns: [],
    });
    expect(recalled.slice(0, 2)).toEqual([
      { id: job.id, content: job.content, reply: '', pinned: true, fact: null },
      { id: allergy.id, content: allergy.content, reply: '', pinned: true, fact: null },
    ]);
    expect(recalled[2]).toEqual({ id: dog.id, content: dog.content, reply: '', pinned: false, fact: null });
    // A pinned memory is never repeated among the others; other people's and characters' never appear.
    expect(recalled.filter((m) => m.content === allergy.content)).toHaveLength(1);
    expect(recalled.map((m) => m.content)).not.toContain('My dog Biscuit loves the beach');
    expect(recalled.map((m) => m.content)).not.toContain('My dog Biscuit chews shoes');
  });

  it('the same thing told again refreshes the one memory (newer words, higher importance, checked in on again); a new thing is added', async () => {
    const user = await createSignedInUser(database);
    const memory = createMemoryService({ database, embedder: createUseLiteEmbedder() });
    const store = (content: string, importance: number, characterId = SERAPHINE) =>
      memory.store({
        userId: user.id,
        characterId,
        characterName: 'X',
        content,
        reply: 'Noted.',
        importance,
      });
    const first = await store('My golden retriever Biscuit turns five next Saturday', 0.8);
    await database.db.update(memories).set({ checkedIn: true }).where(eq(memories.id, first.id));

    const again = await store('my golden retriever Biscuit turns five next Saturday!', 0.4);
    expect(again.id).toBe(first.id);
    expect(again).toMatchObject({
      content: 'my golden retriever Biscuit turns five next Saturday!',
      importance: 0.8,
      checkedIn: false,
    });

    const other = await store('I am learning to play the cello, slowly', 0.5);
    expect(other.id).not.toBe(first.id);
    // Another character's memory is never refreshed by this one.
    const elsewhere = await store('My golden retriever Biscuit turns five next Saturday', 0.5, 2);
    expect(elsewhere.id).not.toBe(first.id);
    const rows = await database.db.select().from(memories).where(eq(memories.userId, user.id));
    expect(rows).toHaveLength(3);
  });
});
