/** Every documented `/api` path, registered on the app and described in /api/docs. */
import { operations } from '../operations';
import { procedureRoutes } from './procedure-routes';
import { restRoutesOf, type RestRoute } from './route';

/**
 * While domains move from operation definitions to procedures, the routes keep the order their
 * domains always had: the document's tag list and the numbers of its shared schemas follow it.
 */
const DOMAIN_ORDER = [
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

export const restRoutes = [...procedureRoutes, ...restRoutesOf(operations)].sort((a, b) => rank(a) - rank(b));
