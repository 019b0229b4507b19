// Summarises a sampled allocation profile (.heapprofile, written by bench:reply-pipeline --profile beside
// its CPU profile): what the measured phase allocated, by package or area and by function, per turn.
// Run: node --import tsx bench/allocation-summary.ts <file.heapprofile> [--turns 900 --top 25]
// (50 chats x 6 turns x 3 rounds = 900 turns by default.)
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { areaOf, frameName, type TCallFrame } from './support/profile-areas.ts';

type TNode = { callFrame: TCallFrame; selfSize: number; children: TNode[] };

const { values, positionals } = parseArgs({
  options: { top: { type: 'string', default: '25' }, turns: { type: 'string', default: '900' } },
  allowPositionals: true,
});
const { head } = JSON.parse(readFileSync(positionals[0]!, 'utf8')) as { head: TNode };
const turns = Number(values.turns);

const byArea = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
const add = (map: Map<string, number>, key: string, bytes: number) =>
  map.set(key, (map.get(key) ?? 0) + bytes);
for (const stack = [head]; stack.length > 0; ) {
  const node = stack.pop()!;
  stack.push(...node.children);
  if (node.selfSize === 0) continue;
  total += node.selfSize;
  add(byArea, areaOf(node), node.selfSize);
  add(byFunction, frameName(node.callFrame), node.selfSize);
}

const perTurn = (bytes: number) => `${(bytes / turns / 1024).toFixed(1).padStart(7)} KB/turn`;
console.log(
  `Allocated ${perTurn(total).trim()} (${(total / 1024 / 1024).toFixed(1)} MB over ${turns} turns)`,
);
for (const [title, map] of [
  ['By area', byArea],
  ['By function', byFunction],
] as const) {
  console.log(`${title}:`);
  for (const [name, bytes] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)))
    console.log(`  ${perTurn(bytes)}  ${name}`);
}
