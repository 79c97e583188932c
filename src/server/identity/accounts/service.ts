/**
 * Accounts: registration, login and logout, the one-time set-password links (docs/product/decisions.md §2),
 * admin creation (script and first start) and the admin's list of accounts. Passwords and tokens
 * are never sent or logged; only the set-password link leaves, through the outbox.
 * Each part lives in `accounts/`, module-level functions taking the dependencies first.
 */
import type { LoginInput, RegisterInput } from '../../../shared/auth-schemas';
import {
  createSetPasswordLink,
  hasUsableSetPasswordLink,
  requestPasswordReset,
  resendVerification,
  verifyEmail,
} from './account-links';
import { findByEmail, getAccount, getUser, hasAdmin, isEmailVerified, listUsers } from './account-reads';
import {
  createAccount,
  adminAnswerProblem,
  createOrPromoteAdmin,
  ensureFirstAdmin,
  type AdminInput,
  type NewAccount,
} from './create-account';
import type { AccountsDeps } from './deps';
import { reportNotMe } from './not-me';
import { login, logout, register, setPassword } from './sign-in';

export { SET_PASSWORD_TTL_MS } from './account-links';
export { USERS_PAGE_SIZE, type AccountView, type Pagination } from './account-reads';
export type { AdminInput } from './create-account';
export type { AccountsDeps, AuthResult, SignInSecurity } from './deps';

export function createAccountsService(deps: AccountsDeps) {
  return {
    findByEmail: (email: string) => findByEmail(deps, email),
    getUser: (id: string) => getUser(deps, id),
    createAccount: (input: NewAccount) => createAccount(deps, input),
    createSetPasswordLink: (userId: string) => createSetPasswordLink(deps, userId),
    hasUsableSetPasswordLink: (userId: string) => hasUsableSetPasswordLink(deps, userId),
    isEmailVerified: (userId: string) => isEmailVerified(deps, userId),
    verifyEmail: (token: string) => verifyEmail(deps, token),
    resendVerification: (userId: string) => resendVerification(deps, userId),
    createOrPromoteAdmin: (raw: AdminInput) => createOrPromoteAdmin(deps, raw),
    adminAnswerProblem,
    hasAdmin: () => hasAdmin(deps),
    register: (input: RegisterInput, options?: { allowRole?: boolean }) => register(deps, input, options),
    login: (input: LoginInput, options?: { ip?: string }) => login(deps, input, options),
    logout: (sessionId: string) => logout(deps, sessionId),
    requestPasswordReset: (email: string) => requestPasswordReset(deps, email),
    reportNotMe: (token: string) => reportNotMe(deps, token),
    setPassword: (token: string, password: string, options?: { code?: string; ip?: string }) =>
      setPassword(deps, token, password, options),
    ensureFirstAdmin: () => ensureFirstAdmin(deps),
    getAccount: (userId: string) => getAccount(deps, userId),
    listUsers: (query?: { page?: number; search?: string }) => listUsers(deps, query),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
