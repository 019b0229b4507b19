// The lorebook scan's cost per reply: a 500-entry book against a 100,000-message chat.
// Run: npm run bench:lorebook [-- --entries 500 --messages 100000 --replies 400]
import { parseArgs } from 'node:util';
import { placeLore } from '../src/server/lorebooks/place.ts';
import { scanLorebooks } from '../src/server/lorebooks/scan.ts';
import { book, entry } from '../src/test-support/test-lorebooks.ts';

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '500' },
    messages: { type: 'string', default: '100000' },
    replies: { type: 'string', default: '400' },
  },
});
const entryCount = Number(values.entries);
const messageCount = Number(values.messages);
const replies = Number(values.replies);

// A deterministic generator so every run scans the same text.
let seed = 42;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)] as T;

// Words of 4-9 random letters: like names and nouns, they rarely sit inside one another.
const letters = 'abcdefghijklmnopqrstuvwxyz';
const vocabulary = Array.from({ length: 5000 }, () =>
  Array.from({ length: 4 + Math.floor(random() * 6) }, () => pick([...letters])).join(''),
);
// Names and things the book has entries for make up one word in twenty (names end in a number) of the chat and of entry text.
const names = Array.from({ length: 1500 }, (_, i) => `${pick(vocabulary)}${i}`);
const sentence = (words: number) =>
  Array.from({ length: words }, () => (random() < 0.05 ? pick(names) : pick(vocabulary))).join(' ');

const entries = Array.from({ length: entryCount }, (_, i) => {
  const keys = [pick(names), pick(names)];
  if (i % 10 === 0) keys.push(`/${pick(names)}s?\\b/i`);
  return entry({
    id: `e${i}`,
    keys,
    secondaryKeys: i % 5 === 0 ? [pick(names)] : [],
    selectiveLogic: i % 10 === 0 ? 'not_any' : 'and_any',
    constant: i % 100 === 0,
    insertionOrder: i,
    position: (['before_char', 'after_char', 'at_depth'] as const)[i % 3],
    content: sentence(40),
  });
});
const chat = Array.from({ length: messageCount }, () => sentence(30));

function measure(label: string, scanDepth: number, recursiveScanning: boolean) {
  const lorebook = book(
    entries,
    { scanDepth, recursiveScanning, maxRecursionSteps: 3, tokenBudget: 1024 },
    'bench',
  );
  lorebook.version = 'v1';
  const times: number[] = [];
  let activated = 0;
  for (let reply = 0; reply < replies; reply += 1) {
    // Each reply answers a different point of the long chat, as a person moving through it would.
    const end = messageCount - (reply % 1000) * 50;
    const started = performance.now();
    const scan = scanLorebooks({
      books: [lorebook],
      messages: chat.slice(Math.max(0, end - scanDepth), end),
    });
    placeLore(scan.entries);
    times.push(performance.now() - started);
    activated += scan.entries.length;
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(3);
  console.log(
    `${label.padEnd(40)} p50 ${p(0.5)} ms  p95 ${p(0.95)} ms  p99 ${p(0.99)} ms  entries placed/reply ${(activated / replies).toFixed(1)}`,
  );
}

console.log(
  `${entryCount} entries (10% with a regex key, 20% with secondary keys), ${messageCount} messages, ${replies} replies`,
);
const cpuStart = process.cpuUsage();
measure('scan depth 4, no recursion', 4, false);
measure('scan depth 4, recursion (3 steps)', 4, true);
measure('scan depth 50, recursion (3 steps)', 50, true);
measure('scan depth 1000 (the maximum), recursion', 1000, true);
const cpu = process.cpuUsage(cpuStart);
console.log(`CPU for all ${replies * 4} scans: ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms`);
