// bench:reply-pipeline's flags (one set for the load generator and its children, which it starts with
// the flags of each case), and what the processes tell each other.
import { parseArgs } from 'node:util';

export const { values } = parseArgs({
  options: {
    role: { type: 'string', default: 'load' },
    chats: { type: 'string', default: '50' },
    turns: { type: 'string', default: '6' },
    'token-delay': { type: 'string', default: '20' },
    'reply-tokens': { type: 'string', default: '60' },
    'model-url': { type: 'string' },
    profile: { type: 'string' },
    // Which of the cases (default all, each beside its relay): shipped (memory on, no memories of the
    // character, nothing worth keeping, against the plain relay), memory-off (against the plain relay),
    // memories (8 memories each, half the turns worth keeping, against the relay doing the same memory work).
    case: { type: 'string', default: 'all' },
    runs: { type: 'string', default: '3' },
    // Set per case for the children (and by hand with --case none, the older single-run form):
    memory: { type: 'string', default: 'on' },
    'relay-memory': { type: 'string', default: 'on' },
    keep: { type: 'string', default: 'on' },
    embeddings: { type: 'string', default: 'embedded' },
    memories: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
  },
});
export const chats = Number(values.chats);
export const turns = Number(values.turns);
export const tokenDelayMs = Number(values['token-delay']);
export const replyTokens = Number(values['reply-tokens']);
export const ROUNDS = Number(values.rounds);
export const CHARACTER_ID = 1;
export const DATABASE_URL = process.env.DATABASE_URL;

export type TPerson = { id: number; cookie: string };
export type TReady = { url: string; people?: TPerson[] };
export type TCpu = {
  cpuMicros: number;
  mainMicros: number;
  encoderMicros: number;
  sysMicros: number;
  /** Read and write system calls so far (Linux: /proc/self/io; 0 elsewhere): the kernel's share, explained. */
  readCalls: number;
  writeCalls: number;
  writtenBytes: number;
  /** Garbage collections on the main thread so far: young-generation ones, full ones, their pauses (µs). */
  minorGcs: number;
  majorGcs: number;
  gcPauseMicros: number;
  rss: number;
  /** Kindred only: the remote model's learnt limit, and the most free replies seen waiting at its gate. */
  remoteLimit?: number;
  mostFreeWaiting?: number;
};
