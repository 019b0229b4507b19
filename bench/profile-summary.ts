// Summarises a V8 CPU profile (.cpuprofile): self time by package or area, and the busiest functions.
// Run: node --import tsx bench/profile-summary.ts <file.cpuprofile> [--top 25]
// (bench/allocation-summary.ts does the same for the .heapprofile written beside it.)
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { areaOf, frameName, type TCallFrame } from './support/profile-areas.ts';

type TNode = {
  id: number;
  callFrame: TCallFrame;
  hitCount?: number;
  children?: number[];
};
type TProfile = { nodes: TNode[]; samples: number[]; timeDeltas: number[] };

const { values, positionals } = parseArgs({
  options: { top: { type: 'string', default: '25' } },
  allowPositionals: true,
});
const profile = JSON.parse(readFileSync(positionals[0]!, 'utf8')) as TProfile;

/** Self time per node, from the samples and their time deltas (µs). */
const selfMicros = new Map<number, number>();
profile.samples.forEach((id, i) => {
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});

const byArea = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
for (const node of profile.nodes) {
  const t = selfMicros.get(node.id) ?? 0;
  if (t === 0) continue;
  total += t;
  const area = areaOf(node);
  byArea.set(area, (byArea.get(area) ?? 0) + t);
  const key = frameName(node.callFrame);
  byFunction.set(key, (byFunction.get(key) ?? 0) + t);
}

const top = Number(values.top);
const busy = total - (byArea.get('(idle)') ?? 0);
const show = (title: string, map: Map<string, number>) => {
  console.log(`${title} (share of busy samples, ${(busy / 1000).toFixed(0)} ms busy):`);
  for (const [name, t] of [...map]
    .filter(([n]) => !n.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)) {
    console.log(`  ${((100 * t) / busy).toFixed(1).padStart(5)}%  ${name}`);
  }
};
show('By area', byArea);
show('By function', byFunction);

// Inclusive time of Kindred's own functions (and the packages they call): each sample counts once for
// every distinct function on its stack, so a handler's share includes everything it waits on in-thread.
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const nodesById = new Map(profile.nodes.map((n) => [n.id, n]));
const inclusive = new Map<string, number>();
profile.samples.forEach((id, i) => {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const node = nodesById.get(at)!;
    if (!node.callFrame.url.includes('/src/')) continue;
    const key = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').slice(-2).join('/')}`;
    seen.add(key);
  }
  for (const key of seen) inclusive.set(key, (inclusive.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
show("Inclusive, Kindred's own functions", inclusive);
