// Imported first by main.tsx, before any schema is built: zod's JIT probes eval with `new Function`,
// which the page's Content-Security-Policy (no 'unsafe-eval') blocks and reports as a console error.
// zod keeps its settings on this global (what `z.config({ jitless: true })` writes); setting it here
// keeps zod itself out of the first page's bundle.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
