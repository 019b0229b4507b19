// /admin's model states: each configured chat model asked just now whether it answers (Ollama's model
// list, the OpenAI-compatible /models, the embedded file on disk), with the error when it does not.
import type { TModelState } from '../../../shared/account.ts';
import type { TConfig } from '../../config.ts';

const CHECK_TIMEOUT_MS = 2500;

/** A reason a person can read: the network error's code (ECONNREFUSED, ENOTFOUND), a status or a timeout. */
export function describeFailure(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') {
      return `no answer within ${CHECK_TIMEOUT_MS / 1000} s`;
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code) return `${cause.code}${cause.message ? ` (${cause.message})` : ''}`;
    if (cause?.message) return `${error.message}: ${cause.message}`;
    return error.message;
  }
  return String(error);
}

async function check(name: string, where: string, probe: () => Promise<string | null>): Promise<TModelState> {
  const checkedAt = new Date().toISOString();
  try {
    const problem = await probe();
    return { name, where, state: problem ? 'not answering' : 'answering', lastError: problem, checkedAt };
  } catch (error) {
    return { name, where, state: 'not answering', lastError: describeFailure(error), checkedAt };
  }
}

async function getJson(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
  if (!res.ok) {
    await res.body?.cancel();
    return { problem: `HTTP ${res.status} from ${url}`, body: null };
  }
  return { problem: null, body: (await res.json().catch(() => null)) as unknown };
}

export async function modelStates(
  config: TConfig,
  embedded: { file: string; isPresent: boolean },
): Promise<TModelState[]> {
  const ollamaBase = config.OLLAMA_BASE_URL.replace(/\/+$/, '');
  const checks = [
    check(`Ollama ${config.OLLAMA_MODEL}`, ollamaBase, async () => {
      const { problem, body } = await getJson(`${ollamaBase}/api/tags`);
      if (problem) return problem;
      const names = ((body as { models?: { name?: string }[] } | null)?.models ?? []).map((m) => m.name);
      const wanted = config.OLLAMA_MODEL;
      const has = names.some((n) => n === wanted || n === `${wanted}:latest`);
      return has ? null : `Ollama answers but has no model ${wanted} (ollama pull ${wanted})`;
    }),
  ];
  if (config.OPENAI_BASE_URL) {
    const base = config.OPENAI_BASE_URL.replace(/\/+$/, '');
    const headers: Record<string, string> = config.OPENAI_API_KEY
      ? { authorization: `Bearer ${config.OPENAI_API_KEY}` }
      : {};
    checks.push(
      check(
        `OpenAI-compatible ${config.OPENAI_MODEL}`,
        base,
        async () => (await getJson(`${base}/models`, headers)).problem,
      ),
    );
  }
  const states = await Promise.all(checks);
  states.push({
    name: `Embedded ${embedded.file}`,
    where: 'this server (llama.cpp)',
    state: embedded.isPresent ? 'answering' : 'not downloaded',
    lastError: null,
    checkedAt: new Date().toISOString(),
  });
  return states;
}
