import { createFileRoute } from '@tanstack/react-router';
import { TERMS_SECTIONS } from '../../shared/content/legal';
import { LegalPage } from '../components/public/LegalPage';
import { loadPublicSettings } from '../components/public/settings-loader';

export const Route = createFileRoute('/termos')({
  loader: ({ context }) => loadPublicSettings(context),
  component: () => (
    <LegalPage
      title="Termos de Uso"
      sections={TERMS_SECTIONS}
      other={{ to: '/privacidade', label: 'Política de Privacidade' }}
    />
  ),
});
