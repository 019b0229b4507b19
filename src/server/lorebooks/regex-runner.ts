// Runs a scan's regex keys under one time box: a pattern that backtracks too long is stopped, not waited for.
import vm from 'node:vm';

const context = vm.createContext({
  regexes: [] as RegExp[],
  texts: [] as string[],
  textOf: [] as number[],
  results: [] as boolean[],
});
// Runs inside the context so the engine's watchdog can stop it mid-match.
vm.runInContext(
  'function testAll() { for (let i = 0; i < regexes.length; i += 1) results[i] = regexes[i].test(texts[textOf[i]]); }',
  context,
);
const callTestAll = new vm.Script('testAll()');

export type TRegexRun = { results: boolean[]; timedOut: boolean };

export type TRegexTest = { regex: RegExp; text: number };

/**
 * Tests each regex against its text (an index into `texts`) under one time box (the watchdog costs about
 * a millisecond a call, so a scan step makes one call); when it runs out, the ones not yet tested count
 * as no match and `timedOut` says so. Synchronous, so one shared context is safe.
 */
export function testRegexes(tests: TRegexTest[], texts: string[], timeoutMs: number): TRegexRun {
  const results = tests.map(() => false);
  if (tests.length === 0) return { results, timedOut: false };
  context.regexes = tests.map((test) => test.regex);
  context.textOf = tests.map((test) => test.text);
  context.texts = texts;
  context.results = results;
  try {
    callTestAll.runInContext(context, { timeout: Math.max(1, Math.round(timeoutMs)) });
    return { results, timedOut: false };
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw error;
    return { results, timedOut: true };
  } finally {
    context.regexes = [];
    context.texts = [];
    context.textOf = [];
    context.results = [];
  }
}
