// A small real HTTP server speaking OpenAI's /v1/moderations for tests: texts holding a flagged phrase
// come back flagged in the self-harm categories.
import { createServer } from 'node:http';
import { listenLocally } from './local-server.ts';

export type TFakeModeration = {
  /** Base URL ending with /v1. */
  url: string;
  requests: { input: string; authorization?: string }[];
  setMode(mode: 'ok' | 'fail'): void;
  close(): Promise<void>;
};

export async function startFakeModerationServer(options: { flagged: string[] }): Promise<TFakeModeration> {
  const requests: TFakeModeration['requests'] = [];
  let mode: 'ok' | 'fail' = 'ok';
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    if (req.method !== 'POST' || req.url !== '/v1/moderations') {
      res.writeHead(404).end();
      return;
    }
    const input = String((JSON.parse(body || '{}') as { input?: unknown }).input ?? '');
    requests.push({ input, authorization: req.headers.authorization });
    if (mode === 'fail') {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"down"}}');
      return;
    }
    const isFlagged = options.flagged.some((phrase) => input.toLowerCase().includes(phrase));
    const score = isFlagged ? 0.93 : 0.01;
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: 'modr-1',
        model: 'omni-moderation-latest',
        results: [
          {
            flagged: isFlagged,
            categories: { 'self-harm': isFlagged, 'self-harm/intent': isFlagged, violence: false },
            category_scores: { 'self-harm': score, 'self-harm/intent': score, violence: 0.01 },
          },
        ],
      }),
    );
  });
  const { origin, close } = await listenLocally(server);
  return {
    url: `${origin}/v1`,
    requests,
    setMode: (m) => {
      mode = m;
    },
    close,
  };
}
