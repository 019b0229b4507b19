import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyPassword } from './password.ts';

describe('passwords', () => {
  it('hashes with scrypt and a random salt, and verifies only the right password', async () => {
    const a = await hashPassword('a fine passphrase');
    const b = await hashPassword('a fine passphrase');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('a fine passphrase', a)).toBe(true);
    expect(await verifyPassword('a fine passphrasE', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('refuses when there is no stored hash or it is not one of ours', async () => {
    expect(await verifyPassword('anything at all', null)).toBe(false);
    expect(await verifyPassword('anything at all', undefined)).toBe(false);
    expect(await verifyPassword('anything at all', 'plain-text')).toBe(false);
  });

  it('has a strength floor', () => {
    expect(passwordProblem('short')).toMatch(/at least 10/);
    expect(passwordProblem('password123')).toMatch(/too common/);
    expect(passwordProblem('qwertyuiop')).toMatch(/too common/);
    expect(passwordProblem('abababababab')).toMatch(/different characters/);
    expect(passwordProblem('robin-rocks-123', 'robin@example.com')).toMatch(/email/);
    expect(passwordProblem('x'.repeat(201))).toMatch(/at most 200/);
    expect(passwordProblem('correct horse battery staple', 'ada@example.com')).toBeNull();
  });
});
