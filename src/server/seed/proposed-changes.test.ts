import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import { runSeed } from './index';
import { proposedChangesOf } from '../membership/subscribers/admin/proposed-changes';

let t: TestApp;
useTestApp((app) => (t = app));

describe('proposed changes demo seed', () => {
  it('leaves Otávio paid and pending with his record as the club typed it and a proposal; idempotent', async () => {
    const { lines } = await runSeed(t.services);
    expect(lines).toContain(
      'alterações propostas: 1 pagamento com dados diferentes do cadastro (Otávio Lacerda): ' +
        'Assinantes → Otávio Lacerda → Alterações propostas no pagamento',
    );
    const otavio = t.services.subscribers.findByEmail('otavio.lacerda@exemplo.com.br')!;
    expect(otavio).toMatchObject({
      name: 'Otávio Lacerda',
      phone: '31981234567',
      street: 'Rua da Bahia',
      status: 'pending',
      paymentStatus: 'paid',
    });
    const proposal = proposedChangesOf(t.services.subscriberAdmin, otavio.id);
    expect(proposal?.fields.map((field) => [field.field, field.proposed])).toEqual([
      ['name', 'Otávio Lacerda Neto'],
      ['phone', '31998765432'],
      ['street', 'Avenida Afonso Pena'],
      ['number', '3000'],
      ['neighborhood', 'Funcionários'],
      ['zipCode', '30130009'],
    ]);
    const again = await runSeed(t.services);
    expect(again.lines).toContain('alterações propostas: 0 criadas, 1 já existia');
  });
});
