import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal dialog on the native `<dialog>`: the browser traps focus, makes the page behind it
 * inert, closes on Escape and gives focus back to the opener. Its content mounts only while open,
 * so every opening starts from a fresh form.
 */
export function DriveDialog({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="drive-dialog"
      aria-labelledby={titleId}
      onClose={() => {
        if (open) onClose();
      }}
    >
      {open && (
        <div className="drive-dialog__body">
          <h2 id={titleId} className="drive-dialog__title">
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}
