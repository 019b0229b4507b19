// bench:reply-pipeline's load generator: each case's runs, each run both sides, and the medians.
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import {
  chats,
  DATABASE_URL,
  ROUNDS,
  replyTokens,
  type TPerson,
  tokenDelayMs,
  turns,
  values,
} from './options.ts';
import { CASES, cpuOf, noCpu, retried503, round, start, type TCase, type TSide, turn } from './turns.ts';

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)] ?? Number.NaN;

type TRunResult = {
  kindredMs: number;
  relayMs: number;
  ratio: number;
  ttft: [number, number];
  tps: [number, number];
};

async function runOnce(c: TCase): Promise<TRunResult> {
  const model = await start('model', c);
  const [relay, kindred] = await Promise.all([
    start('relay', c, ['--model-url', model.ready.url]),
    start('kindred', c, ['--model-url', model.ready.url]),
  ]);
  const side = (name: string, child: ChildProcess, url: string, people: TPerson[]): TSide => ({
    ...{ name, child, url, people, cpu: noCpu(), turns: 0, rounds: [], firstWords: [], wallMs: 0 },
  });
  const sides: TSide[] = [
    side('minimal relay', relay.child, `${relay.ready.url}/reply`, relay.ready.people!),
    side('Kindred', kindred.child, `${kindred.ready.url}/assistant-reply-openai`, kindred.ready.people!),
  ];
  // Warm-up: JIT, pools, prepared statements, the model availability cache.
  for (const s of sides) await Promise.all(s.people.slice(0, 10).map((p) => turn(s.url, p, undefined, c)));
  // Rounds alternate between the sides, so a busy moment of the machine falls on both sides alike.
  for (let r = 0; r < ROUNDS; r++) for (const s of sides) await round(s, c);
  const lastGate = cpuOf(kindred.child);
  await lastGate;
  for (const s of sides) s.child.disconnect();
  await Promise.all(sides.map((s) => new Promise((r) => s.child.once('exit', r))));
  model.child.kill();

  const perTurn = (s: TSide, micros: number) => (micros / 1000 / s.turns).toFixed(2);
  const gate = await lastGate;
  for (const s of sides) {
    const { cpuMicros, mainMicros, encoderMicros, sysMicros, readCalls, writeCalls } = s.cpu;
    const { minorGcs, majorGcs, gcPauseMicros } = s.cpu;
    console.log(
      `    ${s.name.padEnd(14)} CPU ${perTurn(s, cpuMicros)} ms/turn (main ${perTurn(s, mainMicros)}, kernel ${perTurn(
        s,
        sysMicros,
      )}${encoderMicros ? `, encoder thread ${perTurn(s, encoderMicros)}` : ''})  first words p50 ${p50(
        s.firstWords,
      ).toFixed(
        0,
      )} ms p99 ${p99(s.firstWords).toFixed(0)} ms  ${((s.turns / s.wallMs) * 1000).toFixed(1)} turns/s  ${(
        readCalls / s.turns
      ).toFixed(1)} reads, ${(writeCalls / s.turns).toFixed(1)} writes/turn  GC per 100 turns: ${(
        (minorGcs * 100) / s.turns
      ).toFixed(
        1,
      )} young, ${((majorGcs * 100) / s.turns).toFixed(1)} full, paused ${perTurn(s, gcPauseMicros)} ms/turn`,
    );
  }
  console.log(
    `    Kindred's remote gate: limit ${gate.remoteLimit}, at most ${gate.mostFreeWaiting} free replies waiting`,
  );
  const [floor, ours] = sides as [TSide, TSide];
  const perRound = ours.rounds.map((micros, i) => micros / floor.rounds[i]!);
  const ratio = ours.cpu.cpuMicros / ours.turns / (floor.cpu.cpuMicros / floor.turns);
  console.log(
    `    ratio ${ratio.toFixed(2)}× (rounds in order ${perRound.map((x) => x.toFixed(2)).join(', ')})`,
  );
  return {
    kindredMs: ours.cpu.cpuMicros / 1000 / ours.turns,
    relayMs: floor.cpu.cpuMicros / 1000 / floor.turns,
    ratio,
    ttft: [p50(ours.firstWords), p50(floor.firstWords)],
    tps: [(ours.turns / ours.wallMs) * 1000, (floor.turns / floor.wallMs) * 1000],
  };
}

export async function runLoad() {
  const names = values.case === 'all' ? Object.keys(CASES) : [values.case!];
  const runs = Number(values.runs);
  console.log(
    `${chats} concurrent chats × ${turns} turns × ${ROUNDS} rounds, ${replyTokens}-token replies at ${tokenDelayMs} ms/token, database ${
      DATABASE_URL ? 'postgres' : 'pglite (embedded)'
    }, ${values.embeddings} encoder, ${runs} runs a case; load average at start ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  const summary: string[] = [];
  for (const name of names) {
    const c = CASES[name];
    if (!c) throw new Error(`unknown case ${name}: ${Object.keys(CASES).join(', ')} or all`);
    console.log(`\n${c.name}`);
    const results: TRunResult[] = [];
    for (let r = 0; r < runs; r++) {
      console.log(`  run ${r + 1} (load average ${os.loadavg()[0]!.toFixed(1)})`);
      results.push(await runOnce(c));
    }
    const med = (pick: (x: TRunResult) => number) => p50(results.map(pick));
    summary.push(
      `${name.padEnd(11)} Kindred ${med((x) => x.kindredMs).toFixed(2)} ms/turn, relay ${med((x) => x.relayMs).toFixed(2)}, ratio ${med(
        (x) => x.ratio,
      ).toFixed(
        2,
      )}× (runs ${results.map((x) => x.ratio.toFixed(2)).join(', ')}); first words p50 ${med((x) => x.ttft[0]).toFixed(0)} ms vs ${med(
        (x) => x.ttft[1],
      ).toFixed(0)} ms; ${med((x) => x.tps[0]).toFixed(1)} vs ${med((x) => x.tps[1]).toFixed(1)} turns/s`,
    );
  }
  if (retried503)
    console.log(`\n(${retried503} turns answered 503 model_unavailable once and were sent again)`);
  console.log(`\nmedians of ${runs} runs (Kindred vs its relay):`);
  for (const line of summary) console.log(`  ${line}`);
}
