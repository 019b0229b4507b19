// The retrieval quality set: memories a person told a character, each with a later question that asks
// about it in other words, and distractor memories of the same person. Written for the quality test; the
// data is in memory-quality-set.json.
import set from './memory-quality-set.json' with { type: 'json' };

export const MEMORY_QUESTION_PAIRS: { memory: string; question: string }[] = set.pairs;

const { people, activities, times } = set.distractors;

/** 200 ordinary memories of the same person (every person × activity once) that answer none of the questions. */
export const DISTRACTOR_MEMORIES: string[] = people.flatMap((who, p) =>
  activities.map((what, a) => `I ${what} with ${who} ${times[(p + a) % times.length]}`),
);
