import { createFileRoute } from '@tanstack/react-router';
import { PRIVACY_SECTIONS } from '../../shared/content/legal';
import { LegalPage } from '../components/public/LegalPage';
import { loadPublicSettings } from '../components/public/settings-loader';

export const Route = createFileRoute('/privacidade')({
  loader: ({ context }) => loadPublicSettings(context),
  component: () => (
    <LegalPage
      title="Política de Privacidade"
      sections={PRIVACY_SECTIONS}
      other={{ to: '/termos', label: 'Termos de Uso' }}
    />
  ),
});
