/**
 * One charge while an outcome is unknown (ADR 030), in a real browser: a person
 * whose card payment is "em verificação" (the provider's answer was lost) opens /checkout and tries
 * to pay again. No link is made and nothing is charged: the page shows that payment and its status,
 * in Portuguese. The attempt is written into the e2e database as the server leaves it after a lost
 * answer (the sandbox never loses one; the fake Pagar.me covers the sequence in vitest).
 */
import type { Page } from '@playwright/test';
import { seriousA11yViolations } from './a11y';
import { createPublicPaymentLink, expect, openWritableDb, test, uniqueEmail } from './fixtures';
import { answerTrpc, trpcRoute } from './trpc';

const HELD_BACK =
  'Pagamento em verificação: você já tem um pagamento aguardando a resposta do provedor de pagamento, e nada foi cobrado agora. Não pague de novo: esta página mostra o resultado assim que ele chegar.';

/** A valid CPF of this run only: an attempt in verification holds back everyone typing its CPF. */
function uniqueCpf(): string {
  const base = Array.from(
    { length: 9 },
    (_, i) => (Date.now() + i * 7 + Math.floor(Math.random() * 10)) % 10,
  );
  const digit = (digits: number[]) => {
    const sum = digits.reduce((total, value, i) => total + value * (digits.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base);
  const second = digit([...base, first]);
  return [...base, first, second].join('');
}

interface Counts {
  payments: number;
  links: number;
}

function countsOf(email: string): Counts {
  const db = openWritableDb();
  try {
    const row = db
      .prepare(
        `select (select count(*) from payments p join subscribers s on s.id = p.subscriber_id where s.email = ?) as payments,
                (select count(*) from payment_links l join subscribers s on s.id = l.subscriber_id where s.email = ?) as links`,
      )
      .get(email, email) as Counts;
    return { payments: row.payments, links: row.links };
  } finally {
    db.close();
  }
}

/** The in-page card attempt whose answer was lost, as the server records it. */
function putAttemptInVerification(person: { name: string; email: string; cpf: string }): string {
  const db = openWritableDb();
  try {
    const { id: subscriberId } = db
      .prepare('select id from subscribers where email = ?')
      .get(person.email) as { id: string };
    const id = `e2everif${Date.now().toString(36)}`;
    const now = Date.now();
    const billing = {
      name: person.name,
      email: person.email,
      phone: '11987654321',
      cpfCnpj: person.cpf,
      street: 'Avenida Paulista',
      number: '1000',
      complement: '',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      zipCode: '01310100',
    };
    db.prepare(
      `insert into payments (id, subscriber_id, plan_type, amount, status, method, provider, description,
         billing_data, attempt, verifying_since, attempt_started_at, created_at, updated_at)
       values (?, ?, 'annual', 149700, 'pending', 'credit_card', 'sandbox', 'Assinatura anual', ?, 1, ?, ?, ?, ?)`,
    ).run(id, subscriberId, JSON.stringify(billing), now, now, now, now);
    return id;
  } finally {
    db.close();
  }
}

/** Settled at the end, so no later test of this server meets it. */
function settle(paymentId: string) {
  const db = openWritableDb();
  try {
    db.prepare(
      "update payments set status = 'failed', verifying_since = null, failure_reason = 'e2e' where id = ?",
    ).run(paymentId);
  } finally {
    db.close();
  }
}

async function fillCheckout(page: Page, person: { name: string; email: string; cpf: string }) {
  await page.getByLabel('Nome completo').fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Telefone / WhatsApp').pressSequentially('11987654321');
  await page.getByLabel('CPF').pressSequentially(person.cpf);
  await page.getByLabel('CEP').pressSequentially('01310100');
  await page.getByLabel('Número', { exact: true }).fill('1000');
  await page.getByLabel('Endereço (rua, avenida)').fill('Avenida Paulista');
  await page.getByLabel('Bairro').fill('Bela Vista');
  await page.getByLabel('Cidade').fill('São Paulo');
  await page.getByLabel('Estado').selectOption('SP');
}

test('a person whose payment is in verification tries to pay again at /checkout: the page shows that payment, nothing is charged', async ({
  page,
  request,
}) => {
  const person = { name: 'Vera Verificação', email: uniqueEmail('verificacao'), cpf: uniqueCpf() };
  // The person on file (a link made earlier), then a card attempt of theirs whose answer was lost.
  await createPublicPaymentLink(request, person);
  const paymentId = putAttemptInVerification(person);
  const before = countsOf(person.email);
  try {
    // The CEP lookup never leaves the machine: it fails and the address is typed by hand.
    await page.route(trpcRoute('checkout.cep'), (route) =>
      answerTrpc(route, 'checkout.cep', { status: 502, code: 'BAD_GATEWAY', message: 'x' }),
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/checkout');
    await fillCheckout(page, person);
    await page.getByRole('button', { name: /Gerar Link de Pagamento/ }).click();

    const heading = page.getByRole('heading', { name: 'Pagamento em verificação' });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(page.getByText(HELD_BACK)).toBeVisible();
    // Its status, followed by the page's poll: still in verification (the sandbox has no answer).
    await expect(page.getByText('Situação do pagamento: Em verificação')).toBeVisible();
    await expect(page.getByRole('link', { name: /Abrir Link de Pagamento/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Gerar Link de Pagamento/ })).toHaveCount(0);

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await expect(heading).toBeVisible();
      expect(await seriousA11yViolations(page), `axe at ${width}px`).toEqual([]);
    }

    // No new link, no new payment: the one in verification is all there is.
    expect(countsOf(person.email)).toEqual(before);
  } finally {
    settle(paymentId);
  }
});

/**
 * A link past its 48 hours whose answer the provider has not given, as the server leaves it after
 * an unanswered question (asked just now: not asked again for a minute). The sandbox always
 * answers, so the row is written here; the fake Pagar.me covers the unreachable provider in vitest.
 * Its CPF is this run's own, so no other test's checkout meets it.
 */
function putLinkPastDeadline(linkId: string, cpf: string) {
  const db = openWritableDb();
  try {
    const now = Date.now();
    db.prepare(
      `update payment_links set expires_at = ?, checked_at = ?, billing_data = json_set(billing_data, '$.cpfCnpj', ?)
       where id = ?`,
    ).run(now - 60_000, now, cpf, linkId);
  } finally {
    db.close();
  }
}

/** Answered at the end (the provider said unpaid), so no later test of this server meets it. */
function expireLink(linkId: string) {
  const db = openWritableDb();
  try {
    db.prepare("update payment_links set status = 'expired' where id = ?").run(linkId);
  } finally {
    db.close();
  }
}

test('a link past its deadline, the provider’s answer awaited: the member reads "em verificação", never "expirado", and a new checkout charges nothing', async ({
  page,
  request,
}) => {
  // Two pages, each checked at two widths with axe: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const person = { name: 'Lia Prazo', email: uniqueEmail('prazo'), cpf: uniqueCpf() };
  const link = await createPublicPaymentLink(request, person);
  putLinkPastDeadline(link.id, person.cpf);
  const before = countsOf(person.email);
  try {
    // The tracking page: in verification, no "Expirado" and no invitation to make a new link.
    await page.goto(`/checkout/payment-link-success?payment_link_id=${link.id}`);
    await expect(page.getByRole('heading', { name: 'Pagamento em verificação' })).toBeVisible();
    await expect(page.getByText('Em verificação', { exact: true })).toBeVisible();
    await expect(page.getByText(/expirado/i)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Gerar Novo Link de Pagamento' })).toHaveCount(0);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      expect(await seriousA11yViolations(page), `axe at ${width}px`).toEqual([]);
    }

    // The same person tries to pay again at /checkout: that link is shown, nothing is made. (Asked
    // again just now without an answer: the minute between two questions starts over.)
    putLinkPastDeadline(link.id, person.cpf);
    await page.route(trpcRoute('checkout.cep'), (route) =>
      answerTrpc(route, 'checkout.cep', { status: 502, code: 'BAD_GATEWAY', message: 'x' }),
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/checkout');
    await fillCheckout(page, person);
    await page.getByRole('button', { name: /Gerar Link de Pagamento/ }).click();
    const heading = page.getByRole('heading', { name: 'Pagamento em verificação' });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(page.getByText(HELD_BACK)).toBeVisible();
    await expect(page.getByText('Situação do pagamento: Em verificação')).toBeVisible();
    await expect(page.getByText(/expirado/i)).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Abrir Link de Pagamento/ })).toHaveCount(0);
    expect(countsOf(person.email)).toEqual(before);
  } finally {
    expireLink(link.id);
  }
});
