// Small real HTTP servers speaking enough of OpenAI's /v1/audio/speech and ElevenLabs' voice design and
// text-to-speech calls for tests: they answer with real MP3 (a flite sample) and log what they got.
import { createServer, type IncomingMessage } from 'node:http';
import { listenLocally } from './local-server.ts';

export type TFakeSpeechRequest = {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
};

export type TFakeSpeechServer = { url: string; requests: TFakeSpeechRequest[]; close(): Promise<void> };

async function start(
  answer: (req: TFakeSpeechRequest) => { status: number; type: string; body: Buffer | string },
): Promise<TFakeSpeechServer> {
  const requests: TFakeSpeechRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    } catch {}
    const request = { path: req.url ?? '', headers: req.headers, body };
    requests.push(request);
    const out = answer(request);
    res.writeHead(out.status, { 'content-type': out.type });
    res.end(out.body);
  });
  const { origin, close } = await listenLocally(server);
  return { url: origin, requests, close };
}

/** OpenAI-compatible speech at `${url}/v1/audio/speech`; wants `Authorization: Bearer <apiKey>`. */
export function startFakeOpenAISpeech(opts: { apiKey: string; mp3: Buffer }) {
  return start((req) => {
    if (req.headers.authorization !== `Bearer ${opts.apiKey}`)
      return { status: 401, type: 'application/json', body: '{}' };
    if (req.path !== '/v1/audio/speech') return { status: 404, type: 'application/json', body: '{}' };
    return { status: 200, type: 'audio/mpeg', body: opts.mp3 };
  });
}

/** ElevenLabs: design previews, keeping a designed voice, and speech by voice id; wants `xi-api-key`. */
export function startFakeElevenLabs(opts: { apiKey: string; mp3: Buffer }) {
  let designed = 0;
  return start((req) => {
    if (req.headers['xi-api-key'] !== opts.apiKey)
      return { status: 401, type: 'application/json', body: '{}' };
    if (req.path === '/v1/text-to-voice/design') {
      designed += 1;
      const previews = [
        { generated_voice_id: `gen-${designed}`, audio_base_64: opts.mp3.toString('base64') },
      ];
      return { status: 200, type: 'application/json', body: JSON.stringify({ previews, text: 'sample' }) };
    }
    if (req.path === '/v1/text-to-voice') {
      const voice_id = `voice-${String(req.body.generated_voice_id)}`;
      return { status: 200, type: 'application/json', body: JSON.stringify({ voice_id }) };
    }
    if (req.path.startsWith('/v1/text-to-speech/'))
      return { status: 200, type: 'audio/mpeg', body: opts.mp3 };
    return { status: 404, type: 'application/json', body: '{}' };
  });
}

/** OpenAI-compatible `/v1/audio/transcriptions`: answers a fixed text for any uploaded recording. */
export function startFakeTranscriber(opts: { text: string }) {
  return start((req) => {
    if (req.path !== '/v1/audio/transcriptions') return { status: 404, type: 'application/json', body: '{}' };
    return { status: 200, type: 'application/json', body: JSON.stringify({ text: opts.text }) };
  });
}
