/** The one-time code allowance shared by the WhatsApp proof and the profile-update wizard. */
import { describe, expect, it } from 'vitest';
import { codeRefusal, type CodeLimits } from './code-allowance';

const limits: CodeLimits = { resendAfterMs: 60_000, maxTries: 5, perHour: 3 };
const now = new Date('2026-11-28T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const none = () => 0;

describe('codeRefusal', () => {
  it('lets the first code go', () => {
    expect(codeRefusal(undefined, none, now, limits)).toBeNull();
  });

  it('holds a new code back for a minute while the last one is unused and has tries left', () => {
    const last = { createdAt: ago(59_999), usedAt: null, attempts: 4 };
    expect(codeRefusal(last, none, now, limits)).toBe('resendTooSoon');
    expect(codeRefusal({ ...last, createdAt: ago(60_000) }, none, now, limits)).toBeNull();
  });

  it('does not hold back after the last code was used or ran out of tries', () => {
    expect(
      codeRefusal({ createdAt: ago(1_000), usedAt: ago(500), attempts: 0 }, none, now, limits),
    ).toBeNull();
    expect(codeRefusal({ createdAt: ago(1_000), usedAt: null, attempts: 5 }, none, now, limits)).toBeNull();
  });

  it('counts the codes of the last hour, and only when the last code does not already refuse', () => {
    const since: Date[] = [];
    const three = (at: Date) => (since.push(at), 3);
    expect(codeRefusal({ createdAt: ago(10 * 60_000), usedAt: null, attempts: 0 }, three, now, limits)).toBe(
      'tooManyCodes',
    );
    expect(since).toEqual([ago(3600_000)]);
    expect(codeRefusal({ createdAt: ago(1_000), usedAt: null, attempts: 0 }, three, now, limits)).toBe(
      'resendTooSoon',
    );
    expect(since).toHaveLength(1);
    expect(codeRefusal(undefined, () => 2, now, limits)).toBeNull();
  });
});
