import { useId } from 'react';
import { MSG } from '../../../shared/messages';
import { Button } from '../ui/Button';
import { describeCepAddress, formatCep } from './cep-fill';
import type { CepQuestion as Question } from './useCepAutofill';

/**
 * The inline question a CEP lookup asks before replacing an address the form already holds
 * (ADR 033). Its region is always there, so a screen reader hears the question as it appears;
 * the focus stays where the person is typing.
 */
export function CepQuestion({ question }: { question: Question | null }) {
  const id = useId();
  return (
    <div aria-live="polite" className="cep-question__live">
      {question && (
        <div role="group" aria-label={MSG.cepQuestionLabel} aria-describedby={id} className="cep-question">
          <p id={id} className="cep-question__text">
            {MSG.cepReplaceQuestion(formatCep(question.cep), describeCepAddress(question.found))}
          </p>
          <div className="cep-question__actions">
            <Button size="sm" onClick={question.replace}>
              {MSG.cepReplace}
            </Button>
            <Button size="sm" variant="secondary" onClick={question.keep}>
              {MSG.cepKeep}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
