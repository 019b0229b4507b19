// The reply pipeline's cost floor: CPU time of the server process per streamed turn, Kindred against a
// minimal Node relay that this bench ships (session lookup, store the message and read the context in
// one statement, stream the model with fetch, relay each delta as an SSE event, store the reply), both
// against the same fake OpenAI-compatible model and the same database, in one run, with the ratio.
//
// CPU time (user + system) of each server process, divided by its turns, is what it costs us; it does
// not depend on how busy the machine is with other work, unlike wall time. The fake model, the two
// servers and this load generator are four processes; each side runs alone (one after the other).
//
// By default it runs the three cases as shipped (memory on with the embedded encoder, the remote
// limit learnt from the provider, no REMOTE_MODEL_CONCURRENCY), `--runs` times each, each beside its relay:
// - shipped: people with no memories of the character whose messages hold nothing to keep, against the
//   plain relay (no memory work);
// - memory-off: Character Memory off, against the plain relay;
// - memories: every person starts with `--memories` memories of the character and half the turns tell
//   something worth keeping (the judge stores it); each round waits for the judge's queue to empty before
//   it reads the CPU. The relay then does the same work at its simplest (embed the message, one recall
//   statement, a JSON judge call after the reply, an insert when it says so).
// The sentence encoder is the embedded one (`--embeddings embedded`, in its own thread: its CPU is printed
// apart) or the fake model's /v1/embeddings (`--embeddings remote`, as with EMBEDDINGS_URL). Each run also
// prints the time to first words (p50, p99) and turns per second of both sides.
//
// Run: npm run bench:reply-pipeline [-- --case all|shipped|memory-off|memories --runs 3 --chats 50 --turns 6
//        --rounds 3 --token-delay 20 --reply-tokens 60 --embeddings embedded|remote --memories 8]
//      DATABASE_URL=postgres://... npm run bench:reply-pipeline   (PostgreSQL instead of the embedded one)
//      --profile <folder>: also write V8 CPU profiles and sampled allocation profiles of both servers'
//      measured phases there; summarise them with `node --import tsx bench/profile-summary.ts
//      <file.cpuprofile>` and `node --import tsx bench/allocation-summary.ts <file.heapprofile>`.
// Each side's line also counts its main thread's garbage collections (young and full, per 100 turns)
// and their pauses per turn.
//
// The parts are in bench/reply-pipeline/: options.ts (the flags), child.ts (what the server children
// share), kindred.ts (the fake model and Kindred), relay.ts (the minimal relay), turns.ts and load.ts
// (the load generator). Each child is this file run again with its --role.
import { values } from './reply-pipeline/options.ts';

if (values.role === 'model') await (await import('./reply-pipeline/kindred.ts')).runModel();
else if (values.role === 'kindred') await (await import('./reply-pipeline/kindred.ts')).runKindred();
else if (values.role === 'relay') await (await import('./reply-pipeline/relay.ts')).runRelay();
else await (await import('./reply-pipeline/load.ts')).runLoad();
