/**
 * Referrals: the member's own summary (docs/product/back-office-and-member-area.md §3, GET /api/user/referrals) and the back office's
 * list with totals and the payout of a confirmed commission (GET /api/admin/referrals,
 * POST /api/admin/referrals/:id/process). Commissions paid in one batch (ADR 046): the
 * member's PIX key for receiving them (GET/PUT /api/user/referrals/pix-key), the batch's list,
 * its payment and its bank file (/api/admin/referrals/payouts…).
 */
import { z } from 'zod';
import {
  adminReferral,
  adminReferralList,
  adminReferralListInput,
  referralSummary,
  referralSummaryInput,
} from '../../shared/member-schemas';
import {
  COMMISSION_PAYOUT_MSG,
  payBatchInput,
  payBatchOutput,
  payoutPixKey,
  payoutPixKeyInput,
  payoutPixKeyOutput,
  payoutPreview,
} from '../../shared/commission-payout-schemas';
import { PIX_KEY_MSG } from '../../shared/pix-key';
import { REFERRAL_STATUSES } from '../../shared/plans';
import { MEMBER_MSG } from '../../shared/member-schemas';
import { procedureFor } from '../operations/procedure';
import { CSV_DOWNLOAD, downloadOutput } from '../lib/download';
import { referralsOf } from '../membership/portal/subscription';
import { adminList } from './admin-list';
import { markPaid, REFERRAL_MSG } from './commissions';
import { recordId } from '../../shared/record-id';

const ADMIN_TAG = ['admin: indicações'];
const MEMBER_TAG = ['membro'];

export const referralProcedures = {
  mine: procedureFor('member')
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/referrals',
        tags: MEMBER_TAG,
        summary:
          'Resumo de indicações do confrade: código, link, comissões e indicados (100 por página: page)',
        errorResponses: { 404: 'Assinante não encontrado' },
      },
    })
    .input(referralSummaryInput)
    .output(referralSummary)
    .query(({ ctx: { services, user }, input }) => referralsOf(services.memberPortal, user, input.page)),

  list: procedureFor('admin')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/referrals',
        tags: ADMIN_TAG,
        summary: 'Lista as indicações (filtros status e search; page, limit) com totais por status',
      },
    })
    .input(adminReferralListInput)
    .output(adminReferralList)
    .query(({ ctx: { services }, input }) => adminList(services.referrals, input)),

  /** Pays a confirmed commission out: records who and when. */
  markPaid: procedureFor('admin')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/referrals/{id}/process',
        tags: ADMIN_TAG,
        summary: 'Marca como paga uma comissão confirmada (registra quem e quando)',
        errorResponses: { 404: REFERRAL_MSG.notFound, 409: REFERRAL_MSG.onlyConfirmedPaid },
      },
    })
    .input(z.object({ id: recordId }))
    .output(
      z.object({
        success: z.literal(true),
        id: z.string(),
        status: z.enum(REFERRAL_STATUSES),
        paidAt: z.string().nullable(),
        paidBy: adminReferral.shape.paidBy,
      }),
    )
    .mutation(({ ctx: { services, user }, input }) => {
      const row = markPaid(services.referrals, input.id, user.id);
      return {
        success: true as const,
        id: row.id,
        status: row.status,
        paidAt: row.paidAt ? row.paidAt.toISOString() : null,
        paidBy: { id: user.id, name: user.name },
      };
    }),

  /** The member's PIX key for receiving commissions (null when none). */
  myPixKey: procedureFor('member')
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/referrals/pix-key',
        tags: MEMBER_TAG,
        summary: 'Chave PIX do confrade para receber comissões (com o tipo), ou null',
        errorResponses: { 404: 'Assinante não encontrado' },
      },
    })
    .output(z.object({ success: z.literal(true), payoutPixKey: payoutPixKey.nullable() }))
    .query(({ ctx: { services, user } }) => ({
      success: true as const,
      payoutPixKey: services.payoutPixKey.mine(user),
    })),

  /**
   * Saves (an empty `pixKey` removes) the member's key, with the current password; the account's
   * proven e-mail is told. Counted like a sign-in: it checks a password.
   */
  savePixKey: procedureFor('member')
    .meta({
      rateLimit: 'auth',
      openapi: {
        method: 'PUT',
        path: '/user/referrals/pix-key',
        tags: MEMBER_TAG,
        summary: 'Salva (ou, com pixKey vazia, remove) a chave PIX para comissões; exige a senha atual',
        description:
          'pixKey como digitada (CPF, CNPJ, celular com DDD, e-mail ou chave aleatória) e, quando ela pode ' +
          'ser um CPF ou um celular, pixKeyType (cpf, phone, …). Guardada no formato dos bancos (DICT) com ' +
          'o tipo; o email comprovado da conta é avisado.',
        errorResponses: {
          400: `${MEMBER_MSG.currentPasswordWrong} / ${PIX_KEY_MSG.invalid}`,
          404: 'Assinante não encontrado',
        },
      },
    })
    .input(payoutPixKeyInput)
    .output(payoutPixKeyOutput)
    .mutation(async ({ ctx: { services, user, ip }, input }) => {
      const saved = await services.payoutPixKey.save(user, input, ip);
      return { success: true as const, ...saved };
    }),

  /** The next batch: commissions due by referrer with their keys, those without a key apart. */
  payoutPreview: procedureFor('admin')
    .meta({
      rateLimit: 'lookup',
      openapi: {
        method: 'GET',
        path: '/admin/referrals/payouts/preview',
        tags: ADMIN_TAG,
        summary: 'Comissões confirmadas a pagar no próximo lote, por indicador, com a chave PIX de cada um',
      },
    })
    .output(z.object({ success: z.literal(true), preview: payoutPreview }))
    .query(({ ctx: { services } }) => ({ success: true as const, preview: services.batchPayout.preview() })),

  /** Pays the named commissions at once (same date and admin), all or none; idempotent by key. */
  payBatch: procedureFor('admin')
    .meta({
      rateLimit: 'batch',
      openapi: {
        method: 'POST',
        path: '/admin/referrals/payouts',
        tags: ADMIN_TAG,
        summary:
          'Marca como pagas, em lote, as comissões confirmadas informadas (referralIds, total, idempotencyKey)',
        description:
          'Todas ou nenhuma: se alguma comissão não estiver mais confirmada, ficar sem chave PIX ou o total ' +
          'não conferir, responde 409 e nada é pago. A mesma idempotencyKey repetida não paga de novo.',
        errorResponses: { 409: COMMISSION_PAYOUT_MSG.changed },
      },
    })
    .input(payBatchInput)
    .output(payBatchOutput)
    .mutation(({ ctx: { services, user }, input }) => services.batchPayout.pay(input, user.id)),
};

/** REST only: a file is no tRPC answer. */
export const referralRestProcedures = {
  /** The batch's bank file: one line per referrer (UTF-8 with BOM, `;`, decimal comma). */
  payoutCsv: procedureFor('admin')
    .meta({
      ...CSV_DOWNLOAD,
      openapi: {
        method: 'GET',
        path: '/admin/referrals/payouts/{id}/export.csv',
        tags: ADMIN_TAG,
        summary: 'Arquivo CSV para o banco de um lote de comissões pago: uma linha por indicador',
        description:
          'Colunas nome;cpf;chave_pix;tipo_chave;valor;comissoes;pago_em. UTF-8 com BOM, campos separados por ' +
          '`;`, valor com vírgula decimal (150,00), CPF mascarado, chave no formato dos bancos, data dd/mm/aaaa ' +
          'no horário de São Paulo (também no nome do arquivo).',
        errorResponses: { 404: COMMISSION_PAYOUT_MSG.payoutNotFound },
      },
    })
    .input(z.object({ id: recordId }))
    .output(downloadOutput)
    .query(({ ctx: { services, user }, input }) => {
      const { payout, filename, body } = services.batchPayout.bankFile(input.id);
      // Names and PIX keys leave the club: the activity log keeps who took them (ADR 029).
      services.activityLog.record({
        action: 'commission_payout_exported',
        actor: { kind: 'admin', id: user.id },
        details: { payoutId: payout.id },
      });
      return { filename, body };
    }),
};
