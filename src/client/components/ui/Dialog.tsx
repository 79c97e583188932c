import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { MSG } from '../../../shared/messages';
import { Button } from './Button';

/** What a form inside a dialog tells it: whether it holds unsaved changes. */
const DialogContext = createContext<{ setDirty: (dirty: boolean) => void } | null>(null);

/**
 * Tells the surrounding `Dialog` that the form holds unsaved changes: while `dirty`, Escape and the
 * close button ask "Descartar as alterações?" before closing.
 */
export function useDialogDirty(dirty: boolean) {
  const dialog = useContext(DialogContext);
  useEffect(() => {
    if (!dialog) return;
    dialog.setDirty(dirty);
    return () => dialog.setDirty(false);
  }, [dialog, dirty]);
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The one modal of the app (ADR 033), on the browser's own `<dialog>`: the page behind is inert
 * and focus stays inside; on opening, focus goes to the element marked `data-autofocus`, else the first
 * control of the body, else the close button; Escape and the close button ("Fechar janela") call
 * `onClose`, unless the form inside reported unsaved changes (`dirty` or `useDialogDirty`), in which
 * case they first ask "Descartar as alterações?"; on closing, focus returns to what opened it.
 * Children mount only while open, so every opening starts from fresh state. A dialog rendered only
 * while needed can leave `open` out.
 */
export function Dialog({
  open = true,
  onClose,
  title,
  children,
  footer,
  size = 'md',
  dirty = false,
}: {
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  dirty?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [asking, setAsking] = useState(false);
  const state = useRef({ onClose, dirty, reported: false, open });
  useEffect(() => {
    state.current.onClose = onClose;
    state.current.dirty = dirty;
    state.current.open = open;
  });
  const context = useMemo(
    () => ({
      setDirty: (value: boolean) => {
        state.current.reported = value;
      },
    }),
    [],
  );

  const requestClose = useCallback(() => {
    if (state.current.dirty || state.current.reported) setAsking(true);
    else state.current.onClose();
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const body = dialog.querySelector<HTMLElement>('.dialog__body');
    const first =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      body?.querySelector<HTMLElement>(FOCUSABLE) ??
      dialog.querySelector<HTMLElement>('.dialog__close');
    first?.focus();
    const onCancel = (event: Event) => {
      if (event.target !== dialog) return;
      // Escape: React owns `open`, so the browser never closes the dialog behind its back.
      event.preventDefault();
      requestClose();
    };
    const onNativeClose = () => {
      // Chromium may close without a cancelable `cancel` (a second Escape with no click between):
      // while the parent still has it open, it opens again and asks as Escape would.
      if (!state.current.open) return;
      dialog.showModal();
      requestClose();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      if (dialog.open) dialog.close();
      setAsking(false);
      if (opener?.isConnected) opener.focus();
    };
  }, [open, requestClose]);

  return (
    <dialog ref={ref} className={`dialog dialog--${size}`} aria-labelledby={titleId}>
      {open && (
        <DialogContext.Provider value={context}>
          <div className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <button type="button" className="dialog__close" onClick={requestClose}>
              <span aria-hidden="true">×</span>
              <span className="sr-only">Fechar janela</span>
            </button>
          </div>
          <div className="dialog__body">{children}</div>
          {footer && <div className="dialog__footer">{footer}</div>}
          {asking && (
            <DiscardChangesDialog
              onDiscard={() => {
                setAsking(false);
                state.current.reported = false;
                state.current.onClose();
              }}
              onKeep={() => setAsking(false)}
            />
          )}
        </DialogContext.Provider>
      )}
    </dialog>
  );
}

/**
 * "Descartar as alterações?": the question asked before unsaved changes are thrown away (a
 * dialog's close, a navigation the router's blocker held). Escape keeps editing.
 */
export function DiscardChangesDialog({ onDiscard, onKeep }: { onDiscard: () => void; onKeep: () => void }) {
  return (
    <Dialog
      title={MSG.discardChangesQuestion}
      size="sm"
      onClose={onKeep}
      footer={
        <>
          <Button variant="secondary" onClick={onKeep} data-autofocus>
            {MSG.keepEditing}
          </Button>
          <Button onClick={onDiscard}>{MSG.discardChanges}</Button>
        </>
      }
    >
      <p>{MSG.discardChangesHint}</p>
    </Dialog>
  );
}
