import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { sendResetLink } from './recovery-mail.ts';

// Without SMTP_URL the reset link reaches nobody by mail: the server log carries it for the operator.
describe('reset link without SMTP', () => {
  it('is written to the server log with its expiry', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino({ level: 'info' }, sink);
    const link = { url: 'http://localhost:3000/idp/password/reset?token=abc', expiresAt: new Date(0) };
    sendResetLink({ mailer: null, log }, 'ada@example.com', link);
    const entry = JSON.parse(lines[0]!);
    expect(entry.link).toBe(link.url);
    expect(entry.expiresAt).toBe(new Date(0).toISOString());
    expect(entry.msg).toContain('Reset your Kindred password');
    // The person's address is not logged beside the link.
    expect(lines[0]).not.toContain('ada@example.com');
  });
});
