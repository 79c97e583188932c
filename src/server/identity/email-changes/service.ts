/**
 * A new sign-in address takes effect only once the new address confirms it (ADR 027). Whoever asks
 * (the member with their password, an admin correcting a record, the wizard with its code), the
 * new address gets a one-time link and the current one is told; nothing changes until the link is
 * used. Then the account's e-mail (proven by that link), its tied record's e-mail, and nothing
 * else change; the account's other sessions end and links sent to the old address stop working.
 */
import { confirm } from './confirm';
import { cancel, pending, request, type EmailChangeRequest } from './request';
import type { EmailChangesDeps, EmailTarget } from './targets';

export {
  EMAIL_CHANGE_REQUESTED_EVENT,
  EMAIL_CHANGE_TTL_MS,
  EMAIL_CHANGED_EVENT,
  EMAIL_CHANGES_PER_HOUR,
  type EmailChangesDeps,
  type EmailTarget,
} from './targets';
export type { EmailChangeRequest };

export function createEmailChanges(deps: EmailChangesDeps) {
  return {
    pending: (target: EmailTarget) => pending(deps, target),
    request: (input: EmailChangeRequest) => request(deps, input),
    cancel: (target: EmailTarget) => cancel(deps, target),
    confirm: (token: string, caller: { userId: string; sessionId: string } | null) =>
      confirm(deps, token, caller),
  };
}

export type EmailChanges = ReturnType<typeof createEmailChanges>;
