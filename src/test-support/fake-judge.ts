// The fake model's memory judge, answering the judge's and the fact keeper's JSON as a model would: a line
// about the person becomes a short third-person fact with a kind (and a day for dated plans and events);
// a new fact the same as a kept one is a repeat ('none'), anything else is added.

/** The judge's request as judge.ts writes it: the day it was sent, the person's line (and name). */
export function readJudgeRequest(text: string): { said: string; name: string | null; sentOn: string | null } {
  const person = text.match(/^Person(?: \(([^)]*)\))?:\s*(.*)$/m);
  return {
    said: (person?.[2] ?? text).trim(),
    name: person?.[1]?.trim() || null,
    sentOn: text.match(/^Sent: .*\((\d{4}-\d{2}-\d{2})\)/m)?.[1] ?? null,
  };
}

const KINDS: [string, RegExp][] = [
  ['pet', /\b(dog|puppy|cat|kitten|retriever|terrier|parrot|hamster|rabbit|horse|pet)\b/],
  ['event', /\b(tomorrow|tonight|birthday|wedding|party|exam|concert|appointment|interview)\b/],
  ['plan', /\b(plan|planning|going to|will|next (week|month|year))\b/],
  ['health', /\b(allergic|allergy|doctor|sick|ill|asthma|migraine|surgery|diabetes|injury|therapy)\b/],
  ['work', /\b(job|work|works|working|boss|office|shift|career|colleague|bakery|nurse|teacher)\b/],
  [
    'person',
    /\b(sister|brother|mum|mom|dad|father|mother|wife|husband|partner|friend|son|daughter|aunt|uncle|cousin)\b/,
  ],
  ['place', /\b(live|lives|moved|move|moving|city|town|flat|house|apartment|country)\b/],
  ['preference', /\b(love|loves|like|likes|hate|hates|favourite|favorite|prefer|enjoy)\b/],
  ['feeling', /\b(feel|feeling|sad|happy|anxious|lonely|worried|excited|scared|stressed|tired)\b/],
];

const RELATIVE_DAY =
  /\b(tomorrow|today|tonight|(?:next|on|this) (?:sunday|monday|tuesday|wednesday|thursday|friday|saturday))\b/i;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const MODALS = /^(will|can|could|would|should|might|must|did|had|was|used|never|always|just|also|really)$/i;

/** The third-person form of a verb after 'I' ('live' → 'lives'); past tenses and modals stay. */
function thirdPerson(verb: string): string {
  const irregular: Record<string, string> = { am: 'is', have: 'has', do: 'does', go: 'goes', "'m": 'is' };
  const lower = verb.toLowerCase();
  if (irregular[lower]) return irregular[lower];
  if (MODALS.test(verb) || /ed$/.test(lower)) return verb;
  if (/(s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/** The day a dated line speaks of, from the day it was sent: today, tomorrow, (next/on) a weekday. */
function dayOf(said: string, sentOn: string | null): string | null {
  if (!sentOn) return null;
  const sent = new Date(`${sentOn}T00:00:00Z`);
  const plus = (days: number) => new Date(sent.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  const lower = said.toLowerCase();
  if (/\btomorrow\b/.test(lower)) return plus(1);
  if (/\b(today|tonight)\b/.test(lower)) return plus(0);
  const weekday = lower.match(
    /\b(?:next|on|this) (sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/,
  );
  if (!weekday?.[1]) return null;
  const ahead = (WEEKDAYS.indexOf(weekday[1]) - sent.getUTCDay() + 7) % 7 || 7;
  return plus(ahead);
}

/** A line about the person as the judge keeps it: 'My dog is called Biscuit' → 'Robin has a dog called Biscuit'. */
export function fakeFact(said: string, name: string | null, sentOn: string | null) {
  const who = name?.split(/\s+/)[0] || 'The person';
  const line = said.replace(/[.!]+$/, '').trim();
  const named = line.match(/^[Mm]y (.+?) (?:is called|is named|'s name is|is) ([A-Z][\p{L}-]*)$/u);
  let fact: string;
  if (named) fact = `${who} has a ${named[1]} called ${named[2]}`;
  else {
    let isSubjectSaid = false;
    fact = line
      .replace(/\bI'm\b/g, "I 'm")
      .replace(/\b(I|my|me|mine)\b( \S+)?/gi, (_, word: string, next = '') => {
        const lower = word.toLowerCase();
        const atStart = !isSubjectSaid;
        isSubjectSaid = true;
        if (lower === 'i' && !atStart) return `they${next.replace(/^ ('m|am)$/, ' are')}`;
        if (lower === 'i') return `${who}${next ? ` ${thirdPerson(next.trim())}` : ''}`;
        if (lower === 'my') return `${atStart ? `${who}'s` : 'their'}${next}`;
        return `${lower === 'me' ? 'them' : 'theirs'}${next}`;
      });
    fact = fact.charAt(0).toUpperCase() + fact.slice(1);
  }
  const lower = line.toLowerCase();
  const kind = KINDS.find(([, pattern]) => pattern.test(lower))?.[0] ?? 'person';
  const date = kind === 'event' || kind === 'plan' ? dayOf(line, sentOn) : null;
  // As the judge is told to: the day itself in the fact, not 'tomorrow'.
  if (date) {
    const day = new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    fact = fact.replace(RELATIVE_DAY, `on ${day.replace(',', '')}`);
  }
  return { fact: fact.slice(0, 300), kind, importance: 4, date };
}

/** The fact keeper's answer: 'none' for a kept fact that says the same, else 'add'. */
export function fakeReconcile(text: string): { action: 'add' | 'none'; target: number; fact: null } {
  const strip = (line: string) =>
    line
      .replace(/^\d+\.\s*|^New fact:\s*/, '')
      .replace(/ \(date \d{4}-\d{2}-\d{2}\)$/, '')
      .trim()
      .toLowerCase();
  const lines = text.split('\n');
  const next = strip(lines.find((l) => l.startsWith('New fact:')) ?? '');
  const kept = lines.filter((l) => /^\d+\.\s/.test(l)).map(strip);
  const same = kept.indexOf(next);
  return same >= 0
    ? { action: 'none', target: same + 1, fact: null }
    : { action: 'add', target: 0, fact: null };
}
