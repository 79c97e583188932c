/**
 * The owner's account in the demo club (docs/decisions/028-owner-account.md): the demo admin keeps
 * two-factor sign-in off, as on any developer's machine, and the dashboard does not warn about it
 * while PUBLIC_URL is local. The demo passwords (admin123, confrade123) are guessable on purpose:
 * the accounts module stores them through `createAccount`, which takes a password as given, so they
 * never pass the strength check that every person-chosen password passes. The seed refuses a
 * database with real members, which keeps them out of a real club.
 */
import { isPublicAddress } from '../../shared/public-address';
import type { SeedModule } from './types';
import { isEnabled } from '../identity/two-factor/context';

export const securitySeed: SeedModule = {
  name: 'segurança',
  run(services, ctx) {
    const admin = ctx.users.admin;
    if (!admin) return;
    const on = isEnabled(services.twoFactor, admin.id);
    const publicSite = isPublicAddress(services.env.publicUrl);
    ctx.report(
      `segurança: verificação em duas etapas do admin ${on ? 'ativa' : 'desativada (desenvolvimento)'}` +
        (publicSite && !on ? '; o painel avisa, pois PUBLIC_URL é público' : '') +
        '; senhas de demonstração fáceis de adivinhar, só para desenvolvimento',
    );
  },
};
