// The retrieval quality set: memories a person told a character, each with a later question that asks
// about it in other words, and distractor memories of the same person. Written for the quality test; the
// data is in memory-quality-set.json (its even-numbered pairs are dev, its odd ones test) and
// memory-quality-dev-set.json (122 more dev pairs written later, fresh, without reading the test pairs, so the
// dev split can tell variants apart: the first 31 had every variant at 1.0).
import devSet from './memory-quality-dev-set.json' with { type: 'json' };
import set from './memory-quality-set.json' with { type: 'json' };

type TDistractors = { people: string[]; activities: string[]; times: string[] };

/** Ordinary memories of the same person (every person × activity once) that answer none of the questions. */
function distractors({ people, activities, times }: TDistractors): string[] {
  return people.flatMap((who, p) =>
    activities.map((what, a) => `I ${what} with ${who} ${times[(p + a) % times.length]}`),
  );
}

export const MEMORY_QUESTION_PAIRS: { memory: string; question: string }[] = set.pairs;

/** 200 distractors of the person of MEMORY_QUESTION_PAIRS. */
export const DISTRACTOR_MEMORIES: string[] = distractors(set.distractors);

/** More dev pairs: a second person's, each memory among that person's other pairs and 200 distractors. */
export const DEV_MEMORY_QUESTION_PAIRS: { memory: string; question: string }[] = devSet.pairs;

/** 200 distractors of the person of DEV_MEMORY_QUESTION_PAIRS (other people, activities, times). */
export const DEV_DISTRACTOR_MEMORIES: string[] = distractors(devSet.distractors);
