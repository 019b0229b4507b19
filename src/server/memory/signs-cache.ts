// The vector arm's candidates picked in the server, not the database (issue 24 part 5): a copy of each
// searching person's vector signs (512 bits a memory, migration 0029) kept here, brought up to the person's
// version in the database before each search (migration 0040: one indexed look-up when nothing changed, the
// changed rows otherwise), and scanned by Hamming distance over a packed Uint32Array. The search names the
// version its candidates were picked at, and the database scans the signs itself when that is no longer the
// person's (another server changed them meanwhile): the same 400 candidates either way.
import type { TDb } from '../db/client.ts';
import { readSignsChanges, readSignsVersion, SIGN_BYTES } from '../db/queries/memory-signs.ts';
import { fromVectorParam, type TVectorParam } from '../db/vector-param.ts';

/** As memory_vector_arm: the person's nearest by signs, then ranked exactly by cosine in the database. */
export const SIGNS_CANDIDATES = 400;
const WORDS = SIGN_BYTES / 4;
/** Memories whose signs are kept, over every person (about 72 bytes each): the least recently searched go. */
const MAX_KEPT = 500_000;

export type TSignsCandidates = { ids: number[]; version: number };

type TPersonSigns = {
  version: number;
  size: number;
  ids: Int32Array;
  characterIds: Int32Array;
  words: Uint32Array;
  slotOf: Map<number, number>;
};

export type TSignsCache = {
  /** The person's nearest SIGNS_CANDIDATES memories (of the character, or all) by signs, and their version. */
  candidates(userId: number, characterId: number | null, vector: TVectorParam): Promise<TSignsCandidates>;
};

const emptyPerson = (): TPersonSigns => ({
  version: -1,
  size: 0,
  ids: new Int32Array(64),
  characterIds: new Int32Array(64),
  words: new Uint32Array(64 * WORDS),
  slotOf: new Map(),
});

function put(p: TPersonSigns, id: number, characterId: number, signs: Uint8Array, at: number) {
  let slot = p.slotOf.get(id);
  if (slot === undefined) {
    if (p.size === p.ids.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      p.ids = grow(p.ids);
      p.characterIds = grow(p.characterIds);
      const words = new Uint32Array(p.words.length * 2);
      words.set(p.words);
      p.words = words;
    }
    slot = p.size++;
    p.slotOf.set(id, slot);
  }
  p.ids[slot] = id;
  p.characterIds[slot] = characterId;
  for (let w = 0; w < WORDS; w++) p.words[slot * WORDS + w] = wordAt(signs, at + w * 4);
}

function remove(p: TPersonSigns, id: number) {
  const slot = p.slotOf.get(id);
  if (slot === undefined) return;
  const last = --p.size;
  p.slotOf.delete(id);
  if (slot === last) return;
  const moved = p.ids[last] as number;
  p.ids[slot] = moved;
  p.characterIds[slot] = p.characterIds[last] as number;
  p.words.copyWithin(slot * WORDS, last * WORDS, (last + 1) * WORDS);
  p.slotOf.set(moved, slot);
}

const wordAt = (b: Uint8Array, i: number) =>
  (((b[i] as number) << 24) |
    ((b[i + 1] as number) << 16) |
    ((b[i + 2] as number) << 8) |
    (b[i + 3] as number)) >>>
  0;

function popcount(x: number) {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  v = (v + (v >>> 4)) & 0x0f0f0f0f;
  return Math.imul(v, 0x01010101) >>> 24;
}

/**
 * The signs of a vector as the database makes them from the same parameter (binary_quantize of its float4
 * values: a bit for each number above 0), packed as the copy's words.
 */
export function signsOfVector(vector: TVectorParam): Uint32Array {
  const bytes = new Uint8Array(SIGN_BYTES);
  const numbers = fromVectorParam(vector);
  for (let i = 0; i < numbers.length && i < SIGN_BYTES * 8; i++) {
    if ((numbers[i] as number) > 0) bytes[i >> 3] = (bytes[i >> 3] as number) | (0x80 >> (i & 7));
  }
  const words = new Uint32Array(WORDS);
  for (let w = 0; w < WORDS; w++) words[w] = wordAt(bytes, w * 4);
  return words;
}

/**
 * The ids the database's scan keeps: by Hamming distance, then the higher id first, the first
 * SIGNS_CANDIDATES (order by distance, id desc limit 400).
 */
export function nearestBySigns(p: TPersonSigns, characterId: number | null, query: Uint32Array): number[] {
  const distances = new Uint16Array(p.size);
  const counts = new Uint32Array(SIGN_BYTES * 8 + 2);
  const skip = SIGN_BYTES * 8 + 1;
  const { words, characterIds } = p;
  for (let s = 0; s < p.size; s++) {
    if (characterId !== null && characterIds[s] !== characterId) {
      distances[s] = skip;
      continue;
    }
    let d = 0;
    for (let w = 0, at = s * WORDS; w < WORDS; w++, at++)
      d += popcount((words[at] as number) ^ (query[w] as number));
    distances[s] = d;
    counts[d] = (counts[d] as number) + 1;
  }
  // The distance at which the 400th falls: all nearer are kept, and the highest ids at it.
  let cut = 0;
  let nearer = 0;
  while (cut < skip && nearer + (counts[cut] as number) < SIGNS_CANDIDATES) nearer += counts[cut++] as number;
  const ids: number[] = [];
  const atCut: number[] = [];
  for (let s = 0; s < p.size; s++) {
    const d = distances[s] as number;
    if (d < cut) ids.push(p.ids[s] as number);
    else if (d === cut && cut < skip) atCut.push(p.ids[s] as number);
  }
  atCut.sort((a, b) => b - a);
  for (let i = 0; i < atCut.length && ids.length < SIGNS_CANDIDATES; i++) ids.push(atCut[i] as number);
  return ids;
}

export function createSignsCache(db: TDb, maxKept = MAX_KEPT): TSignsCache {
  // Most recently searched last (a Map keeps insertion order).
  const people = new Map<number, TPersonSigns>();
  const refreshing = new Map<number, Promise<TPersonSigns>>();

  async function refresh(userId: number): Promise<TPersonSigns> {
    let p = people.get(userId) ?? emptyPerson();
    // Nothing changed (most searches): one look-up by key, not the changes' statement.
    if (p.version >= 0 && (await readSignsVersion(db, userId)) === p.version) return keep(userId, p);
    const changes = await readSignsChanges(db, userId, p.version);
    if (changes.whole) p = emptyPerson();
    if (changes.version !== p.version || changes.whole) {
      changes.ids.forEach((id, i) => {
        if (changes.hasSigns[i]) put(p, id, changes.characterIds[i] as number, changes.signs, i * SIGN_BYTES);
        else remove(p, id);
      });
      p.version = changes.version;
    }
    return keep(userId, p);
  }

  /** The person's copy as the most recently used; the least recently used others go past maxKept. */
  function keep(userId: number, p: TPersonSigns): TPersonSigns {
    people.delete(userId);
    people.set(userId, p);
    let kept = 0;
    for (const q of people.values()) kept += q.size;
    for (const [other, q] of people) {
      if (kept <= maxKept || other === userId) break;
      people.delete(other);
      kept -= q.size;
    }
    return p;
  }

  return {
    async candidates(userId, characterId, vector) {
      let pending = refreshing.get(userId);
      if (!pending) {
        pending = refresh(userId).finally(() => refreshing.delete(userId));
        refreshing.set(userId, pending);
      }
      const p = await pending;
      return { ids: nearestBySigns(p, characterId, signsOfVector(vector)), version: p.version };
    },
  };
}
