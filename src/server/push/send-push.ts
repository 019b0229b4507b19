// Sends one push to one subscription: web-push encrypts the payload (aes128gcm) and signs the VAPID
// headers; the request itself goes out with fetch (web-push's own sender speaks https only, and the tests'
// stand-in push service is plain http on this machine).
import webpush from 'web-push';
import type { TPushPayload } from '../../shared/push.ts';
import type { TVapid } from './vapid.ts';

export type TPushTarget = { endpoint: string; p256dh: string; auth: string };

/** 'gone': the push service no longer knows the subscription (404/410): it must be removed. */
export type TPushOutcome = { kind: 'sent' } | { kind: 'gone' } | { kind: 'failed'; error: string };

/** How long a push service keeps a push for an offline device. */
const TTL_SECONDS = 24 * 3600;
const TIMEOUT_MS = 10_000;

export async function sendPush(
  vapid: TVapid,
  target: TPushTarget,
  payload: TPushPayload,
): Promise<TPushOutcome> {
  try {
    const request = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      { vapidDetails: vapid, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'normal' },
    );
    const res = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: new Uint8Array(request.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.status === 404 || res.status === 410) return { kind: 'gone' };
    if (res.status >= 200 && res.status < 300) return { kind: 'sent' };
    return { kind: 'failed', error: `HTTP ${res.status}` };
  } catch (err) {
    return { kind: 'failed', error: (err as Error).message.slice(0, 300) };
  }
}
