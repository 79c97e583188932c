/**
 * Demo of "Alterações propostas no pagamento" (ADR 027): the club typed Otávio Lacerda's
 * record, then someone paid the in-page checkout under his e-mail with another name, phone and
 * address. The payment counts (his record waits for approval) but changes nothing on file: the
 * differences wait in his record's details for the owner to apply or discard. Runs through the
 * real admin form and checkout (the sandbox's test card); skips a record that exists.
 */
import { processPaymentInput } from '../../shared/checkout-schemas';
import { subscriberInput } from '../../shared/subscriber-schemas';
import type { SeedModule } from './types';
import { create } from '../membership/subscribers/admin/edit';

const OTAVIO_EMAIL = 'otavio.lacerda@exemplo.com.br';

export const proposedChangesSeed: SeedModule = {
  name: 'proposed-changes',
  async run(services, ctx) {
    const admin = ctx.users.admin;
    if (!admin || services.subscribers.findByEmail(OTAVIO_EMAIL)) {
      ctx.report('alterações propostas: 0 criadas, 1 já existia');
      return;
    }
    const price = services.settings.get().priceAnnual;
    create(
      services.subscriberAdmin,
      subscriberInput.parse({
        fullName: 'Otávio Lacerda',
        email: OTAVIO_EMAIL,
        phone: '(31) 98123-4567',
        cpf: '111.444.777-35',
        address: 'Rua da Bahia',
        number: '1148',
        neighborhood: 'Centro',
        city: 'Belo Horizonte',
        state: 'MG',
        zipCode: '30160-011',
        status: 'pending_payment',
        subscriptionPrice: price,
      }),
      admin.id,
    );
    await services.payments.process(
      processPaymentInput.parse({
        paymentMethod: 'credit_card',
        customerData: {
          name: 'Otávio Lacerda Neto',
          email: OTAVIO_EMAIL,
          phone: '(31) 99876-5432',
          cpf: '111.444.777-35',
          address: {
            street: 'Avenida Afonso Pena',
            number: '3000',
            neighborhood: 'Funcionários',
            city: 'Belo Horizonte',
            state: 'MG',
            zipCode: '30130-009',
          },
        },
        paymentData: {
          amount: price,
          cardData: {
            cardNumber: '4111111111111111',
            cardHolderName: 'OTAVIO LACERDA',
            expiryDate: '12/30',
            cvv: '123',
          },
        },
      }),
    );
    ctx.report(
      'alterações propostas: 1 pagamento com dados diferentes do cadastro (Otávio Lacerda): ' +
        'Assinantes → Otávio Lacerda → Alterações propostas no pagamento',
    );
  },
};
