import { readdirSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { setUpPerson, setUpTestApp } from '../../test-support/set-up.ts';
import { call } from '../../test-support/test-app.ts';

const t = setUpTestApp();
const me = setUpPerson(t);

const storedFiles = () => {
  try {
    return readdirSync(path.join(t.config.dataDir, 'media', 'avatars'));
  } catch {
    return [];
  }
};

function upload(bytes: Uint8Array, name = 'avatar.png', type = 'image/png', field = 'avatar') {
  const form = new FormData();
  form.append(field, new File([new Uint8Array(bytes)], name, { type }));
  return call(t, 'POST', '/upload/avatar', { user: me, body: form });
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A few hundred bytes that claim 100,000 x 100,000 pixels: the shape of a decompression bomb. */
function hugeDimensionPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(100_000, 0);
  ihdr.writeUInt32BE(100_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(100_001 * 4))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function expect400(res: Response, message: RegExp) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { code: string; message: string };
  expect(body.code).toBe('bad_request');
  expect(body.message).toMatch(message);
}

describe('POST /upload/avatar', () => {
  it('re-encodes each accepted kind to a 512x512 WebP under a random name, served at /media', async () => {
    const base = sharp({ create: { width: 300, height: 200, channels: 3, background: '#2266aa' } });
    const inputs: [string, Buffer][] = [
      ['png', await base.clone().png().toBuffer()],
      [
        'jpeg',
        await base
          .clone()
          .jpeg()
          .withMetadata({ exif: { IFD0: { Artist: 'Secret Person' } } })
          .toBuffer(),
      ],
      ['webp', await base.clone().webp().toBuffer()],
      ['gif', await base.clone().gif().toBuffer()],
    ];
    expect(inputs[1]![1].includes(Buffer.from('Secret Person'))).toBe(true);
    const urls = new Set<string>();
    for (const [kind, bytes] of inputs) {
      // The declared name and type are deliberately wrong: only the bytes count.
      const res = await upload(bytes, 'whatever.txt', 'text/plain');
      expect(res.status, kind).toBe(201);
      const { avatarUrl } = (await res.json()) as { avatarUrl: string };
      expect(avatarUrl).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\.webp$/);
      urls.add(avatarUrl);
      const served = await t.app.request(avatarUrl);
      expect(served.status).toBe(200);
      const out = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(out).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
      expect(meta.exif).toBeUndefined();
      expect(out.includes(Buffer.from('Secret Person'))).toBe(false);
    }
    expect(urls.size).toBe(4);
  });

  it('refuses a renamed text file, junk with an image header, an oversized file and a pixel bomb, storing nothing', async () => {
    const before = storedFiles();
    await expect400(
      await upload(Buffer.from('hello, I am text\n'.repeat(50)), 'cat.png'),
      /PNG, JPEG, WebP or GIF/,
    );
    const truncated = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64),
    ]);
    await expect400(await upload(truncated), /could not be read/);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expect400(await upload(svg, 'x.svg', 'image/svg+xml'), /PNG, JPEG, WebP or GIF/);
    // Just over the 5 MiB limit, still under the request guard: a clear 400.
    const big = Buffer.alloc(t.config.UPLOAD_LIMIT_BYTES + 1024);
    (
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer()
    ).copy(big);
    await expect400(await upload(big), /larger than 5 MiB/);
    await expect400(await upload(hugeDimensionPng()), /100000x100000 pixels/);
    await expect400(await upload(Buffer.alloc(0)), /empty/);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a body far over the limit before reading it', async () => {
    const before = storedFiles();
    const res = await upload(Buffer.alloc(t.config.UPLOAD_LIMIT_BYTES * 2));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'payload_too_large' });
    expect(storedFiles()).toEqual(before);
  });

  it('is 401 signed out, 400 without the avatar field or a form, 403 from another site', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('avatar', new File([new Uint8Array(png)], 'a.png'));
    expect((await call(t, 'POST', '/upload/avatar', { body: form })).status).toBe(401);
    await expect400(await upload(png, 'a.png', 'image/png', 'picture'), /field "avatar"/);
    await expect400(
      await call(t, 'POST', '/upload/avatar', { user: me, json: { avatar: 'x' } }),
      /field "avatar"/,
    );
    const foreign = await call(t, 'POST', '/upload/avatar', {
      user: me,
      body: form,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
  });
});
