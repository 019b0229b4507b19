// The server's VAPID key pair: from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or made once at first start and
// kept in the data folder (like the identity provider's signing key), so every instance shares them.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { TConfig } from '../config.ts';

export type TVapid = { publicKey: string; privateKey: string; subject: string };

const FILE = 'vapid-keys.json';

export function loadOrCreateVapid(
  config: Pick<TConfig, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'dataDir' | 'publicUrl'>,
): TVapid {
  // Push services want a contact: an https: or mailto: URL (an http PUBLIC_URL is neither).
  const subject =
    config.VAPID_SUBJECT ??
    (config.publicUrl.startsWith('https://') ? config.publicUrl : 'mailto:owner@kindred.invalid');
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  const file = path.join(config.dataDir, FILE);
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { ...kept, subject };
  }
  const keys = webpush.generateVAPIDKeys();
  // 'wx': when two instances start together on one data folder, the second keeps the first one's pair.
  try {
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return { ...(JSON.parse(readFileSync(file, 'utf8')) as typeof keys), subject };
  }
  return { ...keys, subject };
}
