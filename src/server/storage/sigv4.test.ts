import { describe, expect, it } from 'vitest';
import { encodePath, signRequest } from './sigv4.ts';

const credentials = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};

describe('signRequest', () => {
  it('matches the published S3 "GET Object" signature example', () => {
    const headers = signRequest({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9' },
      credentials,
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('hashes the body and changes the signature when the body changes', () => {
    const sign = (body: string) =>
      signRequest({
        method: 'PUT',
        url: new URL('http://127.0.0.1:9000/bucket/a.webp'),
        headers: { 'content-type': 'image/webp' },
        body: Buffer.from(body),
        credentials,
        now: new Date('2024-01-01T00:00:00Z'),
      });
    expect(sign('a')['x-amz-content-sha256']).toBe(
      'ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb',
    );
    expect(sign('a').authorization).not.toBe(sign('b').authorization);
  });

  it('encodes path segments the way S3 expects', () => {
    expect(encodePath('avatars/a b$(x)*.webp')).toBe('avatars/a%20b%24%28x%29%2A.webp');
  });
});
