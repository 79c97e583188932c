import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import { automaticRenewals, outbox, renewalAttempts } from '../db/schema';
import { accountsSeed } from './accounts';
import { OTAVIO_EMAIL, automaticRenewalSeed } from './automatic-renewal';
import { runSeed } from './index';
import { memberPortalSeed } from './member-portal';

let t: TestApp;
useTestApp((app) => (t = app));

describe('demo seed: automatic renewal', () => {
  it('Helena has it on; Otávio was charged once, refused, and is in retry; a second run charges nothing', async () => {
    const modules = [accountsSeed, memberPortalSeed, automaticRenewalSeed];
    const { lines } = await runSeed(t.services, modules);
    expect(lines).toContain(
      'renovação automática: 2 confrade(s) com renovação automática ligada (Helena; Otávio em nova tentativa: 1 recusa agora)',
    );
    expect(
      t.services.db
        .select()
        .from(automaticRenewals)
        .all()
        .filter((row) => row.enabled),
    ).toHaveLength(2);
    expect(t.services.db.select().from(renewalAttempts).all()).toHaveLength(1);
    const told = t.services.db.select().from(outbox).where(eq(outbox.recipient, OTAVIO_EMAIL)).all();
    expect(told.map((message) => message.template)).toEqual(['automatic_renewal_failed']);

    const second = await runSeed(t.services, modules);
    expect(second.lines).toContain(
      'renovação automática: 0 confrade(s) com renovação automática ligada (Helena; Otávio em nova tentativa: 0 recusa agora)',
    );
    expect(t.services.db.select().from(renewalAttempts).all()).toHaveLength(1);
  });
});
