/** Every documented `/api` path, registered on the app and described in /api/docs. */
import { procedureRoutes } from './procedure-routes';
import type { RestRoute } from './route';

/**
 * The routes in the order their domains always had: the document's tag list and the numbers of its
 * shared schemas follow it (the procedures' record lists REST-only domains last, and a domain's
 * REST-only procedures after its others, so it cannot give this order by itself).
 */
const DOMAIN_ORDER = [
  'monthClose',
  'invoices',
  'auth',
  'checkout',
  'automaticRenewal',
  'contact',
  'drive',
  'member',
  'outbox',
  'payments',
  'privacy',
  'receipts',
  'profileUpdate',
  'referrals',
  'security',
  'settings',
  'subscribers',
  'system',
  'users',
  'webhooks',
  'whatsapp',
  'identity',
];
const rank = (route: RestRoute) => DOMAIN_ORDER.indexOf(route.name.split('.')[0]!);

export const restRoutes = [...procedureRoutes].sort((a, b) => rank(a) - rank(b));
