/** Every documented `/api` path, in one list: registered on the app and described in /api/docs. */
import type { AnyRestRoute } from './route';
import { authRoutes } from './routes/auth';
import { contactRoutes } from './routes/contact';
import { diagnosticsRoutes } from './routes/diagnostics';
import { healthRoutes } from './routes/health';
import {
  paymentRoutes,
  paymentLinkRoutes,
  paymentEmailRoutes,
  cepRoutes,
  webhookRoutes,
} from './routes/checkout';

export const restRoutes: AnyRestRoute[] = [
  ...healthRoutes,
  ...authRoutes,
  ...contactRoutes,
  ...diagnosticsRoutes,
  ...paymentLinkRoutes,
  ...paymentRoutes,
  ...paymentEmailRoutes,
  ...cepRoutes,
  ...webhookRoutes,
];
