import { Alert } from './Alert';
import { Button } from './Button';

/** A list or page that could not load: the screen's message and a way to try again. */
export function LoadFailed({
  message,
  onRetry,
  retrying,
  className = 'member-stack',
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
  /** The page's vertical stack (member, back office). */
  className?: string;
}) {
  return (
    <div className={className}>
      <Alert>{message}</Alert>
      <div>
        <Button variant="secondary" onClick={onRetry} loading={retrying}>
          Tentar novamente
        </Button>
      </div>
    </div>
  );
}
