/**
 * Checks a configuration must pass before `npm start` serves anyone (ADR 013). The sandbox
 * payment provider is right for `npm install && npm start` on a laptop, and wrong for a real
 * deployment whose owner forgot the Pagar.me key: anyone would "pay" with a test card, and the PIX
 * codes would carry the club's real key for payments no one will ever match.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Env } from './env';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** Whether a URL points at this machine only (a developer's or a test's server). */
export function isLoopbackUrl(url: string): boolean {
  const { hostname } = new URL(url);
  return (
    LOOPBACK_HOSTS.has(hostname) || hostname.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(hostname)
  );
}

/** One line saying what to set, or null when the configuration may serve. */
export function startupRefusal(env: Env): string | null {
  if (
    env.paymentProvider === 'sandbox' &&
    env.PAYMENT_PROVIDER !== 'sandbox' &&
    !isLoopbackUrl(env.publicUrl)
  ) {
    return (
      `PUBLIC_URL (${env.publicUrl}) é um endereço público, mas nenhum provedor de pagamento real está ` +
      'configurado: defina PAGARME_SECRET_KEY, ou PAYMENT_PROVIDER=sandbox para manter o sandbox de propósito.'
    );
  }
  return null;
}

function userName(): string {
  try {
    return os.userInfo().username;
  } catch {
    return String(process.getuid?.() ?? '?');
  }
}

/**
 * One line when DATA_DIR or BACKUP_DIR cannot be created or written by this process's user (a
 * relative `./data` in a read-only code folder, a folder owned by root), instead of the stack trace
 * of the first write; null when both are usable. Creates them (0700) when missing, as the server would.
 */
export function dataFolderRefusal(env: Env): string | null {
  const folders: [string, string][] = [
    ['DATA_DIR', env.DATA_DIR],
    ['BACKUP_DIR', env.backupDir],
  ];
  for (const [name, folder] of folders) {
    try {
      fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
      fs.accessSync(folder, fs.constants.W_OK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'erro';
      return (
        `Configuração inválida: ${name} (${path.resolve(folder)}) não pode ser criada ou escrita pelo ` +
        `usuário ${userName()} (${code}): crie a pasta com esse dono ou aponte ${name} para uma que ele possa escrever.`
      );
    }
  }
  return null;
}
