import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal on the browser's own `<dialog>`: focus moves into it and is kept there, Escape and the
 * close button call `onClose`, the page behind is inert, and focus returns where it was on closing.
 * Render it only while open (the parent decides).
 */
export function ModalDialog({
  title,
  onClose,
  children,
  footer,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
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
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    // Escape: the parent unmounts the dialog rather than the browser closing it behind React's back.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId}>
      <div className="modal__header">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <button type="button" className="modal__close" onClick={onClose}>
          <span aria-hidden="true">×</span>
          <span className="sr-only">Fechar janela</span>
        </button>
      </div>
      <div className="modal__body">{children}</div>
      {footer && <div className="modal__footer">{footer}</div>}
    </dialog>
  );
}
