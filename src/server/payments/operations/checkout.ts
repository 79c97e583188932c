/**
 * The checkout domain (docs/product/public-site-and-checkout.md §3–4, the old in-page checkout of docs/product/back-office-and-member-area.md §2): payment links, in-page
 * payments and their status polls, the e-mails the old checkout asks for, the CEP lookup and the
 * referral click. The SPA calls them through tRPC; external programs through their `/api` paths
 * (one procedure, one rate limit per call whatever the transport: ADR 011, ADR 039).
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
import { PAYMENT_MSG } from '../messages';
import { procedureFor } from '../../operations/procedure';
import { createPublic, createCheckoutLink } from '../links/create-link';
import { statusPublic } from '../links/link-status';
import { recordClick } from '../../referrals/commissions';
import { listForUser, detailsFor } from '../links/member-links';
import { recordId } from '../../../shared/record-id';

const byId = z.object({ id: recordId });
const NOT_YET_PAID = 'Pagamento ainda não confirmado';

const TAG = ['checkout'];

export const checkoutProcedures = {
  createPublicLink: procedureFor('public')
    .meta({
      rateLimit: 'checkout',
      openapi: {
        method: 'POST',
        path: '/payment-links/create-public',
        tags: TAG,
        summary: 'Cria o link de pagamento do plano anual a partir do formulário do /checkout',
        description:
          'O assinante é encontrado ou criado pelo email (um cadastro existente nunca é alterado: os dados do ' +
          'formulário ficam só como dados de cobrança do link). O valor é decidido pelo servidor: sem sessão, ' +
          'sempre o preço de nova assinatura, e a resposta é a mesma para um email de confrade e um ' +
          'desconhecido; `planType` `renewal` sem sessão é recusado (400) com as mesmas palavras para todos. ' +
          '`ref` é o código de indicação de `?ref=CODE`. O link vale 48 horas. Enquanto a mesma pessoa (mesmo ' +
          'email e CPF) tem um pagamento em verificação, nenhum link é criado: a resposta é esse pagamento ' +
          '(`paymentId`, `status: "pending"`, `verifying: true`, `message`), como em `/payments/process`.',
        errorResponses: {
          400: `${CHECKOUT_MSG.renewalSignInRequired} | ${CHECKOUT_MSG.nameRequired} | ${CHECKOUT_MSG.emailRequired} | ${CHECKOUT_MSG.phoneRequired} | ${CHECKOUT_MSG.cpfRequired} | ${CHECKOUT_MSG.emailInvalid} | ${CHECKOUT_MSG.cpfLength} | ${CHECKOUT_MSG.cpfInvalid}`,
          409: PAYMENT_MSG.verifyingForPerson,
          429: MSG.tooManyRequests,
          502: CHECKOUT_MSG.createLinkFailed,
        },
      },
    })
    .input(createPublicLinkInput)
    .output(createPublicLinkResponse)
    .mutation(async ({ ctx: { services, user }, input }) => ({
      success: true as const,
      ...(await createPublic(services.paymentLinks, input, user)),
    })),

  linkStatus: procedureFor('public')
    .meta({
      fastSerialize: true,
      openapi: {
        method: 'GET',
        path: '/payment-links/status-public/{id}',
        tags: TAG,
        summary: 'Status do link de pagamento (página de acompanhamento, consultada a cada 5 segundos)',
        description:
          'Um link pendente cuja validade passou continua `pending`, com `verifying: true` (em verificação), até o provedor dizer se foi pago; só então é `expired` (ou pago).',
        errorResponses: { 404: CHECKOUT_MSG.paymentLinkNotFound },
      },
    })
    .input(byId)
    .output(paymentLinkStatusResponse)
    .query(({ ctx: { services }, input }) => statusPublic(services.paymentLinks, input.id)),

  createCheckoutLink: procedureFor('public')
    .meta({
      rateLimit: 'checkout',
      openapi: {
        method: 'POST',
        path: '/payments/create-checkout-link',
        tags: TAG,
        summary: 'Cria um link de pagamento para o email informado (usado logo após o cadastro)',
        description:
          '`amount` precisa ser um preço que o clube oferece a quem chama: sem sessão, só o preço de nova ' +
          'assinatura, qualquer que seja o email (a resposta não diz se o email é de um confrade); a renovação ' +
          'só com a sessão do próprio confrade aprovado. `description` é ignorada: o servidor descreve o plano. ' +
          'Enquanto esse email tem um pagamento em verificação, nenhum link é criado (409).',
        errorResponses: {
          400: `${CHECKOUT_MSG.amountMissing} | ${CHECKOUT_MSG.amountNotOffered}`,
          409: PAYMENT_MSG.verifyingForPerson,
          429: MSG.tooManyRequests,
          502: CHECKOUT_MSG.createLinkFailed,
        },
      },
    })
    .input(createCheckoutLinkInput)
    .output(createCheckoutLinkResponse)
    .mutation(async ({ ctx: { services, user }, input }) => ({
      success: true as const,
      ...(await createCheckoutLink(services.paymentLinks, input, user)),
    })),

  process: procedureFor('public')
    .meta({
      rateLimit: 'checkout',
      openapi: {
        method: 'POST',
        path: '/payments/process',
        tags: TAG,
        summary: 'Checkout antigo: paga com cartão ou gera um PIX (BR Code e QR Code)',
        description:
          'Cartão aprovado: `status` `completed`. PIX: `status` `pending` com `pixData` (`qrCode` é uma URL ' +
          '`data:image/png;base64,…`). Cartão recusado: 422 com o motivo do provedor ou "Erro ao processar ' +
          'pagamento". O número do cartão nunca é gravado (só bandeira e 4 últimos dígitos).',
        errorResponses: {
          400: `${CHECKOUT_MSG.amountMissing} | ${CHECKOUT_MSG.amountNotOffered} | ${CHECKOUT_MSG.fullNameRequired} | …`,
          409: `${CHECKOUT_MSG.paymentAlreadyPaid} | ${PAYMENT_MSG.attemptInProgress} | ${PAYMENT_MSG.attemptRefunded}`,
          422: CHECKOUT_MSG.paymentFailed,
          429: MSG.tooManyRequests,
          502: CHECKOUT_MSG.providerUnavailable,
        },
      },
    })
    .input(processPaymentInput)
    .output(processPaymentResponse)
    .mutation(({ ctx: { services }, input }) => services.payments.process(input)),

  paymentStatus: procedureFor('public')
    .meta({
      fastSerialize: true,
      openapi: {
        method: 'GET',
        path: '/payments/status/{id}',
        tags: TAG,
        summary: 'Status de um pagamento do checkout antigo (`completed` quando pago)',
        errorResponses: { 404: CHECKOUT_MSG.paymentNotFound },
      },
    })
    .input(byId)
    .output(paymentStatusResponse)
    .query(({ ctx: { services }, input }) => services.payments.status(input.id)),

  confirmationEmail: procedureFor('public')
    .meta({
      rateLimit: 'checkout',
      openapi: {
        method: 'POST',
        path: '/emails/payment-confirmation',
        tags: TAG,
        summary: 'Garante o email de confirmação do pagamento (com o link do grupo VIP) ao próprio cliente',
        description:
          'Escreve só ao cliente do próprio pagamento, no endereço cadastrado (um endereço no corpo é ' +
          'ignorado), e no máximo uma vez por pagamento.',
        errorResponses: { 404: CHECKOUT_MSG.paymentNotFound, 409: NOT_YET_PAID, 429: MSG.tooManyRequests },
      },
    })
    .input(paymentEmailInput)
    .output(paymentEmailResponse)
    .mutation(({ ctx: { services }, input }) => services.payments.sendConfirmationEmail(input.paymentId)),

  cep: procedureFor('public')
    .meta({
      rateLimit: 'lookup',
      openapi: {
        method: 'GET',
        path: '/subscriber-update/cep/{cep}',
        tags: TAG,
        summary: 'Endereço de um CEP (8 dígitos), consultado no ViaCEP pelo servidor',
        errorResponses: {
          400: CHECKOUT_MSG.cepLength,
          404: CHECKOUT_MSG.cepNotFound,
          429: MSG.tooManyRequests,
          502: CHECKOUT_MSG.cepLookupFailed,
        },
      },
    })
    .input(cepParams)
    .output(cepResponse)
    .query(async ({ ctx: { services }, input }) => ({
      success: true as const,
      address: await services.cep.lookup(input.cep),
    })),

  /** One click per visitor per day: the visitor is the transport's opaque key (cookie, else IP + browser). */
  referralClick: procedureFor('public')
    .meta({
      rateLimit: 'lookup',
      openapi: {
        method: 'POST',
        path: '/referrals/click',
        tags: ['referrals'],
        summary: 'Conta um clique no link de indicação (uma vez por visitante por dia)',
        errorResponses: { 400: CHECKOUT_MSG.referralInvalid, 429: MSG.tooManyRequests },
      },
    })
    .input(referralClickInput)
    .output(referralClickResponse)
    .mutation(({ ctx, input }) => ({
      success: true as const,
      counted: recordClick(ctx.services.referrals, input.code, ctx.visitorKey()),
    })),
};

/** REST only: the member's and admin's link reads and the old checkout's welcome e-mail. */
export const checkoutRestProcedures = {
  myLinks: procedureFor('member')
    .meta({
      openapi: {
        method: 'GET',
        path: '/payment-links/user',
        tags: TAG,
        summary: 'Links de pagamento do próprio assinante (mais recentes primeiro)',
        errorResponses: { 401: MSG.notAuthenticated, 403: MSG.forbidden },
      },
    })
    .output(z.object({ success: z.literal(true), paymentLinks: z.array(paymentLinkDetails) }))
    .query(({ ctx: { services, user } }) => ({
      success: true as const,
      paymentLinks: listForUser(services.paymentLinks, user),
    })),

  linkDetails: procedureFor('authenticated')
    .meta({
      openapi: {
        method: 'GET',
        path: '/payment-links/details/{id}',
        tags: TAG,
        summary: 'Detalhes de um link de pagamento (administrador, ou o próprio assinante)',
        errorResponses: { 401: MSG.notAuthenticated, 404: CHECKOUT_MSG.paymentLinkNotFound },
      },
    })
    .input(byId)
    .output(z.object({ success: z.literal(true), paymentLink: paymentLinkDetails }))
    .query(({ ctx: { services, user }, input }) => ({
      success: true as const,
      paymentLink: detailsFor(services.paymentLinks, input.id, user),
    })),

  welcomeEmail: procedureFor('public')
    .meta({
      rateLimit: 'checkout',
      openapi: {
        method: 'POST',
        path: '/emails/welcome',
        tags: TAG,
        summary:
          'Envia as credenciais de acesso ao próprio cliente do pagamento, se o cadastro já foi aprovado',
        description:
          'Antes da aprovação nada é enviado: as credenciais saem na aprovação (e a resposta diz isso).',
        errorResponses: { 404: CHECKOUT_MSG.paymentNotFound, 409: NOT_YET_PAID, 429: MSG.tooManyRequests },
      },
    })
    .input(paymentEmailInput)
    .output(paymentEmailResponse)
    .mutation(({ ctx: { services }, input }) => services.payments.sendWelcomeEmail(input.paymentId)),
};
