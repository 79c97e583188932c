/**
 * Referrals: the member's own summary (docs/product/back-office-and-member-area.md §3, GET /api/user/referrals) and the back office's
 * list with totals and the payout of a confirmed commission (GET /api/admin/referrals,
 * POST /api/admin/referrals/:id/process).
 */
import { z } from 'zod';
import {
  adminReferral,
  adminReferralList,
  adminReferralListInput,
  referralSummary,
  referralSummaryInput,
} from '../../shared/member-schemas';
import { REFERRAL_STATUSES } from '../../shared/plans';
import { REFERRAL_MSG } from '../services/referrals';
import { defineOperation } from './define';

const ADMIN_TAG = 'admin: indicações';

export const referralOperations = {
  mine: defineOperation({
    kind: 'query',
    access: 'member',
    input: referralSummaryInput,
    output: referralSummary,
    run: ({ services, user }, input) => services.memberPortal.referrals(user, input.page),
    rest: {
      method: 'GET',
      path: '/user/referrals',
      tag: 'membro',
      summary: 'Resumo de indicações do confrade: código, link, comissões e indicados (100 por página: page)',
      errors: { 404: 'Assinante não encontrado' },
    },
  }),

  list: defineOperation({
    kind: 'query',
    access: 'admin',
    input: adminReferralListInput,
    output: adminReferralList,
    run: ({ services }, input) => services.referrals.adminList(input),
    rest: {
      method: 'GET',
      path: '/admin/referrals',
      tag: ADMIN_TAG,
      summary: 'Lista as indicações (filtros status e search; page, limit) com totais por status',
    },
  }),

  /** Pays a confirmed commission out: records who and when. */
  markPaid: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: z.object({ id: z.string().min(1).max(64) }),
    output: z.object({
      success: z.literal(true),
      id: z.string(),
      status: z.enum(REFERRAL_STATUSES),
      paidAt: z.string().nullable(),
      paidBy: adminReferral.shape.paidBy,
    }),
    run({ services, user }, input) {
      const row = services.referrals.markPaid(input.id, user.id);
      return {
        success: true as const,
        id: row.id,
        status: row.status,
        paidAt: row.paidAt ? row.paidAt.toISOString() : null,
        paidBy: { id: user.id, name: user.name },
      };
    },
    rest: {
      method: 'POST',
      path: '/admin/referrals/:id/process',
      tag: ADMIN_TAG,
      summary: 'Marca como paga uma comissão confirmada (registra quem e quando)',
      errors: { 404: REFERRAL_MSG.notFound, 409: REFERRAL_MSG.onlyConfirmedPaid },
    },
  }),
};
