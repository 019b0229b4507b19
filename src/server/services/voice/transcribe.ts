// Speech input: recorded audio posted on to an OpenAI-compatible /v1/audio/transcriptions.
import { AppError } from '../../lib/errors.ts';

export type TTranscriber = { baseUrl: string; apiKey?: string; model: string };

export async function transcribe(t: TTranscriber, audio: Blob, filename: string): Promise<string> {
  const form = new FormData();
  form.append('file', audio, filename);
  form.append('model', t.model);
  const res = await fetch(`${t.baseUrl.replace(/\/$/, '')}/audio/transcriptions`, {
    method: 'POST',
    headers: t.apiKey ? { authorization: `Bearer ${t.apiKey}` } : {},
    body: form,
    signal: AbortSignal.timeout(60_000),
  }).catch(() => null);
  if (!res?.ok) throw new AppError('model_unavailable', 'Speech could not be transcribed just now');
  const body = (await res.json().catch(() => null)) as { text?: unknown } | null;
  if (typeof body?.text !== 'string') throw new AppError('model_unavailable', 'The transcription was empty');
  return body.text.trim();
}
