// A small real HTTP server speaking enough of the OpenAI chat and embeddings APIs (and Ollama's model
// list) for tests, e2e runs and load benchmarks.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  contentText,
  fakeEmbedding,
  fakeJsonAnswer,
  fakeReply,
  padTokens,
  readBody,
  sendJson,
  sleep,
  toTokens,
} from './fake-openai-answers.ts';
import { listenLocally } from './local-server.ts';

/**
 * ok: answer; fail: HTTP 500; hang: never answer; drop: send two tokens, then cut the connection (a model
 * killed mid-reply); down: cut every connection at once, model list included (a model that is not running).
 */
export type TFakeOpenAIMode = 'ok' | 'fail' | 'hang' | 'drop' | 'down';
const MODES: readonly TFakeOpenAIMode[] = ['ok', 'fail', 'hang', 'drop', 'down'];

export type TFakeOpenAIOptions = {
  /** Delay between streamed tokens, in ms (default 0). */
  tokenDelayMs?: number;
  mode?: TFakeOpenAIMode;
  /** The model id listed by GET /v1/models (any requested model is answered). */
  model?: string;
  /** When set, requests must carry `Authorization: Bearer <apiKey>` or get 401. */
  apiKey?: string;
  /** Keep a log of chat requests (default true; a long benchmark may turn it off). */
  logRequests?: boolean;
  /** Pad every reply to this many tokens (benchmarks: replies of a realistic length). */
  replyTokens?: number;
  /** A provider with room for this many streamed replies at once (default: no limit); see `whenFull`. */
  capacity?: number;
  /** Past capacity: 'refuse' answers 429 with Retry-After; 'queue' holds the request (its first token comes later). */
  whenFull?: 'refuse' | 'queue';
};

export type TFakeChatRequest = {
  model: string;
  stream: boolean;
  messages: { role: string; content: string }[];
  maxTokens?: number;
  authorization?: string;
  /** response_format.type of a structured-output request ('json_schema', 'json_object'). */
  responseFormat?: string;
};

export type TFakeOpenAI = {
  /** Base URL ending with /v1. */
  url: string;
  requests: TFakeChatRequest[];
  setMode(mode: TFakeOpenAIMode): void;
  setTokenDelay(ms: number): void;
  /** TCP connections clients have opened so far (kept-alive connections are reused). */
  connections(): number;
  /** Room for streamed replies (null: no limit) and what happens past it. */
  setCapacity(capacity: number | null, whenFull?: 'refuse' | 'queue'): void;
  /** Streamed replies: the most generating at once, and how many were refused with 429. */
  streamStats(): { peakInFlight: number; refused: number };
  close(): Promise<void>;
};

export async function startFakeOpenAI(options: TFakeOpenAIOptions = {}): Promise<TFakeOpenAI> {
  let mode: TFakeOpenAIMode = options.mode ?? 'ok';
  let tokenDelayMs = options.tokenDelayMs ?? 0;
  const modelId = options.model ?? 'fake-model';
  const isLogging = options.logRequests ?? true;
  const requests: TFakeChatRequest[] = [];
  let completionCount = 0;
  let capacity = options.capacity ?? null;
  let whenFull = options.whenFull ?? 'refuse';
  let inFlight = 0;
  let peakInFlight = 0;
  let refused = 0;
  const queued: (() => void)[] = [];

  const handleChat = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    } catch {
      sendJson(res, 400, { error: { message: 'invalid JSON', type: 'invalid_request_error' } });
      return;
    }
    const rawMessages = Array.isArray(body.messages) ? (body.messages as Record<string, unknown>[]) : [];
    const messages = rawMessages.map((m) => ({ role: String(m.role), content: contentText(m.content) }));
    const maxTokens = Number(body.max_completion_tokens ?? body.max_tokens) || undefined;
    const request: TFakeChatRequest = {
      model: String(body.model ?? ''),
      stream: body.stream === true,
      messages,
      maxTokens,
      authorization: req.headers.authorization,
      responseFormat: (body.response_format as { type?: string } | undefined)?.type,
    };
    if (isLogging) requests.push(request);

    if (mode === 'hang') return; // the client's abort or close() ends it
    if (mode === 'fail') {
      sendJson(res, 500, { error: { message: 'The fake model failed on purpose.', type: 'server_error' } });
      return;
    }

    const format = body.response_format as { type?: string; json_schema?: { schema?: unknown } } | undefined;
    const isJson = format?.type === 'json_schema' || format?.type === 'json_object';
    const answerText = isJson ? fakeJsonAnswer(messages, format?.json_schema?.schema) : fakeReply(messages);
    const tokens = isJson
      ? [answerText]
      : padTokens(toTokens(answerText), options.replyTokens).slice(0, maxTokens);
    const id = `chatcmpl-fake-${++completionCount}`;
    const created = Math.floor(Date.now() / 1000);
    const usage = {
      prompt_tokens: messages.reduce((n, m) => n + toTokens(m.content).length, 0),
      completion_tokens: tokens.length,
      total_tokens: 0,
    };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
    const finishReason = maxTokens !== undefined && tokens.length >= maxTokens ? 'length' : 'stop';

    if (!request.stream) {
      await sleep(tokenDelayMs * tokens.length);
      sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model: request.model,
        choices: [
          { index: 0, message: { role: 'assistant', content: tokens.join('') }, finish_reason: finishReason },
        ],
        usage,
      });
      return;
    }

    if (capacity !== null && inFlight >= capacity) {
      if (whenFull === 'refuse') {
        refused += 1;
        res.setHeader('retry-after', '1');
        sendJson(res, 429, { error: { message: 'Rate limit reached, slow down.', type: 'rate_limit' } });
        return;
      }
      await new Promise<void>((resolve) => queued.push(resolve));
    }
    inFlight += 1;
    peakInFlight = Math.max(peakInFlight, inFlight);
    try {
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      const send = (choiceDelta: Record<string, unknown>, finish: string | null, extra: object = {}) =>
        res.write(
          `data: ${JSON.stringify({
            id,
            object: 'chat.completion.chunk',
            created,
            model: request.model,
            choices: [{ index: 0, delta: choiceDelta, finish_reason: finish }],
            ...extra,
          })}\n\n`,
        );
      send({ role: 'assistant', content: '' }, null);
      for (const [i, token] of tokens.entries()) {
        if (res.destroyed) return;
        if (tokenDelayMs > 0) await sleep(tokenDelayMs);
        if (mode === 'drop' && i === 2) {
          res.destroy();
          return;
        }
        send({ content: token }, null);
      }
      const streamOptions = body.stream_options as { include_usage?: boolean } | undefined;
      send({}, finishReason, streamOptions?.include_usage ? { usage } : {});
      res.end('data: [DONE]\n\n');
    } finally {
      inFlight -= 1;
      queued.shift()?.();
    }
  };

  const handleEmbeddings = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let body: { input?: unknown; model?: string; dimensions?: number };
    try {
      body = JSON.parse(await readBody(req)) as typeof body;
    } catch {
      sendJson(res, 400, { error: { message: 'invalid JSON', type: 'invalid_request_error' } });
      return;
    }
    if (mode === 'fail') {
      sendJson(res, 500, { error: { message: 'The fake model is failing', type: 'server_error' } });
      return;
    }
    const inputs =
      typeof body.input === 'string' ? [body.input] : Array.isArray(body.input) ? body.input : [];
    sendJson(res, 200, {
      object: 'list',
      model: body.model ?? modelId,
      data: inputs.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: fakeEmbedding(String(text), body.dimensions ?? 512),
      })),
      usage: { prompt_tokens: 0, total_tokens: 0 },
    });
  };

  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'POST' && path === '/__fake/mode') {
      // The browser suite's servers run in another process: it switches the mode over HTTP.
      readBody(req)
        .then((text) => {
          const body = JSON.parse(text) as { mode?: TFakeOpenAIMode; tokenDelayMs?: number };
          if (body.mode && MODES.includes(body.mode)) mode = body.mode;
          if (typeof body.tokenDelayMs === 'number') tokenDelayMs = body.tokenDelayMs;
          sendJson(res, 200, { mode, tokenDelayMs });
        })
        .catch(() => sendJson(res, 400, { error: { message: 'invalid JSON' } }));
      return;
    }
    if (mode === 'down') {
      req.socket.destroy();
      return;
    }
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      sendJson(res, 401, {
        error: { message: 'Incorrect API key provided.', type: 'invalid_request_error' },
      });
      return;
    }
    if (req.method === 'GET' && path === '/v1/models') {
      sendJson(res, 200, {
        object: 'list',
        data: [{ id: modelId, object: 'model', created: 0, owned_by: 'fake' }],
      });
      return;
    }
    if (req.method === 'GET' && path === '/api/tags') {
      // Ollama's model list, so the server (without /v1) also stands in for an Ollama.
      sendJson(res, 200, { models: [{ name: `${modelId}:latest`, model: `${modelId}:latest` }] });
      return;
    }
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      handleChat(req, res).catch(() => res.destroy());
      return;
    }
    if (req.method === 'POST' && path === '/v1/embeddings') {
      handleEmbeddings(req, res).catch(() => res.destroy());
      return;
    }
    sendJson(res, 404, {
      error: { message: `No route ${req.method} ${path}`, type: 'invalid_request_error' },
    });
  });

  let connections = 0;
  server.on('connection', () => {
    connections++;
  });
  const local = await listenLocally(server);

  return {
    url: `${local.origin}/v1`,
    requests,
    setMode(next) {
      mode = next;
    },
    setTokenDelay(ms) {
      tokenDelayMs = ms;
    },
    connections: () => connections,
    setCapacity(next, nextWhenFull) {
      capacity = next;
      if (nextWhenFull) whenFull = nextWhenFull;
      let room = capacity === null ? queued.length : capacity - inFlight;
      while (room-- > 0 && queued.length > 0) queued.shift()?.();
    },
    streamStats: () => ({ peakInFlight, refused }),
    close: local.close,
  };
}
