/** The app's toasts (sonner), as the root shows them; loaded apart by DeferredToaster. */
import { Toaster } from 'sonner';

/** sonner's own labels are English ("Notifications", "Close toast"): a screen reader reads these. */
const LABELS = { region: 'Notificações', close: 'Fechar notificação' };

export default function AppToaster() {
  return (
    <Toaster
      visibleToasts={20}
      richColors
      position="top-right"
      closeButton
      containerAriaLabel={LABELS.region}
      toastOptions={{ closeButtonAriaLabel: LABELS.close }}
    />
  );
}
