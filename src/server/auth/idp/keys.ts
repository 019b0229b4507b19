// The bundled provider's signing key and cookie key, made once and kept in the data folder.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function loadOrCreateSigningJwk(dataDir: string): Record<string, unknown> {
  const file = path.join(dataDir, 'idp-signing-key.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = {
    ...privateKey.export({ format: 'jwk' }),
    use: 'sig',
    alg: 'RS256',
    kid: randomBytes(8).toString('hex'),
  };
  writeFileSync(file, JSON.stringify(jwk), { mode: 0o600 });
  return jwk;
}
