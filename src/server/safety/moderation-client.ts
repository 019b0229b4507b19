// The optional moderation provider: an OpenAI-compatible /v1/moderations (MODERATION_URL), whose
// self-harm categories count as a crisis beside the embedded detector. It never blocks a send: a slow
// or failing provider is logged and the embedded detector's answer stands.
import type { TLogger } from '../lib/logger.ts';

export type TModerationClient = {
  /** True when the provider flags the text (or scores it past the floor) in a self-harm category. */
  isSelfHarm(text: string): Promise<boolean>;
};

export type TModerationOptions = {
  url: string;
  apiKey?: string;
  model?: string;
  /** A self-harm category score at or above this counts even when the provider does not flag it. */
  scoreFloor?: number;
  timeoutMs?: number;
  log?: TLogger;
};

type TModerationAnswer = {
  results?: { categories?: Record<string, boolean>; category_scores?: Record<string, number> }[];
};

/** MODERATION_URL may name the endpoint itself, its /v1 base, or the server. */
export function moderationEndpoint(url: string): string {
  const base = url.replace(/\/+$/, '');
  if (base.endsWith('/moderations')) return base;
  if (base.endsWith('/v1')) return `${base}/moderations`;
  return `${base}/v1/moderations`;
}

const isSelfHarmCategory = (name: string) => name.startsWith('self-harm') || name.startsWith('self_harm');

export function createModerationClient(options: TModerationOptions): TModerationClient {
  const endpoint = moderationEndpoint(options.url);
  const floor = options.scoreFloor ?? 0.5;
  return {
    async isSelfHarm(text) {
      try {
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({
            input: text.slice(0, 8_000),
            ...(options.model ? { model: options.model } : {}),
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 3_000),
        });
        if (!response.ok) throw new Error(`moderation answered ${response.status}`);
        const answer = (await response.json()) as TModerationAnswer;
        return (answer.results ?? []).some(
          (result) =>
            Object.entries(result.categories ?? {}).some(
              ([name, flagged]) => flagged && isSelfHarmCategory(name),
            ) ||
            Object.entries(result.category_scores ?? {}).some(
              ([name, score]) => isSelfHarmCategory(name) && score >= floor,
            ),
        );
      } catch (error) {
        options.log?.warn({ err: error }, 'moderation provider failed; the embedded detector decides alone');
        return false;
      }
    },
  };
}
