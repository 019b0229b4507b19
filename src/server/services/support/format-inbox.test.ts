import { describe, expect, it } from 'vitest';
import { formatSupportInbox } from './format-inbox.ts';

describe('formatSupportInbox', () => {
  it('marks priority messages and indents each message', () => {
    const text = formatSupportInbox([
      {
        id: 2,
        message: 'Billing question\nsecond line',
        isPriority: true,
        createdAt: '2026-11-23T01:00:00.000Z',
        userId: 5,
        email: 'plus@example.com',
        username: 'plus',
      },
      {
        id: 1,
        message: 'Hi',
        isPriority: false,
        createdAt: '2026-11-22T01:00:00.000Z',
        userId: 6,
        email: 'free@example.com',
        username: 'free',
      },
    ]);
    expect(text).toBe(
      '[PRIORITY] #2  2026-11-23T01:00:00.000Z  plus@example.com (plus)\n    Billing question\n    second line\n\n' +
        '#1  2026-11-22T01:00:00.000Z  free@example.com (free)\n    Hi',
    );
    expect(formatSupportInbox([])).toBe('No support messages.');
  });
});
