// The context recall set: follow-up messages whose meaning needs the person's previous turns ("what was her
// name again?" after turns about a sister), each with the memory it should find among that person's others,
// and a few self-contained messages after turns about something else (context must not pull recall away).
// Written fresh for the context recall test (context-recall-set.json); the memory pools are the paraphrase
// set's two people: dev cases ask about the dev person's memories, test cases about the test person's.
import set from './context-recall-set.json' with { type: 'json' };
import {
  DEV_DISTRACTOR_MEMORIES,
  DEV_MEMORY_QUESTION_PAIRS,
  DISTRACTOR_MEMORIES,
  MEMORY_QUESTION_PAIRS,
} from './memory-quality-set.ts';

export type TContextCase = {
  /** The index of the memory it should find in its split's pool. */
  memory: number;
  kind: 'follow-up' | 'self-contained';
  /** The person's previous turns, oldest first. */
  turns: string[];
  message: string;
};

export const CONTEXT_CASES = set as Record<'dev' | 'test', TContextCase[]>;

/** Each split's person's memories: the paraphrase pairs' memories (the cases' targets), then 200 others. */
export const CONTEXT_POOLS: Record<'dev' | 'test', string[]> = {
  dev: [...DEV_MEMORY_QUESTION_PAIRS.map((p) => p.memory), ...DEV_DISTRACTOR_MEMORIES],
  test: [...MEMORY_QUESTION_PAIRS.map((p) => p.memory), ...DISTRACTOR_MEMORIES],
};
