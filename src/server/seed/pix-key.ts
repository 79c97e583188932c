/**
 * The demo club's PIX key, saved with its type as the settings screen saves it. It is an e-mail on
 * a reserved domain (`.example`): no bank can find it, so nobody who scans a demo BR Code with a
 * real bank app pays a stranger (a phone or CPF key could belong to someone). A key the owner
 * already saved is left alone.
 */
import { settings as settingsTable } from '../db/schema';
import { eq } from 'drizzle-orm';
import type { SeedModule } from './types';

export const DEMO_PIX_KEY = 'pix@confraria.example';

export const pixKeySeed: SeedModule = {
  name: 'chave PIX',
  run(services, ctx) {
    const saved = services.db
      .select({ key: settingsTable.key })
      .from(settingsTable)
      .where(eq(settingsTable.key, 'pixKey'))
      .get();
    if (saved) {
      ctx.report('chave PIX: mantida a que já estava salva');
      return;
    }
    services.settings.update({ pixKey: DEMO_PIX_KEY });
    ctx.report(`chave PIX: ${DEMO_PIX_KEY} (e-mail de domínio reservado: nenhum banco a encontra)`);
  },
};
