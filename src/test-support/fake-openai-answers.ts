// What the fake OpenAI-compatible model answers (the reply, the judge's JSON, an embedding) and the small
// HTTP pieces its server uses: deterministic, so tests can say what they expect.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fakeFact, fakeReconcile, readJudgeRequest } from './fake-judge.ts';

export type TMessage = { role: string; content: string };

/** The deterministic reply: an echo of the last user message's first words, with thoughts if asked. */
export function fakeReply(messages: TMessage[]): string {
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  const words = (lastUser?.content ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 4).join(' ');
  const reply = `${words || 'Hello'}… I hear you.`;
  const wantsThoughts = messages.some((m) => m.role === 'system' && m.content.includes('<thoughts>'));
  return wantsThoughts ? `<thoughts>They said "${words}". I should listen.</thoughts>${reply}` : reply;
}

/**
 * The answer to a structured-output request (response_format json_schema, e.g. the memory judge): an
 * object following the schema's properties. Booleans say whether the last user message tells something
 * about the person (at least four words, speaks of I/my/me, not a question); integers take 4 (or the
 * maximum). The judge's facts and the fact keeper's decision are answered as a model would (fake-judge.ts).
 */
export function fakeJsonAnswer(messages: TMessage[], schema: unknown): string {
  const lastUser = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const { said, name, sentOn } = readJudgeRequest(lastUser);
  const isSubstantial =
    said.split(/\s+/).filter((w) => /\p{L}{2,}/u.test(w)).length >= 4 &&
    /\b(i|i'm|im|my|me|mine|we|our)\b/i.test(said) &&
    !said.endsWith('?');
  const properties =
    (schema as { properties?: Record<string, { type?: string; maximum?: number }> } | undefined)
      ?.properties ?? {};
  if ('action' in properties) return JSON.stringify(fakeReconcile(lastUser));
  const answer: Record<string, unknown> = {};
  for (const [key, prop] of Object.entries(properties)) {
    if (key === 'facts') answer[key] = isSubstantial ? [fakeFact(said, name, sentOn)] : [];
    else if (prop.type === 'boolean') answer[key] = isSubstantial;
    else if (prop.type === 'integer' || prop.type === 'number') answer[key] = Math.min(4, prop.maximum ?? 4);
    else if (prop.type === 'string') answer[key] = said.slice(0, 200);
    else answer[key] = null;
  }
  return JSON.stringify(answer);
}

/**
 * A deterministic embedding: each lower-cased word adds ±1 at two hashed places (a bag of words), so
 * texts sharing words are near each other; unit length, `dimensions` numbers (512 unless asked).
 */
export function fakeEmbedding(text: string, dimensions = 512): number[] {
  const v = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []) {
    let h = 2166136261;
    for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 16777619) >>> 0;
    v[h % dimensions]! += 1;
    v[(h >>> 9) % dimensions]! += h & 1 ? 0.5 : -0.5;
  }
  const norm = Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));
  return norm === 0 ? v.map((_, i) => (i === 0 ? 1 : 0)) : v.map((x) => x / norm);
}

/** Splits text into word-sized tokens that join back to the text exactly. */
export function toTokens(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [];
}

/** Adds words until there are `count` tokens (none when count is unset or already reached). */
export function padTokens(tokens: string[], count: number | undefined): string[] {
  const padded = [...tokens];
  while (count !== undefined && padded.length < count) padded.push(padded.length % 2 ? ' the' : ' road');
  return padded;
}

export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((part) => (typeof part?.text === 'string' ? part.text : '')).join('');
  }
  return '';
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
