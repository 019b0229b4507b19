import { describe, expect, it } from 'vitest';
import { avatarPng, base64Json, v2Card, withTextChunks } from '../../test-support/test-cards.ts';
import { CardError, parseCard, type TCardErrorCode } from './index.ts';

function codeOf(bytes: Buffer): TCardErrorCode | 'no error' {
  try {
    parseCard({ bytes });
    return 'no error';
  } catch (error) {
    if (error instanceof CardError) return error.code;
    throw error;
  }
}

const json = (text: string) => Buffer.from(text, 'utf8');

describe('parseCard refuses malformed and hostile input', () => {
  it('random bytes', () => {
    const random = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7919 + 13) % 256));
    expect(codeOf(random)).toBe('card_malformed');
  });

  it('a PNG with no card chunk', async () => {
    expect(codeOf(await avatarPng())).toBe('card_malformed');
  });

  it('a PNG whose chunk checksum is wrong', async () => {
    const png = withTextChunks(await avatarPng(), [['chara', base64Json(v2Card)]]);
    // The IHDR checksum sits after the signature (8), length and type (8) and 13 header bytes.
    png[29]! ^= 0xff;
    expect(codeOf(png)).toBe('card_malformed');
  });

  it('a PNG chunk whose length points past the end of the file', async () => {
    const png = Buffer.from(await avatarPng());
    png.writeUInt32BE(0xfffffff0, 8);
    expect(codeOf(png)).toBe('card_malformed');
  });

  it('bad base64 in the chara chunk', async () => {
    const png = withTextChunks(await avatarPng(), [['chara', 'not base64 at all!!']]);
    expect(codeOf(png)).toBe('card_malformed');
  });

  it('base64 that decodes to invalid UTF-8', async () => {
    const png = withTextChunks(await avatarPng(), [
      ['chara', Buffer.from([0xff, 0xfe, 0x7b]).toString('base64')],
    ]);
    expect(codeOf(png)).toBe('card_malformed');
  });

  it('a JSON array', () => {
    expect(codeOf(json('[{"name":"x"}]'))).toBe('card_malformed');
  });

  it('deeply nested JSON', () => {
    const deep = `{"name":"x","description":"y","extensions":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    expect(codeOf(json(deep))).toBe('card_malformed');
  });

  it('a file over 8 MiB', () => {
    expect(codeOf(Buffer.alloc(8 * 1024 * 1024 + 1, 0x20))).toBe('card_too_large');
  });

  it('card JSON over 1 MiB inside a PNG', async () => {
    const big = { ...v2Card, data: { ...v2Card.data, description: 'x'.repeat(1024 * 1024) } };
    const png = withTextChunks(await avatarPng(), [['chara', base64Json(big)]]);
    expect(codeOf(png)).toBe('card_too_large');
  });

  it('a __proto__ key, without polluting Object.prototype', () => {
    const hostile = `{"spec":"chara_card_v2","spec_version":"2.0","data":{"name":"x","extensions":{"__proto__":{"polluted":"yes"}}}}`;
    expect(codeOf(json(hostile))).toBe('card_malformed');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a constructor.prototype key, without polluting Object.prototype', () => {
    const hostile = `{"name":"x","description":"y","constructor":{"prototype":{"polluted":"yes"}}}`;
    expect(codeOf(json(hostile))).toBe('card_malformed');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a JSON object that is not a character card', () => {
    expect(codeOf(json('{"hello":"world"}'))).toBe('card_unsupported');
  });

  it('an unknown card spec', () => {
    expect(codeOf(json('{"spec":"chara_card_v9","data":{"name":"x"}}'))).toBe('card_unsupported');
  });

  it('a card whose fields have the wrong types', () => {
    expect(codeOf(json('{"spec":"chara_card_v2","data":{"name":"x","extensions":[1,2]}}'))).toBe(
      'card_malformed',
    );
  });

  it('a JPEG, which cannot carry a card', () => {
    expect(codeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('card_unsupported');
  });
});
