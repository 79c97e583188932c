/**
 * Erasing a member's personal data at their request (LGPD art. 18, VI; ADR 029). Runs inside the
 * caller's transaction, so it happens whole or not at all:
 *
 * - the subscriber record is kept (payments point to it) with every personal field emptied, a name
 *   and an e-mail that say so (the e-mail stays unique: `removido-<id>@anonimizado.invalid`), a new
 *   referral code (old shared links no longer lead to it) and the membership ended without refund;
 *   the search index and the dashboard's counts follow through their triggers (ADR 026);
 * - payments and payment links are kept for the legal retention, with the payer's name replaced
 *   and the rest of the billing data emptied (the provider keeps the charge under its id);
 * - the record's history keeps what happened, not the values: free-text reasons go, edited fields
 *   keep their names only;
 * - messages sent to the person's addresses and their contact-form messages lose text and address;
 * - the account is deleted: its sessions and one-time links go with it, nobody can sign in with it;
 * - the member is told at the address on file, read before it is wiped; once sent, the outbox
 *   keeps no address for that message either.
 *
 * Who is erased and what blocks it lives in `data-erasure/subject.ts`; the steps in `erase.ts`,
 * `erase-record.ts` and `scrub-messages.ts`, module-level functions taking the dependencies first.
 */
import { blocker, erase, type ErasureInput, type ErasureResult } from './erase';
import type { DataErasureDeps } from './subject';

export { ERASED_EMAIL_DOMAIN, erasedEmail, scrubbedDetails } from './erased-values';
export type { DataErasureDeps, ErasureInput, ErasureResult };

export function createDataErasure(deps: DataErasureDeps) {
  return {
    blocker: (request: ErasureInput['request']) => blocker(deps, request),
    erase: (input: ErasureInput) => erase(deps, input),
  };
}

export type DataErasure = ReturnType<typeof createDataErasure>;
