/**
 * Automatic renewal walked end to end on the sandbox (ADR 052; the browser test of docs/product/decisions.md §3.4): a member
 * ticks the renewal box and pays by card on the sandbox's page; on the notice day the e-mail is in
 * the mailbox; on the charge day one charge, the period extended, "Obrigado por renovar!" and the
 * receipt in Pagamentos; a card declined on renewal is retried on the schedule with one e-mail each,
 * then the expiry rule applies (the owner reads the four refused tries in the subscriber record); a
 * member who turns it off is not charged on the date.
 *
 * How the clock moves: the server's clock is the machine's, and no HTTP path may move it (that would
 * be a backdoor in production code). "N days later" is instead written in the test database, as the
 * other specs write their members: every stored date of this member that the renewal's calendar
 * reads (the period, the attempts' period, the notices' period, the hold of a retry) moves N days
 * back, so today is N days later for them and for nothing else. Then the owner's command
 * `npm run jobs:run` (dist/scripts/jobs-run.js, built by `npm run test:e2e`) runs the scheduled
 * jobs once on the e2e DATA_DIR, as an owner runs it by hand. The e2e server runs the same passes on
 * its own schedule (JOBS=true); whichever runs first does the work and the other finds it done, so
 * every assertion reads this member's outcome (mailbox, payments, screens), never which process
 * did it — the "one charge per member and period" rule the walk checks is what makes that safe. A
 * member is only put on a due day when a charge there is what the step expects (turning off
 * happens before the date is reached).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { AUTOMATIC_RENEWAL_MSG, checkoutConsentSentence } from '../src/shared/automatic-renewal';
import { SETTINGS_DEFAULTS } from '../src/shared/content/settings-defaults';
import { formatDate, formatMoney } from '../src/shared/format';
import { DAY_MS, saoPauloDayStart } from '../src/shared/sao-paulo-time';
import { seriousA11yViolations } from './a11y';
import { e2eDb, expect, openWritableDb, test } from './fixtures';
import { createSeededMember, logIn, logInAsAdmin, type SeededMember } from './members';

const run = promisify(execFile);
const APPROVED = '4111 1111 1111 1111';
/** Approved at the checkout, declined when charged again without the member (sandbox test card). */
const DECLINED_ON_RENEWAL = '4000 0000 0000 0101';
const WIDTHS = [390, 1280] as const;
/**
 * What `jobs:run` prints when the renewal pass ran (the club offers it). The count is not read:
 * members other specs left in the database may be due too; each step reads its own member's rows.
 */
const PASS_RAN = /Renovação automática: \d+ cobrança\(s\) enviada\(s\)/;

/** The club's renewal price as the server reads it. */
function renewalPrice(): number {
  const [row] = e2eDb.query<{ value: string }>("select value from settings where key = 'priceRenewal'");
  return row ? (JSON.parse(row.value) as number) : SETTINGS_DEFAULTS.priceRenewal;
}

/** `npm run jobs:run` on the e2e database; returns what it printed. */
async function jobsRun(): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--enable-source-maps', path.join('dist', 'scripts', 'jobs-run.js')],
    {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATA_DIR: process.env.E2E_DATA_DIR,
        PUBLIC_URL: process.env.E2E_BASE_URL,
      },
    },
  );
  return stdout;
}

function endOf(member: SeededMember): Date {
  const [row] = e2eDb.query<{ end: number }>(
    'select subscription_end_date as "end" from subscribers where id = ?',
    member.subscriberId,
  );
  return new Date(row?.end ?? 0);
}

/**
 * "`days` days later" for this member alone: every date the renewal's calendar reads moves back
 * by that many days (see the header).
 */
function later(member: SeededMember, days: number): void {
  const shift = days * DAY_MS;
  const db = openWritableDb();
  try {
    db.transaction(() => {
      db.prepare(
        `update subscribers set subscription_end_date = subscription_end_date - ?,
           subscription_start_date = subscription_start_date - ? where id = ?`,
      ).run(shift, shift, member.subscriberId);
      db.prepare(
        `update payments set period_end_date = period_end_date - ?, previous_end_date = previous_end_date - ?
           where subscriber_id = ?`,
      ).run(shift, shift, member.subscriberId);
      db.prepare('update renewal_attempts set period_end = period_end - ? where subscriber_id = ?').run(
        shift,
        member.subscriberId,
      );
      db.prepare(
        `update automatic_renewals set notice_for = notice_for - ?, card_notice_for = card_notice_for - ?,
           grace_until = grace_until - ? where subscriber_id = ?`,
      ).run(shift, shift, shift, member.subscriberId);
    })();
  } finally {
    db.close();
  }
}

/** São Paulo days from today to the day of the member's end date. */
function daysToEnd(member: SeededMember): number {
  return Math.round(
    (saoPauloDayStart(endOf(member)).getTime() - saoPauloDayStart(new Date()).getTime()) / DAY_MS,
  );
}

/** Moves the clock so that the member's period ends `days` São Paulo days from today. */
function endIn(member: SeededMember, days: number): void {
  later(member, daysToEnd(member) - days);
}

/** The e-mails a member received with a subject starting so, oldest first. */
function mails(member: SeededMember, subject: string): string[] {
  return e2eDb
    .mailboxFor(member.email)
    .filter((mail) => mail.includes(`\nAssunto: ${subject}`))
    .reverse();
}

interface RenewalCharge {
  attempt: number;
  status: string;
  amount: number;
  card_last4: string | null;
}

/** The automatic renewal's charges at the sandbox, as the payments rows hold them. */
function renewalCharges(member: SeededMember): RenewalCharge[] {
  return e2eDb.query<RenewalCharge>(
    `select a.attempt, p.status, p.amount, p.card_last4 from renewal_attempts a
       join payments p on p.id = a.payment_id where a.subscriber_id = ? order by a.attempt`,
    member.subscriberId,
  );
}

async function setClubRenewal(page: Page, on: boolean) {
  await page.goto('/admin/settings');
  await page.getByRole('checkbox', { name: /Oferecer a renovação automática/ }).setChecked(on);
  await page.getByLabel('Aviso antes da cobrança (dias)').fill('7');
  await page.getByLabel('Novas tentativas após recusa (dias depois da data)').fill('1, 3, 7');
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('Configurações salvas com sucesso!').first()).toBeVisible();
}

/**
 * The member renews from "Minha Assinatura" with the automatic renewal box ticked and pays on the
 * sandbox's page with `cardNumber`; returns the sentence the box showed.
 */
async function renewWithBoxTicked(page: Page, member: SeededMember, cardNumber: string): Promise<string> {
  const bought = new Date(member.end.getTime() + 365 * DAY_MS);
  const sentence = checkoutConsentSentence(renewalPrice(), saoPauloDayStart(bought, -1));
  await logIn(page, member.email);
  await page.goto('/user/subscription');
  const box = page.getByRole('checkbox', { name: sentence });
  await expect(box).not.toBeChecked();
  await box.check();
  await page.getByRole('button', { name: 'Renovar agora' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox/pay/'));
  await page.getByLabel('Número do cartão').fill(cardNumber);
  await page.getByLabel('Nome no cartão').fill('CONFRADE TESTE');
  await page.getByLabel('Validade (MM/AA)').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: 'Pagar com cartão' }).click();
  await expect(page.getByText('Obrigado por renovar!')).toBeVisible();
  return sentence;
}

/** "Minha Assinatura" at both widths: what `check` reads, no overflow, axe clean. */
async function atBothWidths(page: Page, url: string, check: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.goto(url);
    await check();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `overflow at ${width}px`).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page), `axe at ${width}px`).toEqual([]);
  }
}

test.describe.serial('automatic renewal, walked on the sandbox', () => {
  // Each walk signs in, pays on the sandbox and runs the owner's command several times.
  test.describe.configure({ timeout: 240_000 });

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage({ baseURL: process.env.E2E_BASE_URL });
    await logInAsAdmin(page);
    await setClubRenewal(page, true);
    await page.close();
  });

  test.afterAll(async ({ browser }) => {
    // Other specs expect the club's default: automatic renewal off.
    const page = await browser.newPage({ baseURL: process.env.E2E_BASE_URL });
    await logInAsAdmin(page);
    await setClubRenewal(page, false);
    await page.close();
  });

  test('opted in at checkout: the notice e-mail, then one charge on the date, the new end date and its receipt', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const member = await createSeededMember(page.request, { name: 'Helena Automática', endInDays: 20 });
    const price = renewalPrice();
    const sentence = await renewWithBoxTicked(page, member, APPROVED);
    await page.goto('/user/subscription');
    const section = page.getByRole('region', { name: 'Renovação automática' });
    await expect(section.getByRole('switch', { name: sentence })).toBeChecked();
    const paidAtCheckout = new Date(member.end.getTime() + 365 * DAY_MS);
    expect(endOf(member).getTime()).toBe(paidAtCheckout.getTime());
    await expect.poll(() => mails(member, 'Pagamento confirmado - ').length).toBe(1);

    // Five days before the end: inside the 7 days' notice, before the charge day.
    endIn(member, 5);
    let end = endOf(member);
    const chargeDate = formatDate(saoPauloDayStart(end, -1));
    await jobsRun();
    await expect.poll(() => mails(member, `Sua assinatura será renovada em ${chargeDate} - `).length).toBe(1);
    const [notice] = mails(member, 'Sua assinatura será renovada em');
    expect(notice).toContain(`${formatMoney(price)} no cartão Visa final 1111`);
    expect(notice).toContain(`${process.env.E2E_BASE_URL}/user/subscription`);
    expect(renewalCharges(member)).toEqual([]);
    // Another run the same day sends no second notice.
    await jobsRun();
    expect(mails(member, 'Sua assinatura será renovada em')).toHaveLength(1);

    // The charge day: the day before the end.
    endIn(member, 1);
    end = endOf(member);
    const renewedEnd = new Date(end.getTime() + 365 * DAY_MS);
    await jobsRun();
    await expect
      .poll(() => renewalCharges(member))
      .toEqual([{ attempt: 1, status: 'paid', amount: price, card_last4: '1111' }]);
    await expect.poll(() => endOf(member).getTime()).toBe(renewedEnd.getTime());
    // Run again (and the server's own pass): nothing more is charged for the period.
    expect(await jobsRun()).toMatch(PASS_RAN);
    expect(renewalCharges(member)).toHaveLength(1);
    // The checkout's receipt, then the automatic renewal's.
    await expect.poll(() => mails(member, 'Pagamento confirmado - ').length).toBe(2);
    const receiptMail = mails(member, 'Pagamento confirmado - ').at(-1);
    expect(receiptMail).toContain(`Recebemos seu pagamento de ${formatMoney(price)}`);
    expect(receiptMail).toContain(`Sua assinatura é válida até ${formatDate(renewedEnd)}.`);

    await atBothWidths(page, '/user/subscription', async () => {
      await expect(
        page.getByText(`Obrigado por renovar! Sua assinatura vai até ${formatDate(renewedEnd)}.`),
      ).toBeVisible();
      await expect(page.getByTestId('subscription-end')).toHaveText(formatDate(renewedEnd));
      // Still on, for the next year.
      await expect(section.getByRole('switch')).toBeChecked();
    });
    await atBothWidths(page, '/user/payments', async () => {
      // The checkout's renewal and the automatic one, both paid today by the card ending 1111.
      await expect(
        page.getByRole('link', { name: `Ver recibo do pagamento de ${formatDate(new Date())}` }),
      ).toHaveCount(2);
    });
    await page
      .getByRole('link', { name: `Ver recibo do pagamento de ${formatDate(new Date())}` })
      .first()
      .click();
    const receipt = page.getByRole('article', { name: 'Recibo de pagamento' });
    const amount = formatMoney(price).replace('$', '\\$').replace(/\s/g, '\\s');
    await expect(
      receipt.getByText(new RegExp(`^Recebemos de Helena Automática a quantia de ${amount}`)),
    ).toBeVisible();
    await expect(
      receipt.getByRole('definition').filter({ hasText: /^Cartão de crédito .*final 1111$/ }),
    ).toBeVisible();
  });

  test('a card declined on renewal: retried on the schedule with one e-mail each, then the expiry rule', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const member = await createSeededMember(page.request, { name: 'Otávio Recusado', endInDays: 20 });
    const price = renewalPrice();
    await renewWithBoxTicked(page, member, DECLINED_ON_RENEWAL);
    const failed = 'Não conseguimos renovar sua assinatura - ';

    // The charge day, then each retry's day (1, 3 and 7 days after the charge day).
    endIn(member, 1);
    for (const [index, move] of [0, 1, 2, 4].entries()) {
      later(member, move);
      const periodEnd = endOf(member);
      await jobsRun();
      await expect.poll(() => renewalCharges(member).length).toBe(index + 1);
      await expect.poll(() => mails(member, failed).length).toBe(index + 1);
      const mail = mails(member, failed).at(-1) ?? '';
      expect(mail).toContain(`A cobrança de ${formatMoney(price)} no cartão Visa final 0101`);
      const nextRetry = [0, 2, 6][index];
      expect(mail).toContain(
        nextRetry === undefined
          ? AUTOMATIC_RENEWAL_MSG.lastAttempt(formatDate(periodEnd))
          : AUTOMATIC_RENEWAL_MSG.retryOn(formatDate(saoPauloDayStart(periodEnd, nextRetry))),
      );
      // Held open while a retry is ahead: still active past the end date.
      const [state] = e2eDb.query<{ status: string }>(
        'select status from subscribers where id = ?',
        member.subscriberId,
      );
      if (nextRetry !== undefined) expect(state?.status).toBe('active');
    }
    expect(renewalCharges(member)).toEqual(
      [1, 2, 3, 4].map((attempt) => ({ attempt, status: 'failed', amount: price, card_last4: '0101' })),
    );

    // After the last refusal: no new try, and the period that ended follows the expiry rule.
    await jobsRun();
    await expect
      .poll(
        () =>
          e2eDb.query<{ status: string }>(
            'select status from subscribers where id = ?',
            member.subscriberId,
          )[0]?.status,
      )
      .toBe('expired');
    expect(renewalCharges(member)).toHaveLength(4);
    expect(mails(member, failed)).toHaveLength(4);

    await atBothWidths(page, '/user/subscription', async () => {
      await expect(page.getByTestId('subscription-end')).toHaveText(formatDate(endOf(member)));
      // The member can still renew by hand.
      await expect(page.getByRole('button', { name: 'Renovar agora' })).toBeVisible();
    });

    // The owner reads the four refused attempts in the subscriber record, one per try.
    await page.context().clearCookies();
    await page.setViewportSize({ width: 1280, height: 900 });
    await logInAsAdmin(page);
    await page.goto('/admin/subscribers');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(member.email);
    await page.getByRole('button', { name: member.name, exact: true }).click();
    const record = page.getByRole('dialog', { name: 'Assinante' });
    const attempts = record
      .getByRole('region', { name: 'Renovação automática' })
      .getByRole('table', { name: 'Tentativas de cobrança automática' });
    await expect(attempts.getByRole('row')).toHaveCount(5);
    await expect(attempts.getByRole('row').filter({ hasText: 'Recusado' })).toHaveCount(4);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('turned off before the date: no charge on the date, and the member is told by e-mail', async ({
    page,
  }) => {
    const member = await createSeededMember(page.request, { name: 'Tereza Desliga', endInDays: 20 });
    await page.setViewportSize({ width: 1280, height: 900 });
    await renewWithBoxTicked(page, member, APPROVED);

    // Ten days before the end: before the notice, so no pass is due for this member yet.
    endIn(member, 10);
    const end = endOf(member);
    await atBothWidths(page, '/user/subscription', async () => {
      const section = page.getByRole('region', { name: 'Renovação automática' });
      const toggle = section.getByRole('switch');
      if (await toggle.isChecked()) {
        await toggle.click();
        await expect(
          section.getByRole('status').filter({ hasText: AUTOMATIC_RENEWAL_MSG.turnedOff }),
        ).toBeVisible();
      }
      await expect(toggle).not.toBeChecked();
    });
    await expect.poll(() => mails(member, 'Renovação automática desligada - ').length).toBe(1);
    expect(mails(member, 'Renovação automática desligada - ')[0]).toContain(
      `Sua assinatura continua válida até ${formatDate(end)}`,
    );

    // The charge day and the end day pass: nothing is charged, the period is not extended.
    endIn(member, 1);
    const chargeDayEnd = endOf(member);
    expect(await jobsRun()).toMatch(PASS_RAN);
    later(member, 1);
    await jobsRun();
    expect(renewalCharges(member)).toEqual([]);
    expect(endOf(member).getTime()).toBe(chargeDayEnd.getTime() - DAY_MS);
    await expect.poll(() => mails(member, 'Pagamento confirmado - ').length).toBe(1);
    expect(mails(member, 'Sua assinatura será renovada em')).toEqual([]);
  });
});
