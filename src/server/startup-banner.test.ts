import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';
import { startupBanner } from './startup-banner';

describe('the start block', () => {
  const env = parseEnv({ PORT: '3000', NODE_ENV: 'production' });

  it('names the address and the two next steps while the club has no admin', () => {
    expect(startupBanner(env, { hasAdmin: false })).toBe(
      [
        'Confraria no ar: http://localhost:3000',
        'Nenhum administrador ainda. Próximo passo:',
        '  npm run seed:demo      clube de demonstração (contas de teste)',
        '  npm run admin:create   clube de verdade (o primeiro administrador)',
        'Para parar: Ctrl+C.',
      ].join('\n'),
    );
  });

  it('does not offer the demo at a public address, where it refuses to run', () => {
    const server = parseEnv({
      PORT: '3000',
      PUBLIC_URL: 'https://clube.confraria.com.br',
      PAYMENT_PROVIDER: 'sandbox',
    });
    expect(startupBanner(server, { hasAdmin: false })).toBe(
      [
        'Confraria no ar: https://clube.confraria.com.br',
        'Nenhum administrador ainda. Próximo passo:',
        '  npm run admin:create   clube de verdade (o primeiro administrador)',
        'Para parar: Ctrl+C.',
      ].join('\n'),
    );
  });

  it('points to the sign-in page once an admin exists', () => {
    expect(startupBanner(env, { hasAdmin: true })).toContain(
      'Entre em http://localhost:3000/login com a conta de administrador.',
    );
  });
});
