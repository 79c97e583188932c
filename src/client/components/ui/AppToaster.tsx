/** The app's toasts (sonner), as the root shows them; loaded apart by DeferredToaster. */
import { Toaster, type ToasterProps } from 'sonner';

/** sonner's own labels are English ("Notifications", "Close toast"): a screen reader reads these. */
const LABELS = { region: 'Notificações', close: 'Fechar notificação' };

export default function AppToaster({ position }: { position: ToasterProps['position'] }) {
  return (
    <Toaster
      visibleToasts={20}
      richColors
      position={position}
      closeButton
      containerAriaLabel={LABELS.region}
      toastOptions={{ closeButtonAriaLabel: LABELS.close }}
    />
  );
}
