/** Every documented `/api` path, derived from the operations: registered on the app and described in /api/docs. */
import { operations } from '../operations';
import { restRoutesOf } from './route';

export const restRoutes = restRoutesOf(operations);
