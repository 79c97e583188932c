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
import { procedureFor } from '../operations/procedure';
import { list, summary, complete } from './deletion-requests/back-office';

export const privacyProcedures = {
  deletionRequests: procedureFor('admin')
    .input(deletionRequestListInput)
    .output(deletionRequestList)
    .query(({ ctx: { services }, input }) => list(services.deletionRequests, input.status, input.page)),

  /** The dashboard's item: open requests and how many are past their deadline. */
  deletionSummary: procedureFor('admin')
    .output(deletionRequestSummary)
    .query(({ ctx: { services } }) => summary(services.deletionRequests)),

  completeDeletion: procedureFor('admin')
    .input(completeDeletionInput)
    .output(
      z.object({
        success: z.literal(true),
        message: z.string(),
        paymentsKept: z.number().int(),
        accountClosed: z.boolean(),
      }),
    )
    .mutation(async ({ ctx: { services, user }, input }) => {
      const result = await complete(services.deletionRequests, input.id, user.id);
      return {
        success: true as const,
        message: PRIVACY_MSG.completed,
        paymentsKept: result.paymentsKept,
        accountClosed: result.accountClosed,
      };
    }),

  activity: procedureFor('admin')
    .input(activityListInput)
    .output(activityList)
    .query(({ ctx: { services }, input }) => services.activityLog.page(input.page)),
};
