import { z } from 'zod';
import { defineRoute } from '../route';
import { APP_VERSION } from '../../version';

export const healthRoutes = [
  defineRoute({
    method: 'GET',
    path: '/health',
    access: 'public',
    tag: 'sistema',
    summary: 'Estado do servidor: versão e banco de dados',
    response: z.object({
      status: z.enum(['ok', 'degraded']),
      version: z.string(),
      database: z.enum(['ok', 'error']),
      uptime: z.number(),
      timestamp: z.string(),
    }),
    fastSerialize: true,
    handler({ services, reply }) {
      const database = services.health.databaseOk() ? 'ok' : 'error';
      if (database !== 'ok') reply.code(503);
      return {
        status: database === 'ok' ? 'ok' : 'degraded',
        version: APP_VERSION,
        database,
        uptime: Math.round(process.uptime()),
        timestamp: services.clock.now().toISOString(),
      };
    },
  }),
];
