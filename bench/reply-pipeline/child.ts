// What every server child of bench:reply-pipeline shares: answering the load generator's CPU questions,
// its signed-in people, and their memories of the character.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { CHARACTER_ID, chats, type TCpu, type TPerson, values } from './options.ts';

/** This process's read and write system call counts (Linux), for where kernel time goes. */
function syscallCounts(): { readCalls: number; writeCalls: number; writtenBytes: number } {
  try {
    const io = readFileSync('/proc/self/io', 'utf8');
    const count = (key: string) => Number(new RegExp(`^${key}: (\\d+)`, 'm').exec(io)?.[1] ?? 0);
    return { readCalls: count('syscr'), writeCalls: count('syscw'), writtenBytes: count('wchar') };
  } catch {
    return { readCalls: 0, writeCalls: 0, writtenBytes: 0 };
  }
}

/**
 * Counts this process's garbage collections from its start (the main thread's young and full ones; the
 * pauses of every kind, incremental marking steps too).
 */
function countGcs() {
  const gcs = { minorGcs: 0, majorGcs: 0, gcPauseMicros: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) gcs.majorGcs++;
      else if (kind === constants.NODE_PERFORMANCE_GC_MINOR) gcs.minorGcs++;
      gcs.gcPauseMicros += entry.duration * 1000;
    }
  }).observe({ entryTypes: ['gc'] });
  return gcs;
}

/**
 * Answers the load generator's `cpu` question with this process's CPU time so far. With `profileDir`,
 * the first question starts a V8 CPU profile and the second writes it there: the measured phase only.
 */
export function answerCpuQuestions(
  name: string,
  profileDir?: string,
  opts: {
    settle?: () => Promise<void>;
    encoderMicros?: () => Promise<number>;
    gate?: () => { remoteLimit: number; mostFreeWaiting: number };
  } = {},
) {
  let asked = 0;
  const gcs = countGcs();
  let session: import('node:inspector/promises').Session | undefined;
  process.on('message', async (message) => {
    if (message !== 'cpu') return;
    asked++;
    // Work the turns left behind (the memory judge's queue) belongs to them.
    await opts.settle?.();
    if (profileDir && asked === 1) {
      const { Session } = await import('node:inspector/promises');
      session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
      // What the measured phase allocates, sampled every 16 KB (Chrome's .heapprofile).
      await session.post('HeapProfiler.enable');
      await session.post('HeapProfiler.startSampling', {
        samplingInterval: 16_384,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    }
    const usage = process.cpuUsage();
    const main = process.threadCpuUsage();
    const answer = {
      cpuMicros: usage.user + usage.system,
      mainMicros: main.user + main.system,
      encoderMicros: (await opts.encoderMicros?.()) ?? 0,
      sysMicros: usage.system,
      ...syscallCounts(),
      ...gcs,
      rss: process.memoryUsage.rss(),
      ...opts.gate?.(),
    } satisfies TCpu;
    if (session && asked === 2) {
      const { profile } = await session.post('Profiler.stop');
      const { profile: allocations } = await session.post('HeapProfiler.stopSampling');
      mkdirSync(profileDir!, { recursive: true });
      const stem = path.join(profileDir!, `${name}-${Date.now()}`);
      writeFileSync(`${stem}.cpuprofile`, JSON.stringify(profile));
      writeFileSync(`${stem}.heapprofile`, JSON.stringify(allocations));
    }
    process.send!(answer);
  });
}

/** `chats` people, each with a database session, in the app's own tables. */
export async function makePeople(db: import('../../src/server/db/client.ts').TDb): Promise<TPerson[]> {
  const { makeSignedInPeople } = await import('../support/signed-in-people.ts');
  return makeSignedInPeople(db, { count: chats, label: 'pipe' });
}

/** What each person has already told the character: recall ranks real memories on every turn. */
export async function seedMemories(
  memory: import('../../src/server/services/memories/memory-service.ts').TMemoryService,
  people: TPerson[],
) {
  const facts = [
    'My sister Maya lives by the sea and paints boats',
    'I work night shifts at the hospital pharmacy',
    'My dog Biscuit is afraid of thunder',
    'I am learning to play the cello, slowly',
    'My grandmother taught me to bake rye bread',
    'I moved to Lisbon two years ago for work',
    'I get nervous before long train journeys',
    'My favourite book is The Left Hand of Darkness',
    'I run five kilometres every Sunday morning',
    'My best friend Tomas is getting married in June',
  ];
  const count = Number(values.memories);
  for (const person of people) {
    for (let i = 0; i < count; i++) {
      await memory.store({
        userId: person.id,
        characterId: CHARACTER_ID,
        characterName: 'Seraphine Vale',
        content: `${facts[i % facts.length]} (${person.id}-${i})`,
        reply: 'I will remember that.',
        importance: 3,
      });
    }
  }
}
