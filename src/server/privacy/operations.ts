/**
 * LGPD in the back office (docs/decisions/029-files-and-lgpd-requests.md): tRPC namespace
 * `privacy`, admins only. The members' deletion requests with their deadline, the dashboard's
 * count, the completion that erases the data, and the activity log of exports and erasures.
 * No REST path: the documented API has none for this, and the back office speaks tRPC.
 */
import { z } from 'zod';
import {
  activityList,
  activityListInput,
  completeDeletionInput,
  deletionRequestList,
  deletionRequestListInput,
  deletionRequestSummary,
  PRIVACY_MSG,
} from '../../shared/privacy-schemas';
import { defineOperation } from '../operations/define';
import { list, summary, complete } from './deletion-requests/back-office';

export const privacyOperations = {
  deletionRequests: defineOperation({
    kind: 'query',
    access: 'admin',
    input: deletionRequestListInput,
    output: deletionRequestList,
    run: ({ services }, input) => list(services.deletionRequests, input.status, input.page),
  }),

  /** The dashboard's item: open requests and how many are past their deadline. */
  deletionSummary: defineOperation({
    kind: 'query',
    access: 'admin',
    output: deletionRequestSummary,
    run: ({ services }) => summary(services.deletionRequests),
  }),

  completeDeletion: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: completeDeletionInput,
    output: z.object({
      success: z.literal(true),
      message: z.string(),
      paymentsKept: z.number().int(),
      accountClosed: z.boolean(),
    }),
    async run({ services, user }, input) {
      const result = await complete(services.deletionRequests, input.id, user.id);
      return {
        success: true as const,
        message: PRIVACY_MSG.completed,
        paymentsKept: result.paymentsKept,
        accountClosed: result.accountClosed,
      };
    },
  }),

  activity: defineOperation({
    kind: 'query',
    access: 'admin',
    input: activityListInput,
    output: activityList,
    run: ({ services }, input) => services.activityLog.page(input.page),
  }),
};
