// bench:reply-pipeline's load generator, its parts: the cases, the children it starts, and one round of
// streamed turns against a side.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startNodeFlags } from '../../src/test-support/start-flags.ts';
import {
  CHARACTER_ID,
  chats,
  replyTokens,
  type TCpu,
  type TPerson,
  type TReady,
  tokenDelayMs,
  turns,
  values,
} from './options.ts';

/** The entry file, which each child runs with its role. */
const ENTRY = fileURLToPath(new URL('../reply-pipeline.ts', import.meta.url));

export type TCase = {
  name: string;
  memory: 'on' | 'off';
  relayMemory: 'on' | 'off';
  memories: string;
  keep: 'on' | 'off';
};

/** The cases, each against its relay (the plain one, or one doing the same memory work). */
export const CASES: Record<string, TCase> = {
  shipped: {
    name: 'as shipped: memory on, no memories of the character, nothing to keep (vs the plain relay)',
    memory: 'on',
    relayMemory: 'off',
    memories: '0',
    keep: 'off',
  },
  'memory-off': {
    name: 'memory off (vs the plain relay)',
    memory: 'off',
    relayMemory: 'off',
    memories: '0',
    keep: 'off',
  },
  memories: {
    name: 'memories of the character, half the turns worth keeping (vs the relay doing the same memory work)',
    memory: 'on',
    relayMemory: 'on',
    memories: values.memories!,
    keep: 'on',
  },
};

export function start(
  role: string,
  c: TCase,
  extra: string[] = [],
): Promise<{ child: ChildProcess; ready: TReady }> {
  const child = fork(
    ENTRY,
    [
      ...['--role', role, '--chats', String(chats), '--token-delay', String(tokenDelayMs)],
      ...['--reply-tokens', String(replyTokens), '--memory', c.memory, '--relay-memory', c.relayMemory],
      ...['--embeddings', values.embeddings!, '--memories', c.memories],
      ...(values.profile ? ['--profile', values.profile] : []),
      ...extra,
    ],
    {
      // Kindred and the relay on the runtime as it ships (npm start's flags); the fake model as it comes.
      execArgv: [...(role === 'model' ? [] : startNodeFlags()), '--import', 'tsx'],
      stdio: ['ignore', role === 'kindred' ? 'ignore' : 'inherit', 'inherit', 'ipc'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('message', (ready) => resolve({ child, ready: ready as TReady }));
    child.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
  });
}

export function cpuOf(child: ChildProcess): Promise<TCpu> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as TCpu));
    child.send('cpu');
  });
}

/**
 * Posts one turn; a 503 (the model's availability check timed out on a saturated machine) is tried again
 * after a moment, up to three times, and counted.
 */
export let retried503 = 0;
async function send(url: string, person: TPerson, hist: string | undefined, c: TCase, turnIndex: number) {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie: person.cookie },
      body: JSON.stringify({
        userId: person.id,
        characterId: CHARACTER_ID,
        // With `keep`, half the turns tell something worth keeping (the judge stores it); the others ask.
        userInput:
          c.keep === 'on' && turnIndex % 2
            ? `I told my sister Maya about the lighthouse trip number ${turnIndex} today`
            : `How is the road today, friend number ${person.id}?`,
        memoryEnabled: c.memory !== 'off',
        hist,
      }),
    });
    if (res.status !== 503 || attempt >= 3) return res;
    retried503 += 1;
    await res.text();
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** One streamed turn: the chat log's uuid and the time to its first words (ms). */
export async function turn(url: string, person: TPerson, hist: string | undefined, c: TCase, turnIndex = 0) {
  const t0 = performance.now();
  const res = await send(url, person, hist, c, turnIndex);
  if (res.status !== 200) throw new Error(`reply failed with ${res.status}: ${await res.text()}`);
  let text = '';
  let firstWordsMs = Number.NaN;
  for await (const part of res.body!.pipeThrough(new TextDecoderStream())) {
    text += part;
    if (Number.isNaN(firstWordsMs) && text.includes('event: delta')) firstWordsMs = performance.now() - t0;
  }
  if (!text.includes('event: done')) throw new Error(`the reply did not finish: ${text.slice(-300)}`);
  return { hist: /"hist":"([^"]+)"/.exec(text)?.[1], firstWordsMs };
}

export type TCpuTotals = Omit<TCpu, 'rss' | 'remoteLimit' | 'mostFreeWaiting'>;

export const noCpu = (): TCpuTotals => ({
  cpuMicros: 0,
  mainMicros: 0,
  encoderMicros: 0,
  sysMicros: 0,
  readCalls: 0,
  writeCalls: 0,
  writtenBytes: 0,
  minorGcs: 0,
  majorGcs: 0,
  gcPauseMicros: 0,
});

export type TSide = {
  name: string;
  child: ChildProcess;
  url: string;
  people: TPerson[];
  cpu: TCpuTotals;
  turns: number;
  /** CPU per turn of each round, for the spread of the ratio. */
  rounds: number[];
  firstWords: number[];
  wallMs: number;
};

/** One round: every chat of the side sends `turns` messages, one after the other, all chats at once. */
export async function round(side: TSide, c: TCase) {
  const before = await cpuOf(side.child);
  const t0 = performance.now();
  await Promise.all(
    side.people.map(async (p) => {
      let hist: string | undefined;
      for (let t = 0; t < turns; t++) {
        const done = await turn(side.url, p, hist, c, t);
        hist = done.hist;
        side.firstWords.push(done.firstWordsMs);
      }
    }),
  );
  side.wallMs += performance.now() - t0;
  const after = await cpuOf(side.child);
  for (const key of Object.keys(side.cpu) as (keyof TCpuTotals)[]) side.cpu[key] += after[key] - before[key];
  side.rounds.push((after.cpuMicros - before.cpuMicros) / (side.people.length * turns));
  side.turns += side.people.length * turns;
}
