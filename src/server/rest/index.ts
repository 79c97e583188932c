/** Every documented `/api` path, registered on the app and described in /api/docs. */
import { operations } from '../operations';
import { procedureRoutes } from './procedure-routes';
import { restRoutesOf } from './route';

export const restRoutes = [...procedureRoutes, ...restRoutesOf(operations)];
