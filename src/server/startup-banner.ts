/**
 * What `npm start` says once it listens, and the one line it says when it cannot. In a terminal a
 * person reads a short block (where the club is, whether it has an administrator, what to run
 * next); under systemd or Docker the same facts are one JSON log line.
 */
import { isPublicAddress } from '../shared/public-address';
import type { Env } from './env';

export function startupBanner(env: Env, { hasAdmin }: { hasAdmin: boolean }): string {
  // The demo is offered only where it may run: never at a public address (seed/refusal.ts).
  const next = hasAdmin
    ? `Entre em ${env.publicUrl}/login com a conta de administrador.`
    : [
        'Nenhum administrador ainda. Próximo passo:',
        ...(isPublicAddress(env.publicUrl)
          ? []
          : ['  npm run seed:demo      clube de demonstração (contas de teste)']),
        '  npm run admin:create   clube de verdade (o primeiro administrador)',
      ].join('\n');
  return [`Confraria no ar: ${env.publicUrl}`, next, 'Para parar: Ctrl+C.'].join('\n');
}

/** The one line for a port someone else holds: which port, and the variable that moves it. */
export function portInUseMessage(env: Env): string {
  return `A porta ${env.PORT} já está em uso por outro programa: pare-o ou escolha outra porta em PORT (por exemplo PORT=${env.PORT + 1} npm start).`;
}

export function isAddressInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';
}
