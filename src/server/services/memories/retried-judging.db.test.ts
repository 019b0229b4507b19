// A judgment retried after a crash (pg-boss runs the job again) keeps no fact twice: the facts it already
// kept from that message are found by their source and refreshed, whatever the model answers.
import { describe, expect, it } from 'vitest';
import { judged, SERAPHINE, scriptedJudge, setUpJudgedMemory } from '../../../test-support/scripted-judge.ts';
import { createChatLog } from '../../db/queries/chat-logs.ts';

const suite = setUpJudgedMemory();
const { person, factsOf } = suite;

describe('a retried judgment', () => {
  it('adds none of the facts it kept the first time', async () => {
    const sam = await person('Sam');
    const said = 'My dog Biscuit is afraid of thunder and I walk him at six';
    const chat = await createChatLog(suite.database.db, {
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
      await suite.memory.remember({
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
    const facts = (await factsOf(sam)).sort();
    expect(facts).toEqual([
      'Sam has a dog called Biscuit who is afraid of thunder',
      'Sam walks Biscuit at six',
    ]);
  });
});
