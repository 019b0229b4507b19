// The similarity floors and sizes memory search works with (measured where each says).

/**
 * Two memories of one person and character at or above this cosine similarity (Universal Sentence
 * Encoder lite) say the same thing. Measured in dedupe-threshold.test.ts: re-tellings (punctuation, case,
 * contractions, word order) score 0.907-0.996, 'seventy'/'70' re-told 0.864, and the closest two different
 * memories of the quality set ('I went bowling with my aunt…' / '…with my cousin…') 0.897.
 */
export const DUPLICATE_SIMILARITY = 0.9;
/**
 * Recall before a reply keeps the best few whatever their similarity: no floor drops the right memory
 * before or after fusion (a floor of similarity 0.2 before fusion cost recall on the quality sets).
 */
export const RECALL_MIN_SIMILARITY = 0;
/**
 * A person searching wants matches, not neighbours: after fusion, what shares no word with the search must
 * be at least 0.4 alike (nonsense queries score up to 0.30 against ordinary memories, 'dog birthday' 0.55
 * against the dog's birthday).
 */
export const SEARCH_MIN_SIMILARITY = 0.4;
/** Recalled memories in a prompt besides the pinned ones. */
export const RECALL_TOP = 4;
