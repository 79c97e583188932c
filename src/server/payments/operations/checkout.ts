/**
 * The checkout domain (docs/product/public-site-and-checkout.md §3–4, the old in-page checkout of docs/product/back-office-and-member-area.md §2): payment links, in-page
 * payments and their status polls, the e-mails the old checkout asks for, the CEP lookup and the
 * referral click. The SPA calls them through tRPC; external programs through their `/api` paths
 * (one definition, one rate limit per call whatever the transport: ADR 011, ADR 039).
 */
import { z } from 'zod';
import {
  CHECKOUT_MSG,
  cepParams,
  cepResponse,
  createCheckoutLinkInput,
  createCheckoutLinkResponse,
  createPublicLinkInput,
  createPublicLinkResponse,
  paymentEmailInput,
  paymentEmailResponse,
  paymentLinkDetails,
  paymentLinkStatusResponse,
  paymentStatusResponse,
  processPaymentInput,
  processPaymentResponse,
  referralClickInput,
  referralClickResponse,
} from '../../../shared/checkout-schemas';
import { MSG } from '../../../shared/messages';
import { PAYMENT_MSG } from '../payments';
import { defineOperation } from '../../operations/define';

const byId = z.object({ id: z.string().trim().min(1).max(64) });
const NOT_YET_PAID = 'Pagamento ainda não confirmado';

export const checkoutOperations = {
  createPublicLink: defineOperation({
    kind: 'mutation',
    access: 'public',
    rateLimit: 'checkout',
    input: createPublicLinkInput,
    output: createPublicLinkResponse,
    async run({ services, user }, input) {
      return { success: true as const, ...(await services.paymentLinks.createPublic(input, user)) };
    },
    rest: {
      method: 'POST',
      path: '/payment-links/create-public',
      tag: 'checkout',
      summary: 'Cria o link de pagamento do plano anual a partir do formulário do /checkout',
      description:
        'O assinante é encontrado ou criado pelo email (um cadastro existente nunca é alterado: os dados do ' +
        'formulário ficam só como dados de cobrança do link). O valor é decidido pelo servidor: sem sessão, ' +
        'sempre o preço de nova assinatura, e a resposta é a mesma para um email de confrade e um ' +
        'desconhecido; `planType` `renewal` sem sessão é recusado (400) com as mesmas palavras para todos. ' +
        '`ref` é o código de indicação de `?ref=CODE`. O link vale 48 horas. Enquanto a mesma pessoa (mesmo ' +
        'email e CPF) tem um pagamento em verificação, nenhum link é criado: a resposta é esse pagamento ' +
        '(`paymentId`, `status: "pending"`, `verifying: true`, `message`), como em `/payments/process`.',
      errors: {
        400: `${CHECKOUT_MSG.renewalSignInRequired} | ${CHECKOUT_MSG.nameRequired} | ${CHECKOUT_MSG.emailRequired} | ${CHECKOUT_MSG.phoneRequired} | ${CHECKOUT_MSG.cpfRequired} | ${CHECKOUT_MSG.emailInvalid} | ${CHECKOUT_MSG.cpfLength} | ${CHECKOUT_MSG.cpfInvalid}`,
        409: PAYMENT_MSG.verifyingForPerson,
        429: MSG.tooManyRequests,
        502: CHECKOUT_MSG.createLinkFailed,
      },
    },
  }),

  linkStatus: defineOperation({
    kind: 'query',
    access: 'public',
    input: byId,
    output: paymentLinkStatusResponse,
    run: ({ services }, input) => services.paymentLinks.statusPublic(input.id),
    rest: {
      method: 'GET',
      path: '/payment-links/status-public/:id',
      tag: 'checkout',
      summary: 'Status do link de pagamento (página de acompanhamento, consultada a cada 5 segundos)',
      description:
        'Um link pendente cuja validade passou continua `pending`, com `verifying: true` (em verificação), até o provedor dizer se foi pago; só então é `expired` (ou pago).',
      fastSerialize: true,
      errors: { 404: CHECKOUT_MSG.paymentLinkNotFound },
    },
  }),

  myLinks: defineOperation({
    kind: 'query',
    access: 'member',
    output: z.object({ success: z.literal(true), paymentLinks: z.array(paymentLinkDetails) }),
    trpc: false,
    run: ({ services, user }) => ({
      success: true as const,
      paymentLinks: services.paymentLinks.listForUser(user),
    }),
    rest: {
      method: 'GET',
      path: '/payment-links/user',
      tag: 'checkout',
      summary: 'Links de pagamento do próprio assinante (mais recentes primeiro)',
      errors: { 401: MSG.notAuthenticated, 403: MSG.forbidden },
    },
  }),

  linkDetails: defineOperation({
    kind: 'query',
    access: 'authenticated',
    input: byId,
    output: z.object({ success: z.literal(true), paymentLink: paymentLinkDetails }),
    trpc: false,
    run: ({ services, user }, input) => ({
      success: true as const,
      paymentLink: services.paymentLinks.detailsFor(input.id, user),
    }),
    rest: {
      method: 'GET',
      path: '/payment-links/details/:id',
      tag: 'checkout',
      summary: 'Detalhes de um link de pagamento (administrador, ou o próprio assinante)',
      errors: { 401: MSG.notAuthenticated, 404: CHECKOUT_MSG.paymentLinkNotFound },
    },
  }),

  createCheckoutLink: defineOperation({
    kind: 'mutation',
    access: 'public',
    rateLimit: 'checkout',
    input: createCheckoutLinkInput,
    output: createCheckoutLinkResponse,
    async run({ services, user }, input) {
      return { success: true as const, ...(await services.paymentLinks.createCheckoutLink(input, user)) };
    },
    rest: {
      method: 'POST',
      path: '/payments/create-checkout-link',
      tag: 'checkout',
      summary: 'Cria um link de pagamento para o email informado (usado logo após o cadastro)',
      description:
        '`amount` precisa ser um preço que o clube oferece a quem chama: sem sessão, só o preço de nova ' +
        'assinatura, qualquer que seja o email (a resposta não diz se o email é de um confrade); a renovação ' +
        'só com a sessão do próprio confrade aprovado. `description` é ignorada: o servidor descreve o plano. ' +
        'Enquanto esse email tem um pagamento em verificação, nenhum link é criado (409).',
      errors: {
        400: `${CHECKOUT_MSG.amountMissing} | ${CHECKOUT_MSG.amountNotOffered}`,
        409: PAYMENT_MSG.verifyingForPerson,
        429: MSG.tooManyRequests,
        502: CHECKOUT_MSG.createLinkFailed,
      },
    },
  }),

  process: defineOperation({
    kind: 'mutation',
    access: 'public',
    rateLimit: 'checkout',
    input: processPaymentInput,
    output: processPaymentResponse,
    run: ({ services }, input) => services.payments.process(input),
    rest: {
      method: 'POST',
      path: '/payments/process',
      tag: 'checkout',
      summary: 'Checkout antigo: paga com cartão ou gera um PIX (BR Code e QR Code)',
      description:
        'Cartão aprovado: `status` `completed`. PIX: `status` `pending` com `pixData` (`qrCode` é uma URL ' +
        '`data:image/png;base64,…`). Cartão recusado: 422 com o motivo do provedor ou "Erro ao processar ' +
        'pagamento". O número do cartão nunca é gravado (só bandeira e 4 últimos dígitos).',
      errors: {
        400: `${CHECKOUT_MSG.amountMissing} | ${CHECKOUT_MSG.amountNotOffered} | ${CHECKOUT_MSG.fullNameRequired} | …`,
        409: `${CHECKOUT_MSG.paymentAlreadyPaid} | ${PAYMENT_MSG.attemptInProgress} | ${PAYMENT_MSG.attemptRefunded}`,
        422: CHECKOUT_MSG.paymentFailed,
        429: MSG.tooManyRequests,
        502: CHECKOUT_MSG.providerUnavailable,
      },
    },
  }),

  paymentStatus: defineOperation({
    kind: 'query',
    access: 'public',
    input: byId,
    output: paymentStatusResponse,
    run: ({ services }, input) => services.payments.status(input.id),
    rest: {
      method: 'GET',
      path: '/payments/status/:id',
      tag: 'checkout',
      summary: 'Status de um pagamento do checkout antigo (`completed` quando pago)',
      fastSerialize: true,
      errors: { 404: CHECKOUT_MSG.paymentNotFound },
    },
  }),

  confirmationEmail: defineOperation({
    kind: 'mutation',
    access: 'public',
    rateLimit: 'checkout',
    input: paymentEmailInput,
    output: paymentEmailResponse,
    run: ({ services }, input) => services.payments.sendConfirmationEmail(input.paymentId),
    rest: {
      method: 'POST',
      path: '/emails/payment-confirmation',
      tag: 'checkout',
      summary: 'Garante o email de confirmação do pagamento (com o link do grupo VIP) ao próprio cliente',
      description:
        'Escreve só ao cliente do próprio pagamento, no endereço cadastrado (um endereço no corpo é ' +
        'ignorado), e no máximo uma vez por pagamento.',
      errors: { 404: CHECKOUT_MSG.paymentNotFound, 409: NOT_YET_PAID, 429: MSG.tooManyRequests },
    },
  }),

  welcomeEmail: defineOperation({
    kind: 'mutation',
    access: 'public',
    rateLimit: 'checkout',
    input: paymentEmailInput,
    output: paymentEmailResponse,
    trpc: false,
    run: ({ services }, input) => services.payments.sendWelcomeEmail(input.paymentId),
    rest: {
      method: 'POST',
      path: '/emails/welcome',
      tag: 'checkout',
      summary:
        'Envia as credenciais de acesso ao próprio cliente do pagamento, se o cadastro já foi aprovado',
      description:
        'Antes da aprovação nada é enviado: as credenciais saem na aprovação (e a resposta diz isso).',
      errors: { 404: CHECKOUT_MSG.paymentNotFound, 409: NOT_YET_PAID, 429: MSG.tooManyRequests },
    },
  }),

  cep: defineOperation({
    kind: 'query',
    access: 'public',
    rateLimit: 'lookup',
    input: cepParams,
    output: cepResponse,
    async run({ services }, input) {
      return { success: true as const, address: await services.cep.lookup(input.cep) };
    },
    rest: {
      method: 'GET',
      path: '/subscriber-update/cep/:cep',
      tag: 'checkout',
      summary: 'Endereço de um CEP (8 dígitos), consultado no ViaCEP pelo servidor',
      errors: {
        400: CHECKOUT_MSG.cepLength,
        404: CHECKOUT_MSG.cepNotFound,
        429: MSG.tooManyRequests,
        502: CHECKOUT_MSG.cepLookupFailed,
      },
    },
  }),

  /** One click per visitor per day: the visitor is the transport's opaque key (cookie, else IP + browser). */
  referralClick: defineOperation({
    kind: 'mutation',
    access: 'public',
    rateLimit: 'lookup',
    input: referralClickInput,
    output: referralClickResponse,
    run: (ctx, input) => ({
      success: true as const,
      counted: ctx.services.referrals.recordClick(input.code, ctx.visitorKey()),
    }),
    rest: {
      method: 'POST',
      path: '/referrals/click',
      tag: 'referrals',
      summary: 'Conta um clique no link de indicação (uma vez por visitante por dia)',
      errors: { 400: CHECKOUT_MSG.referralInvalid, 429: MSG.tooManyRequests },
    },
  }),
};
