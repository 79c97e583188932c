/**
 * The subscriber record lists the notices a member was sent about automatic renewal (ADR 052):
 * which notice, for which period, when and by which channel — the e-mail always, the WhatsApp
 * when the number is proven — newest first; the member's own read does not carry them.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../../tests/app';
import { makeMember, type TestMember } from '../../../../tests/member';
import { accountPhones, subscribers } from '../../db/schema';
import { savedCardOf } from '../providers/sandbox/cards';
import { SANDBOX_APPROVED_CARD, SANDBOX_RENEWAL_DECLINED_CARD } from '../providers/sandbox';
import { runRenewalPass } from './pass';
import { rememberCard } from './saved-card';

let t: TestApp;
useTestApp((app) => (t = app));

const DAY = 24 * 3600 * 1000;

async function memberOn(number: string): Promise<TestMember & { end: Date }> {
  t.services.settings.update({ automaticRenewal: true });
  const member = await makeMember(t, { endInDays: 20 });
  const card = savedCardOf(member.subscriberId, { number, expMonth: 12, expYear: 2040 });
  rememberCard(t.services, { subscriberId: member.subscriberId, provider: 'sandbox', card });
  const view = await t.caller(member.token).automaticRenewal.mine();
  await t.caller(member.token).automaticRenewal.turnOn({ consentText: view.consentText! });
  const end = t.services.db.select().from(subscribers).where(eq(subscribers.id, member.subscriberId)).get()!
    .subscriptionEndDate!;
  return { ...member, end };
}

const noticesOf = async (subscriberId: string) => {
  const admin = await t.signIn('admin');
  return (await t.caller(admin.token).automaticRenewal.ofSubscriber({ subscriberId })).notices;
};

describe('the notices sent, in the subscriber record', () => {
  it('the notice before the date by e-mail and WhatsApp (proven number), then turned off by the admin', async () => {
    const member = await memberOn(SANDBOX_APPROVED_CARD);
    expect(await noticesOf(member.subscriberId)).toEqual([]);
    t.services.db
      .insert(accountPhones)
      .values({ userId: member.userId, phone: '11987650001', provenAt: t.clock.now() })
      .run();

    const noticeDay = new Date(member.end.getTime() - 5 * DAY);
    t.clock.set(noticeDay);
    expect(await runRenewalPass(t.services.automaticRenewal)).toMatchObject({ notices: 1 });
    expect(await noticesOf(member.subscriberId)).toEqual([
      {
        kind: 'notice',
        periodEnd: member.end.toISOString(),
        sentAt: noticeDay.toISOString(),
        channels: ['email', 'whatsapp'],
      },
    ]);

    t.clock.set(new Date(noticeDay.getTime() + 3600 * 1000));
    const admin = await t.signIn('admin');
    await t.caller(admin.token).automaticRenewal.turnOffForSubscriber({ subscriberId: member.subscriberId });
    const notices = await noticesOf(member.subscriberId);
    expect(notices.map((notice) => notice.kind)).toEqual(['turnedOff', 'notice']);
    // Turning off is told by e-mail only.
    expect(notices[0]).toEqual({
      kind: 'turnedOff',
      periodEnd: member.end.toISOString(),
      sentAt: new Date(noticeDay.getTime() + 3600 * 1000).toISOString(),
      channels: ['email'],
    });
    // The member's own read carries no such list.
    expect(await t.caller(member.token).automaticRenewal.mine()).not.toHaveProperty('notices');
  });

  it('a declined charge: the refusal with the next try, by e-mail, for that period', async () => {
    const member = await memberOn(SANDBOX_RENEWAL_DECLINED_CARD);
    const view = await t.caller(member.token).automaticRenewal.mine();
    t.clock.set(new Date(new Date(view.nextChargeDate!).getTime() + 13 * 3600 * 1000));
    expect(await runRenewalPass(t.services.automaticRenewal)).toMatchObject({ declined: 1 });
    const notices = await noticesOf(member.subscriberId);
    expect(notices.map((notice) => notice.kind)).toEqual(['retry']);
    expect(notices[0]).toMatchObject({ periodEnd: member.end.toISOString(), channels: ['email'] });
  });
});
