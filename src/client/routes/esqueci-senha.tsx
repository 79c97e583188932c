import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ForgotPasswordPage } from '../components/auth/ForgotPasswordPage';

const search = z.object({ email: z.string().max(254).optional().catch(undefined) });

export const Route = createFileRoute('/esqueci-senha')({
  validateSearch: search,
  component: ForgotPasswordRoute,
});

function ForgotPasswordRoute() {
  const { email } = Route.useSearch();
  return <ForgotPasswordPage initialEmail={email} />;
}
