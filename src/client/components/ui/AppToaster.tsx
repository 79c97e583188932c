/** The app's toasts (sonner), as the root shows them; loaded apart by DeferredToaster. */
import { Toaster } from 'sonner';

export default function AppToaster() {
  return <Toaster visibleToasts={20} richColors position="top-right" closeButton />;
}
