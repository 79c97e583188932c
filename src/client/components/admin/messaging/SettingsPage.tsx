/**
 * /admin/settings (docs/product/decisions.md §4, §6): the club's identity and contacts, the PIX key and merchant of
 * the BR Codes, the name on card bills, prices, automatic renewal reminders, automatic renewal on the card (ADR 052: offered or not,
 * notice days, retry schedule), and which provider each service uses with a test of each. Checked
 * in the browser with the server's schema (prices typed in reais, days as text); the PIX
 * key comes back normalized. Keys and tokens live in the server's environment, never here.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { toast } from 'sonner';
import { SETTINGS_LIMITS, STATEMENT_DESCRIPTOR_MAX } from '../../../../shared/content/settings-defaults';
import { formatDateTime } from '../../../../shared/format';
import {
  centsToReais,
  retryDaysText,
  SETTINGS_SCREEN_MSG,
  settingsForm,
  type SettingsFormInput,
  type SettingsFormOutput,
  type SettingsResponse,
} from '../../../../shared/settings-schemas';
import { errorText } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import '../../../styles/admin-messaging.css';
import { useStepUp } from '../security/step-up';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PageLoading } from '../../ui/PageLoading';
import { MoneyField } from '../../ui/MoneyField';
import { TextField } from '../../ui/TextField';
import { UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard';
import { PixKeyField } from '../../ui/PixKeyField';
import { fieldsOf } from '../../ui/field-of';

const PROVIDER_LABELS: Record<string, string> = {
  sandbox: 'Sandbox (pagamentos simulados, nenhuma cobrança real)',
  pagarme: 'Pagar.me',
  log: 'Registro local (nenhum envio real; mensagens ficam em Mensagens)',
  smtp: 'SMTP',
  'cloud-api': 'WhatsApp Cloud API',
  focusnfe: 'Focus NFe',
};

function toForm(settings: SettingsResponse['settings']): SettingsFormInput {
  return {
    ...settings,
    priceAnnual: centsToReais(settings.priceAnnual),
    priceRenewal: centsToReais(settings.priceRenewal),
    automaticRenewalNoticeDays: String(settings.automaticRenewalNoticeDays),
    automaticRenewalRetryDays: retryDaysText(settings.automaticRenewalRetryDays),
  };
}

export function SettingsPage() {
  const query = trpc.settings.get.useQuery();
  if (query.isPending) return <PageLoading />;
  if (query.isError) return <Alert>{errorText(query.error, SETTINGS_SCREEN_MSG.loadFailed)}</Alert>;
  return (
    <div className="adm-stack">
      <SettingsForm data={query.data} />
      <Providers providers={query.data.providers} />
    </div>
  );
}

function SettingsForm({ data }: { data: SettingsResponse }) {
  const utils = trpc.useUtils();
  const update = trpc.settings.update.useMutation();
  const withStepUp = useStepUp();
  const [saveError, setSaveError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    control,
    setValue,
    trigger,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<SettingsFormInput, unknown, SettingsFormOutput>({
    resolver: zodResolver(settingsForm),
    defaultValues: toForm(data.settings),
  });
  const field = fieldsOf(register, errors);

  const submit = handleSubmit(async (values) => {
    setSaveError(null);
    try {
      // A sensitive change: the server may ask the admin to confirm their identity first.
      const answer = await withStepUp(() => update.mutateAsync(values));
      utils.settings.get.setData(undefined, answer);
      reset(toForm(answer.settings));
      // The public pages read the same store: show them the new values at once.
      void utils.settings.public.invalidate();
      toast.success(answer.message);
    } catch (error) {
      setSaveError(errorText(error, SETTINGS_SCREEN_MSG.saveFailed));
    }
  });

  return (
    <form className="adm-stack" onSubmit={(event) => void submit(event)} noValidate>
      <UnsavedChangesGuard dirty={isDirty && !isSubmitting} />
      <fieldset className="card adm-card">
        <legend>Clube e contatos</legend>
        <div className="adm-grid adm-grid--2">
          <TextField label="Nome do clube" maxLength={SETTINGS_LIMITS.clubName} {...field('clubName')} />
          <TextField
            label="CNPJ ou CPF do clube"
            hint="Impresso nos recibos dos confrades, ex.: 12.345.678/0001-95"
            inputMode="text"
            autoComplete="off"
            {...field('clubTaxId')}
          />
          <TextField label="E-mail de contato" type="email" {...field('contactEmail')} />
          <TextField
            label="WhatsApp do clube"
            type="tel"
            inputMode="tel"
            hint="Com código do país e DDD, ex.: 55 11 99999-0000"
            {...field('whatsappNumber')}
          />
          <TextField label="Instagram (perfil)" {...field('instagramHandle')} />
          <TextField label="Link do Instagram" type="url" {...field('instagramUrl')} />
          <TextField label="Link do YouTube" type="url" {...field('youtubeUrl')} />
          <TextField label="Link do Vivino" type="url" {...field('vivinoUrl')} />
          <TextField
            label="Link do grupo VIP"
            type="url"
            hint="Enviado no e-mail de pagamento confirmado"
            {...field('vipGroupLink')}
          />
        </div>
      </fieldset>

      <fieldset className="card adm-card">
        <legend>PIX (QR Code e copia e cola)</legend>
        <div className="adm-grid adm-grid--2">
          <PixKeyField {...{ control, register, setValue, trigger, errors }} stored={data.settings} />
          <TextField
            label="Nome do recebedor"
            hint={`Até ${SETTINGS_LIMITS.merchantName} caracteres, como aparece no app do banco`}
            maxLength={SETTINGS_LIMITS.merchantName}
            {...field('merchantName')}
          />
          <TextField
            label="Cidade do recebedor"
            hint={`Até ${SETTINGS_LIMITS.merchantCity} caracteres`}
            maxLength={SETTINGS_LIMITS.merchantCity}
            {...field('merchantCity')}
          />
        </div>
      </fieldset>

      <fieldset className="card adm-card">
        <legend>Cartão de crédito</legend>
        <div className="adm-grid adm-grid--2">
          <TextField
            label="Nome na fatura do cartão"
            hint="Até 13 letras sem acento, números ou espaços: o nome que o confrade reconhece na fatura"
            maxLength={STATEMENT_DESCRIPTOR_MAX}
            autoCapitalize="characters"
            {...field('statementDescriptor')}
          />
        </div>
      </fieldset>

      <fieldset className="card adm-card">
        <legend>Preços e renovação</legend>
        <div className="adm-grid adm-grid--2">
          <PriceField
            control={control}
            name="priceAnnual"
            label="Assinatura anual (R$)"
            hint="Cobrado de novos confrades"
          />
          <PriceField
            control={control}
            name="priceRenewal"
            label="Renovação (R$)"
            hint="Oferecido só a confrades já aprovados"
          />
        </div>
        <label className="checkbox">
          <input type="checkbox" {...register('renewalAutomation')} />
          <span>
            Enviar lembretes de renovação automaticamente, com o link de pagamento, 30 e 7 dias antes do fim
            da assinatura (por e-mail e WhatsApp, entre 9h e 21h)
          </span>
        </label>
      </fieldset>

      <fieldset className="card adm-card">
        <legend>Renovação automática no cartão</legend>
        <label className="checkbox">
          <input type="checkbox" {...register('automaticRenewal')} />
          <span>
            Oferecer a renovação automática: o confrade que ligar é cobrado todo ano no cartão com que pagou,
            avisado antes, e desliga quando quiser
          </span>
        </label>
        <div className="adm-grid adm-grid--2">
          <TextField
            label="Aviso antes da cobrança (dias)"
            hint="De 1 a 30 dias: e-mail com valor, data, cartão e o link para desligar"
            inputMode="numeric"
            autoComplete="off"
            {...field('automaticRenewalNoticeDays')}
          />
          <TextField
            label="Novas tentativas após recusa (dias depois da data)"
            hint="Até 5 números em ordem crescente, ex.: 1, 3, 7"
            inputMode="numeric"
            autoComplete="off"
            {...field('automaticRenewalRetryDays')}
          />
        </div>
      </fieldset>

      <fieldset className="card adm-card">
        <legend>Notas fiscais</legend>
        {data.providers.invoice === null ? (
          // No emitter on the server: nothing to turn on (the stored value stays as it is).
          <p className="field__hint">
            Emissão de notas fiscais indisponível: nenhum emissor de notas configurado no servidor. O site
            promete só o recibo de cada pagamento.
          </p>
        ) : (
          <>
            <label className="checkbox">
              <input
                type="checkbox"
                aria-describedby="service-invoices-hint"
                {...register('serviceInvoices')}
              />
              <span>Emissão de notas fiscais: cada pagamento confirmado recebe a sua NFS-e</span>
            </label>
            <p id="service-invoices-hint" className="field__hint">
              Ligada, o site, as perguntas frequentes e os termos dizem que as cobranças têm nota fiscal;
              desligada, prometem só o recibo.
            </p>
          </>
        )}
      </fieldset>

      {saveError && <Alert>{saveError}</Alert>}
      <div className="adm-actions">
        <Button type="submit" loading={update.isPending} loadingLabel="Salvando...">
          Salvar configurações
        </Button>
        {isDirty && <span className="adm-note">Há alterações não salvas.</span>}
      </div>
    </form>
  );
}

type CheckResult = { ok: boolean; detail?: string; checkedAt: string };

function Providers({ providers }: { providers: SettingsResponse['providers'] }) {
  const testPayment = trpc.settings.testPayment.useMutation();
  const testMessaging = trpc.settings.testMessaging.useMutation();
  const [results, setResults] = useState<Record<string, CheckResult | { error: string }>>({});

  async function check(which: 'payment' | 'email' | 'whatsapp') {
    try {
      if (which === 'payment') {
        const answer = await testPayment.mutateAsync();
        setResults((all) => ({ ...all, payment: answer }));
      } else {
        const answer = await testMessaging.mutateAsync();
        setResults((all) => ({
          ...all,
          email: { ...answer.email, checkedAt: answer.checkedAt },
          whatsapp: { ...answer.whatsapp, checkedAt: answer.checkedAt },
        }));
      }
    } catch (error) {
      setResults((all) => ({ ...all, [which]: { error: errorText(error, SETTINGS_SCREEN_MSG.testFailed) } }));
    }
  }

  const cards = [
    { id: 'payment', title: 'Pagamentos', provider: providers.payment, pending: testPayment.isPending },
    { id: 'email', title: 'E-mail', provider: providers.email, pending: testMessaging.isPending },
    { id: 'whatsapp', title: 'WhatsApp', provider: providers.whatsapp, pending: testMessaging.isPending },
  ] as const;

  return (
    <section className="card adm-card" aria-labelledby="providers-title">
      <h2 id="providers-title">Provedores</h2>
      <p className="adm-card__intro">
        Chaves e senhas ficam nas variáveis de ambiente do servidor (PAGARME_SECRET_KEY, SMTP_URL,
        WHATSAPP_TOKEN e WHATSAPP_PHONE_ID) e nunca aparecem aqui.
      </p>
      <div className="adm-providers">
        {cards.map((card) => {
          const result = results[card.id];
          return (
            <div className="adm-provider" key={card.id}>
              <h3>{card.title}</h3>
              <p>{PROVIDER_LABELS[card.provider] ?? card.provider}</p>
              <div>
                <Button
                  size="sm"
                  variant="secondary"
                  loading={card.pending}
                  loadingLabel="Testando..."
                  onClick={() => void check(card.id)}
                  aria-label={`Testar ${card.title}`}
                >
                  Testar
                </Button>
              </div>
              <div role="status">
                {result && 'error' in result && <span className="adm-error-text">{result.error}</span>}
                {result && !('error' in result) && (
                  <>
                    <span className={`adm-badge adm-badge--${result.ok ? 'ok' : 'down'}`}>
                      {result.ok ? 'Funcionando' : 'Com falha'}
                    </span>{' '}
                    <span className="adm-note">
                      {result.detail ? `${result.detail} · ` : ''}
                      {formatDateTime(result.checkedAt)}
                    </span>
                  </>
                )}
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** A price of the club, typed in reais (MoneyField) and held by the form as that text. */
function PriceField({
  control,
  name,
  label,
  hint,
}: {
  control: Control<SettingsFormInput, unknown, SettingsFormOutput>;
  name: 'priceAnnual' | 'priceRenewal';
  label: string;
  hint: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: price, fieldState }) => (
        <MoneyField
          label={label}
          hint={hint}
          name={price.name}
          value={price.value}
          onValueChange={price.onChange}
          onBlur={price.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
