/** The club's settings as the public site and checkout show them (contacts, social links, price). */
import { z } from 'zod';
import { PUBLIC_SETTING_KEYS, settingsSchema } from '../../shared/content/settings-defaults';
import { defineOperation } from './define';

type PublicKey = (typeof PUBLIC_SETTING_KEYS)[number];
const publicKeys = Object.fromEntries(PUBLIC_SETTING_KEYS.map((key) => [key, true])) as Record<
  PublicKey,
  true
>;

export const settingsOperations = {
  public: defineOperation({
    kind: 'query',
    access: 'public',
    output: settingsSchema.pick(publicKeys).extend({
      /** Where the checkout turns a card into a token (null: no card payments now). */
      cardTokenizer: z.object({ url: z.string(), publicKey: z.string() }).nullable(),
    }),
    run: ({ services }) => ({
      ...services.settings.getPublic(),
      cardTokenizer: services.payments.cardTokenizer(),
    }),
  }),
};
