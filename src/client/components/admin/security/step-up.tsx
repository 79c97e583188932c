/**
 * The step-up in the back office (docs/decisions/028-owner-account.md): a sensitive change that the
 * server refuses with reason `step_up_required` opens "Confirme sua identidade"; once the admin
 * typed the password (or the app's code), the change is sent again, once. Cancelled, the refusal
 * stays and the screen shows its message.
 */
import { createContext, use, useCallback, useState, type ReactNode } from 'react';
import { errorReason } from '../../../lib/error-reason';
import { StepUpDialog } from './StepUpDialog';

/** Runs `action`; if the server asks for a step-up, asks the admin and runs it once more. */
export type WithStepUp = <T>(action: () => Promise<T>) => Promise<T>;

const StepUpContext = createContext<WithStepUp | null>(null);

export function StepUpProvider({ children }: { children: ReactNode }) {
  const [asking, setAsking] = useState<((confirmed: boolean) => void) | null>(null);

  const withStepUp = useCallback<WithStepUp>(async (action) => {
    try {
      return await action();
    } catch (error) {
      if (errorReason(error) !== 'step_up_required') throw error;
      const confirmed = await new Promise<boolean>((resolve) => setAsking(() => resolve));
      if (!confirmed) throw error;
      return action();
    }
  }, []);

  const finish = (confirmed: boolean) => {
    asking?.(confirmed);
    setAsking(null);
  };

  return (
    <StepUpContext value={withStepUp}>
      {children}
      {asking && <StepUpDialog onConfirmed={() => finish(true)} onCancel={() => finish(false)} />}
    </StepUpContext>
  );
}

export function useStepUp(): WithStepUp {
  const withStepUp = use(StepUpContext);
  if (!withStepUp) throw new Error('useStepUp outside StepUpProvider');
  return withStepUp;
}
