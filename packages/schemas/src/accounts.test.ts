import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EmailSchema, LoginBodySchema, PasswordSchema, RegistryBodySchema, SecretKeySchema } from './accounts.ts';

describe('account schemas', () => {
  it('passwords: 8 to 128 characters, kept exactly as typed', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 8, maxLength: 128, unit: 'grapheme-ascii' }), (pw) => {
        expect(PasswordSchema.parse(pw)).toBe(pw);
      }),
    );
    expect(PasswordSchema.safeParse('1234567').success).toBe(false);
    expect(PasswordSchema.safeParse('x'.repeat(129)).success).toBe(false);
  });

  it('e-mails are trimmed and lower-cased', () => {
    expect(EmailSchema.parse('  Pilot@Starport.Local ')).toBe('pilot@starport.local');
    expect(EmailSchema.safeParse('not-an-email').success).toBe(false);
  });

  it('request bodies are strict: unknown fields are refused', () => {
    const res = RegistryBodySchema.safeParse({ username: 'abc', email: 'a@b.co', password: 'password-1', role: 'admin' });
    expect(res.success).toBe(false);
    expect(LoginBodySchema.safeParse({ email: 'a', password: 'b', remember: true }).success).toBe(true);
  });

  it('secret keys are URL-safe and bounded', () => {
    expect(SecretKeySchema.safeParse('A'.repeat(43)).success).toBe(true);
    for (const bad of ['short', 'x'.repeat(200), 'has space in it and more', '../../etc/passwd/xxxx']) {
      expect(SecretKeySchema.safeParse(bad).success).toBe(false);
    }
  });
});
