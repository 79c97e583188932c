/**
 * /formulario-atualizacao, "Atualização de Dados" (docs/product/public-site-and-checkout.md §2, §4; docs/product/decisions.md §3.8): find the
 * registration and confirm the code sent to its contacts (step 1), complete the profile (step 2),
 * see the credentials (step 3). "Voltar" goes from step 2 to step 1; "Atualizar Outro Cadastro"
 * starts over with nothing kept.
 */
import { useState } from 'react';
import type {
  CompleteProfileResponse,
  RequestFormInput,
  RequestFormResponse,
  VerifyCodeResponse,
} from '../../../shared/profile-update-schemas';
import { PageHead } from '../public/PageHead';
import { PublicLayout } from '../public/PublicLayout';
import { CodeStep } from './CodeStep';
import { DoneStep } from './DoneStep';
import { FindStep, type FindValues } from './FindStep';
import { ProfileStep } from './ProfileStep';
import './profile-update.css';

type WizardState =
  | { step: 'find'; typed: FindValues; arrived: boolean }
  | {
      step: 'code';
      typed: FindValues;
      lookup: RequestFormInput;
      request: RequestFormResponse;
    }
  | { step: 'profile'; typed: FindValues; verified: VerifyCodeResponse }
  | { step: 'done'; saved: CompleteProfileResponse };

const START = {
  step: 'find',
  typed: { email: '', phone: '' },
  arrived: false,
} as const satisfies WizardState;

const STEPS = [
  { key: 'find', label: 'Localizar cadastro' },
  { key: 'profile', label: 'Completar perfil' },
  { key: 'done', label: 'Concluído' },
] as const;

export function ProfileUpdatePage() {
  const [state, setState] = useState<WizardState>(START);
  // Each start over mounts fresh forms (nothing typed before survives).
  const [round, setRound] = useState(0);
  const current = state.step === 'code' ? 'find' : state.step;
  const currentIndex = STEPS.findIndex((step) => step.key === current);

  return (
    <PublicLayout title="Atualização de Dados">
      <PageHead eyebrow="Já sou assinante" title="Atualização de Dados">
        <p>Mantenha seu cadastro na confraria em dia: endereço, contatos e tamanho da camiseta.</p>
      </PageHead>
      <div className="pub-section">
        <div className="pub-container pu">
          <ol className="pu-steps" aria-label="Etapas">
            {STEPS.map((step, index) => (
              <li
                key={step.key}
                className={
                  index < currentIndex ? 'is-done' : index === currentIndex ? 'is-current' : undefined
                }
                aria-current={index === currentIndex ? 'step' : undefined}
              >
                <span className="pu-steps__number" aria-hidden="true">
                  {index + 1}
                </span>
                <span className="pu-steps__label">{step.label}</span>
              </li>
            ))}
          </ol>

          <div className="card pu-card" key={round}>
            {state.step === 'find' && (
              <FindStep
                initial={state.typed}
                focusHeading={state.arrived}
                onFound={(request, lookup, typed) => setState({ step: 'code', typed, lookup, request })}
              />
            )}
            {state.step === 'code' && (
              <CodeStep
                request={state.request}
                lookup={state.lookup}
                onVerified={(verified) => setState({ step: 'profile', typed: state.typed, verified })}
                onBack={() => setState({ step: 'find', typed: state.typed, arrived: true })}
              />
            )}
            {state.step === 'profile' && (
              <ProfileStep
                verified={state.verified}
                onSaved={(saved) => setState({ step: 'done', saved })}
                onBack={() => setState({ step: 'find', typed: state.typed, arrived: true })}
              />
            )}
            {state.step === 'done' && (
              <DoneStep
                saved={state.saved}
                onRestart={() => {
                  setRound((value) => value + 1);
                  setState({ step: 'find', typed: { email: '', phone: '' }, arrived: true });
                }}
              />
            )}
          </div>
        </div>
      </div>
    </PublicLayout>
  );
}
