import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { VerifyEmailPage } from '../components/auth/VerifyEmailPage';

const search = z.object({ token: z.string().max(200).optional().catch(undefined) });

/** The link of the "Confirme seu email" message: `/confirmar-email?token=…`. */
export const Route = createFileRoute('/confirmar-email')({
  validateSearch: search,
  component: VerifyEmailRoute,
});

function VerifyEmailRoute() {
  const { token } = Route.useSearch();
  return <VerifyEmailPage token={token} />;
}
