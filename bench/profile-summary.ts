// Summarises a V8 CPU profile (.cpuprofile): self time by package or area, and the busiest functions.
// Run: node --import tsx bench/profile-summary.ts <file.cpuprofile> [--top 25]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

type TNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
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

function areaOf(node: TNode): string {
  const { url, functionName } = node.callFrame;
  if (!url) return functionName.startsWith('(') ? functionName : `(native) ${functionName || 'anonymous'}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/').slice(0, 2).join('/')}`;
  const src = /\/src\/(.+)$/.exec(url);
  if (src) return `kindred ${src[1]!.split('/').slice(0, 2).join('/')}`;
  return url.split('/').slice(-2).join('/');
}

const byArea = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
for (const node of profile.nodes) {
  const t = selfMicros.get(node.id) ?? 0;
  if (t === 0) continue;
  total += t;
  const area = areaOf(node);
  byArea.set(area, (byArea.get(area) ?? 0) + t);
  const where = node.callFrame.url
    ? `${node.callFrame.url.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber + 1}`
    : '';
  const key = `${node.callFrame.functionName || '(anonymous)'} ${where}`;
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
