/**
 * The SMTP password in its own setting: taken as it is, with the characters SMTP_URL would need
 * %-escaped, from a settings file read the way the service and `confraria` read it (Node's own
 * --env-file parser, which `util.parseEnv` is).
 */
import { parseEnv as parseEnvFile } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

const PASSWORD = 'Ta#nat@2026:/%41 ';

describe('SMTP_PASSWORD', () => {
  it('keeps a password with #, @, :, / and % as it is, beside a URL without one', () => {
    const env = parseEnv({ SMTP_URL: 'smtp://clube@smtp.exemplo.com.br:587', SMTP_PASSWORD: PASSWORD });
    expect(env.SMTP_PASSWORD).toBe(PASSWORD);
    expect(env.SMTP_URL).toBe('smtp://clube@smtp.exemplo.com.br:587');
  });

  it('reads the line of a settings file between single quotes, # and @ included', () => {
    const file = [
      'SMTP_URL="smtp://clube@smtp.exemplo.com.br:587"',
      `SMTP_PASSWORD='${PASSWORD}'`,
      'MAIL_FROM="Confraria <contato@confraria.com.br>"',
    ].join('\n');
    const env = parseEnv(parseEnvFile(file));
    expect(env.SMTP_PASSWORD).toBe(PASSWORD);
    expect(env.MAIL_FROM).toBe('Confraria <contato@confraria.com.br>');
  });

  it('is unset when empty, as the commented-out line of env:example leaves it', () => {
    expect(parseEnv({ SMTP_URL: 'smtp://clube@smtp.exemplo.com.br', SMTP_PASSWORD: '' }).SMTP_PASSWORD).toBe(
      undefined,
    );
  });

  it('without SMTP_URL, or with a URL naming no user, is one line that never shows the password', () => {
    const message =
      'Configuração inválida: SMTP_PASSWORD exige SMTP_URL com o usuário (smtp://usuario@servidor:587)';
    for (const raw of [
      { SMTP_PASSWORD: PASSWORD },
      { SMTP_URL: 'smtp://smtp.exemplo.com.br:587', SMTP_PASSWORD: PASSWORD },
    ]) {
      expect(() => parseEnv(raw)).toThrow(message);
      try {
        parseEnv(raw);
      } catch (error) {
        expect((error as Error).message).not.toContain('Ta#nat');
      }
    }
  });
});
