import { Link } from '@tanstack/react-router';
import { SECURITY_MSG } from '../../../../shared/security-schemas';
import { trpc } from '../../../lib/trpc';
import '../../../styles/admin-security.css';

/**
 * The dashboard's warning, on every visit, while the admin has no two-factor sign-in and the site
 * is on a public address (the server decides: `warnTwoFactorOff`). Not dismissible: turning
 * two-factor on is what removes it.
 */
export function TwoFactorWarning() {
  const status = trpc.security.status.useQuery();
  if (!status.data?.warnTwoFactorOff) return null;
  return (
    <div className="sec-warning" role="status">
      <p>
        <strong>Atenção:</strong> {SECURITY_MSG.publicWithoutTwoFactor}
      </p>
      <Link to="/admin/security">Ativar a verificação em duas etapas</Link>
    </div>
  );
}
