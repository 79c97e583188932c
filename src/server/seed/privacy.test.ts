import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import { ERASED_NAME } from '../../shared/privacy-schemas';
import { eq } from 'drizzle-orm';
import { deletionRequests, payments } from '../db/schema';
import { countRealMembers, runSeed } from './index';
import { list, summary } from '../privacy/deletion-requests/back-office';
import { overview } from '../membership/portal/subscription';
import { login as accountsLogin } from '../identity/accounts/sign-in';

let t: TestApp;
useTestApp((app) => (t = app));

describe('demo LGPD requests', () => {
  it('shows an open request with 4 days left and a completed one, once', async () => {
    const first = await runSeed(t.services);
    expect(first.lines).toContain(
      'lgpd: 2 pedidos de exclusão criados (João Pereira: aberto, prazo em 4 dias; Sílvia Prado: concluído)',
    );
    const open = list(t.services.deletionRequests, 'open', 1).requests;
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      daysLeft: 4,
      overdue: false,
      blocker: null,
      reason: 'Cancelei a assinatura e não quero mais meus dados no clube.',
      subscriber: { fullName: 'João Pereira', email: 'joao@confraria.local' },
    });
    const completed = list(t.services.deletionRequests, 'completed', 1).requests;
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      subscriber: { fullName: ERASED_NAME },
      completedBy: { name: 'Administração' },
    });
    expect(summary(t.services.deletionRequests)).toMatchObject({ open: 1, overdue: 0 });
    // João's portal shows the request and its deadline; his account still works until it is completed.
    const joao = first.ctx.users.joao!;
    expect(overview(t.services.memberPortal, joao).subscription?.deletionDueAt).toBe(open[0]!.dueAt);
    const login = await accountsLogin(t.services.accounts, { email: joao.email, password: joao.password });
    expect(login.user.id).toBe(joao.id);

    // The erased record is nobody: the seed can still run again on this demo club.
    expect(countRealMembers(t.services)).toBe(0);
    const second = await runSeed(t.services);
    expect(second.lines).toContain(
      'lgpd: 0 pedidos de exclusão criados (João Pereira: aberto, prazo em 4 dias; Sílvia Prado: concluído)',
    );
    expect(t.services.db.select().from(deletionRequests).all()).toHaveLength(2);
    // The PIX a stranger started with Sílvia's e-mail was voided by her erasure, not waited for.
    const erasedId = completed[0]!.subscriber!.id;
    const pix = t.services.db.select().from(payments).where(eq(payments.subscriberId, erasedId)).all();
    expect(pix).toMatchObject([{ status: 'cancelled', method: 'pix', amount: 149700 }]);
    const admin = await t.signIn('admin');
    const detail = await t.caller(admin.token).payments.detail({ paymentId: pix[0]!.id });
    expect(detail.history.map((entry) => entry.text)).toContain(
      'Exclusão de dados (LGPD): cancelamento da cobrança pedido ao provedor, que respondeu cancelado',
    );
  });
});
