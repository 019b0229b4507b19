import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp, type TFakeSmtp } from '../../test-support/fake-smtp-server.ts';
import { createMailer } from './mailer.ts';

let smtp: TFakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(() => smtp.close());

describe('createMailer', () => {
  it('is absent without SMTP_URL', () => {
    expect(createMailer({ SMTP_URL: undefined, MAIL_FROM: 'Kindred <kindred@localhost>' })).toBeNull();
  });

  it('sends a plain-text mail from MAIL_FROM through the SMTP relay', async () => {
    const mailer = createMailer({ SMTP_URL: smtp.url, MAIL_FROM: 'Kindred <kindred@example.com>' });
    await mailer!.send({ to: 'ada@example.com', subject: 'Hello', text: 'A line of text.' });
    const mail = await smtp.waitFor((m) => m.to.includes('ada@example.com'));
    expect(mail.from).toBe('kindred@example.com');
    expect(mail.raw).toContain('Subject: Hello');
    expect(mail.raw).toContain('A line of text.');
  });
});
