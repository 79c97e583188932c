import { describe, expect, it } from 'vitest';
import { SUBSCRIBER_STATUSES } from './plans';
import { formStatusEvent, formStatusOptions, isAllowed } from './subscriber-status-machine';

describe('the statuses the subscriber form offers (ADR 033)', () => {
  it('from each status: that status, then only the moves the machine allows the form', () => {
    expect(formStatusOptions('pending_payment')).toEqual(['pending_payment', 'inactive']);
    expect(formStatusOptions('pending')).toEqual(['pending', 'inactive']);
    expect(formStatusOptions('active')).toEqual(['active', 'inactive']);
    expect(formStatusOptions('expired')).toEqual(['expired', 'inactive']);
    expect(formStatusOptions('cancelled')).toEqual(['cancelled', 'inactive']);
    expect(formStatusOptions('inactive')).toEqual([
      'pending',
      'pending_payment',
      'active',
      'expired',
      'inactive',
    ]);
  });

  it('offers exactly what the server accepts: every other pair is refused', () => {
    for (const from of SUBSCRIBER_STATUSES) {
      for (const to of SUBSCRIBER_STATUSES) {
        if (from === to) continue;
        const offered = formStatusOptions(from).includes(to);
        const event = formStatusEvent(from, to);
        expect(offered, `${from} → ${to}`).toBe(event !== null);
        if (event) expect(isAllowed(from, event, to)).toBe(true);
      }
    }
  });
});
