import { describe, expect, it } from 'vitest';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';

describe('passwords', () => {
  it('are hashed with argon2id, salted, and verified', async () => {
    const first = await hashPassword('segredo123');
    const second = await hashPassword('segredo123');
    expect(first.startsWith('$argon2id$')).toBe(true);
    expect(first).not.toContain('segredo123');
    expect(first).not.toBe(second);
    expect(await verifyPassword(first, 'segredo123')).toBe(true);
    expect(await verifyPassword(first, 'segredo124')).toBe(false);
  });

  it('a malformed stored hash is a failed check, not an exception', async () => {
    expect(await verifyPassword('not-a-hash', 'segredo123')).toBe(false);
  });

  it('the dummy hash used for unknown e-mails is a real argon2id hash', async () => {
    expect((await dummyPasswordHash()).startsWith('$argon2id$')).toBe(true);
  });
});
