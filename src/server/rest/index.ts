/** Every documented `/api` path, in one list: registered on the app and described in /api/docs. */
import type { AnyRestRoute } from './route';
import { authRoutes } from './routes/auth';
import { healthRoutes } from './routes/health';

export const restRoutes: AnyRestRoute[] = [...healthRoutes, ...authRoutes];
