/**
 * The owner's account (docs/decisions/028-owner-account.md): the step-up asked before sensitive
 * changes, and two-factor sign-in for admins (status, enrolment, recovery codes, turning it off).
 */
import { z } from 'zod';
import {
  recoveryCodesAnswer,
  SECURITY_MSG,
  securityStatus,
  stepUpAnswer,
  stepUpInput,
  twoFactorConfirmInput,
  twoFactorSetup,
} from '../../../shared/security-schemas';
import { isPublicAddress } from '../../../shared/public-address';
import { MSG } from '../../../shared/messages';
import { procedureFor } from '../../operations/procedure';
import { status, beginSetup, confirmSetup, disable, regenerateRecoveryCodes } from '../two-factor/enrolment';

const message = z.object({ message: z.string() });

export const securityProcedures = {
  /** Two-factor state, whether the dashboard warns, and until when a sensitive change needs no step-up. */
  status: procedureFor('admin')
    .output(securityStatus)
    .query(({ ctx: { services, user, auth } }) => {
      const twoFactor = status(services.twoFactor, user.id);
      const until = auth.session && services.stepUp.validUntil(auth.session);
      return {
        twoFactor,
        warnTwoFactorOff: !twoFactor.enabled && isPublicAddress(services.env.publicUrl),
        stepUpUntil: until ? until.toISOString() : null,
      };
    }),

  /** "Confirme sua identidade": the password (or the app's code) again, for a few minutes. */
  stepUp: procedureFor('authenticated')
    .meta({
      rateLimit: 'auth',
      openapi: {
        method: 'POST',
        path: '/auth/step-up',
        tags: ['auth'],
        summary: 'Confirma a identidade de novo (senha, ou `code` do aplicativo autenticador)',
        description:
          'Alterações sensíveis (configurações, modelos de mensagem, criar um administrador) respondem 403 ' +
          'com `code: "step_up_required"` quando a sessão não confirmou a identidade nos últimos 5 minutos. ' +
          'Envie `{ "password": "…" }` ou `{ "code": "123456" }` e repita a chamada.',
        errorResponses: {
          400: SECURITY_MSG.stepUpPasswordWrong,
          401: MSG.notAuthenticated,
          429: MSG.tooManyRequests,
        },
      },
    })
    .input(stepUpInput)
    .output(stepUpAnswer)
    .mutation(({ ctx: { services, user, auth, ip }, input }) =>
      services.stepUp.confirm(
        // An authenticated call always has its session (authorize() checked it).
        { id: user.id, email: user.email, session: auth.session! },
        input,
        ip,
      ),
    ),

  /** Starts enrolling an authenticator app: the key as a QR code and as text, shown this once. */
  twoFactorSetup: procedureFor('admin')
    .meta({ stepUp: true })
    .output(twoFactorSetup)
    .mutation(({ ctx: { services, user } }) => beginSetup(services.twoFactor, user)),

  /** The app's first code turns two-factor on; the answer holds the recovery codes, once. */
  twoFactorConfirm: procedureFor('admin')
    .meta({ rateLimit: 'auth' })
    .input(twoFactorConfirmInput)
    .output(recoveryCodesAnswer)
    .mutation(({ ctx: { services, user }, input }) => ({
      message: SECURITY_MSG.enabled,
      recoveryCodes: confirmSetup(services.twoFactor, user.id, input.code),
    })),

  twoFactorDisable: procedureFor('admin')
    .meta({ stepUp: true })
    .output(message)
    .mutation(({ ctx: { services, user } }) => {
      disable(services.twoFactor, user.id);
      return { message: SECURITY_MSG.disabled };
    }),

  /** New recovery codes (the old ones stop working), shown once. */
  recoveryCodesRenew: procedureFor('admin')
    .meta({ stepUp: true })
    .output(recoveryCodesAnswer)
    .mutation(({ ctx: { services, user } }) => ({
      message: SECURITY_MSG.recoveryCodesRenewed,
      recoveryCodes: regenerateRecoveryCodes(services.twoFactor, user.id),
    })),
};
