// The conversation quality set: eight people, each in a multi-session chat of 168 exchanges with their
// companion over months (names, places, dates, pets, jobs, plans, preferences, changes of mind, and a lot of
// everyday talk), and 38 questions each about what they said, with the evidence turns marked. Built from a
// fixed seed, so it is the same everywhere. Split by person: four for choosing parameters (dev), four for
// the reported numbers (test).
import { factsOf, type TQuestionType } from './facts.ts';
import { fillerTurns, replyFor } from './filler.ts';
import { PEOPLE } from './people.ts';
import { seededRng } from './rng.ts';

export type { TQuestionType } from './facts.ts';
export type TTurn = { text: string; reply: string; session: number; at: Date };
export type TQuestion = { text: string; type: TQuestionType; evidence: number[] };
export type TConversation = { person: string; split: 'dev' | 'test'; turns: TTurn[]; questions: TQuestion[] };

export const SESSIONS = 8;
export const TURNS_PER_SESSION = 21;
const DAY = 86_400_000;

function buildConversation(index: number): TConversation {
  const person = PEOPLE[index];
  if (!person) throw new Error(`no person ${index}`);
  const rng = seededRng(1000 + index);
  const { turns: facts, questions } = factsOf(person, rng);
  const filler = fillerTurns(rng, SESSIONS * TURNS_PER_SESSION - facts.length);
  const turns: TTurn[] = [];
  const keyAt = new Map<string, number>();
  let sessionStart = Date.UTC(2026, 0, 5 + 3 * index, 19, 0);
  for (let s = 0; s < SESSIONS; s++) {
    const mine = facts.filter((f) => f.session === s);
    const slots = TURNS_PER_SESSION - mine.length;
    const lines: { text: string; key?: string }[] = filler.splice(0, slots).map((text) => ({ text }));
    // Facts come up in the middle of the chat, never as its first words.
    for (const f of mine) lines.splice(1 + rng.int(lines.length), 0, { text: f.text, key: f.key });
    for (const [i, line] of lines.entries()) {
      if (line.key) keyAt.set(line.key, turns.length);
      turns.push({
        text: line.text,
        reply: replyFor(rng),
        session: s,
        at: new Date(sessionStart + i * 150_000),
      });
    }
    sessionStart += (9 + rng.int(8)) * DAY;
  }
  return {
    person: person.name,
    split: index % 2 === 0 ? 'dev' : 'test',
    turns,
    questions: questions.map((q) => ({
      text: q.text,
      type: q.type,
      evidence: q.evidence.map((key) => {
        const at = keyAt.get(key);
        if (at === undefined) throw new Error(`${person.name}: no turn for ${key}`);
        return at;
      }),
    })),
  };
}

export const CONVERSATIONS: TConversation[] = PEOPLE.map((_, i) => buildConversation(i));
