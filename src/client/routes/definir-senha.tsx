import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { SetPasswordPage } from '../components/auth/SetPasswordPage';

const search = z.object({ token: z.string().max(200).optional().catch(undefined) });

/** The one-time set-password link (DECISIONS §2): `/definir-senha?token=…`. */
export const Route = createFileRoute('/definir-senha')({
  validateSearch: search,
  component: SetPasswordRoute,
});

function SetPasswordRoute() {
  const { token } = Route.useSearch();
  return <SetPasswordPage token={token} />;
}
