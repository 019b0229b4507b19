// Puts a message into one plain form before the crisis phrases are matched: lower case, no punctuation
// but clause breaks, contractions and chat spellings spelt out, common misspellings of the words that matter fixed.

/** Chat spellings and contractions, word for word (apostrophes already removed). */
const SPELLED_OUT: Record<string, string> = {
  im: 'i am',
  ive: 'i have',
  id: 'i would',
  ill: 'i will',
  dont: 'do not',
  doesnt: 'does not',
  didnt: 'did not',
  cant: 'cannot',
  couldnt: 'could not',
  wont: 'will not',
  wouldnt: 'would not',
  isnt: 'is not',
  arent: 'are not',
  wasnt: 'was not',
  werent: 'were not',
  havent: 'have not',
  hasnt: 'has not',
  aint: 'am not',
  shouldnt: 'should not',
  theyd: 'they would',
  theyre: 'they are',
  youre: 'you are',
  wanna: 'want to',
  gonna: 'going to',
  gotta: 'got to',
  tryna: 'trying to',
  u: 'you',
  ur: 'your',
  r: 'are',
  pls: 'please',
  rn: 'right now',
  kms: 'kill myself',
  unalive: 'kill',
  unaliving: 'killing',
  selfharm: 'self harm',
  selfharming: 'self harming',
  mysel: 'myself',
  myslef: 'myself',
  kil: 'kill',
  kll: 'kill',
  killl: 'kill',
  dye: 'die',
  ded: 'dead',
  od: 'overdose',
  wrist: 'wrists',
};

/** Words that must be recognised even misspelt (one or two letters off, by length). */
const KEY_WORDS = [
  'suicide',
  'suicidal',
  'overdose',
  'overdosing',
  'myself',
  'wrists',
  'hanging',
  'killing',
  'anymore',
  'everyone',
  'everything',
  'goodbye',
  'existing',
];

function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/** Words already corrected (most words come again and again): emptied when it grows past its size. */
const corrected = new Map<string, string>();
const CORRECTED_SIZE = 20_000;

/** A misspelt key word's right spelling: one edit off for words of 6-7 letters, two for longer ones. */
function correct(word: string): string {
  if (word.length < 5) return word;
  const known = corrected.get(word);
  if (known !== undefined) return known;
  let right = word;
  for (const key of KEY_WORDS) {
    if (word === key) break;
    const limit = key.length >= 8 ? 2 : 1;
    if (word[0] === key[0] && editDistance(word, key, limit) <= limit) {
      right = key;
      break;
    }
  }
  if (corrected.size >= CORRECTED_SIZE) corrected.clear();
  corrected.set(word, right);
  return right;
}

/**
 * The message in plain form: clauses kept apart by " . " so a phrase never spans two sentences, every
 * other mark dropped, "2" between words read as "to", each word spelt out and corrected.
 */
export function normaliseText(text: string): string {
  const lowered = text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[’‘`´]/g, "'")
    .replace(/'/g, '')
    .replace(/\bself[\s-]+(harm\w*|injur\w*)/g, 'self $1')
    .replace(/[.!?;:,()"\n]+|\s-\s|\bbut\b/g, ' . ')
    .replace(/[^\p{L}\p{N}\s.]+/gu, ' ');
  const words = lowered.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (const [i, word] of words.entries()) {
    if (word === '2' && i > 0 && i < words.length - 1) {
      out.push('to');
      continue;
    }
    out.push(SPELLED_OUT[word] ?? correct(word));
  }
  return ` ${out.join(' ')} `;
}
