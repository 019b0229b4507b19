// A judgment retried after a crash (pg-boss runs the job again) keeps no fact twice: the facts it already
// kept from that message are found by their source and refreshed, whatever the model answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BAG_OF_WORDS,
  judged,
  personNamed,
  SERAPHINE,
  scriptedJudge,
} from '../../../test-support/scripted-judge.ts';
import { openTestDatabase } from '../../../test-support/test-db.ts';
import type { TDatabase } from '../../db/client.ts';
import { createChatLog } from '../../db/queries/chat-logs.ts';
import { memoriesOfCharacter } from './list-memories.ts';
import { createMemoryService, type TMemoryService } from './memory-service.ts';

let database: TDatabase;
let memory: TMemoryService;
beforeAll(async () => {
  database = await openTestDatabase();
  memory = createMemoryService({ database, embedder: BAG_OF_WORDS });
});
afterAll(() => database.close());

describe('a retried judgment', () => {
  it('adds none of the facts it kept the first time', async () => {
    const sam = await personNamed(database, 'Sam');
    const said = 'My dog Biscuit is afraid of thunder and I walk him at six';
    const chat = await createChatLog(database.db, {
      userId: sam,
      characterId: SERAPHINE,
      source: 'text',
      messages: [
        { role: 'user', content: said },
        { role: 'assistant', content: 'Poor Biscuit!' },
      ],
    });
    const verdict = () =>
      judged(
        { fact: 'Sam has a dog called Biscuit who is afraid of thunder', kind: 'pet' },
        { fact: 'Sam walks Biscuit at six', kind: 'pet' },
      );
    const judgeOnce = async (answers: unknown[]) => {
      const s = scriptedJudge(answers);
      await memory.remember({
        userId: sam,
        characterId: SERAPHINE,
        characterName: 'Seraphine Vale',
        chatLogUuid: chat.uuid,
        messagePosition: 0,
        message: said,
        reply: 'Poor Biscuit!',
        model: s.model,
      });
      return s;
    };
    await judgeOnce([verdict()]);
    // The retry: the same exchange judged again; a model that would call each fact new is never asked.
    const retry = await judgeOnce([
      verdict(),
      { action: 'add', target: 0, fact: null },
      { action: 'add', target: 0, fact: null },
    ]);
    expect(retry.calls).toHaveLength(1);
    const facts = (await memoriesOfCharacter(database.db, sam, SERAPHINE)).map((m) => m.fact).sort();
    expect(facts).toEqual([
      'Sam has a dog called Biscuit who is afraid of thunder',
      'Sam walks Biscuit at six',
    ]);
  });
});
