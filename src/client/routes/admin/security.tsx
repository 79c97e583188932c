import { createFileRoute } from '@tanstack/react-router';
import { SecurityPage } from '../../components/admin/security/SecurityPage';

/** The admin's own account: two-factor sign-in and recovery codes (docs/decisions/028). */
export const Route = createFileRoute('/admin/security')({
  component: SecurityPage,
});
