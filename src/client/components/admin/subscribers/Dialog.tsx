import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal dialog on the browser's own `<dialog>`: focus moves in and is kept there, Escape closes,
 * the page behind is inert, and focus returns to what opened it. Children mount only while open,
 * so every opening starts from fresh state.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  size = 'md',
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`sub-dialog sub-dialog--${size}`}
      aria-labelledby={titleId}
      // Escape (cancel) and close() both end here: the parent owns `open`.
      onClose={() => onCloseRef.current()}
    >
      {open && (
        <div className="sub-dialog__frame">
          <header className="sub-dialog__header">
            <h2 id={titleId} className="sub-dialog__title">
              {title}
            </h2>
            <button type="button" className="sub-dialog__close" onClick={onClose} aria-label="Fechar">
              <span aria-hidden="true">×</span>
            </button>
          </header>
          <div className="sub-dialog__body">{children}</div>
        </div>
      )}
    </dialog>
  );
}
