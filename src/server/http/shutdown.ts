/**
 * Stopping without losing a request (Docker and systemd give about 10 s after SIGTERM).
 *
 * Closing the listener at once is not enough: Node then closes every keep-alive connection that
 * looks idle, including those whose next request is already in the socket buffer but not yet read
 * (the caller sees a reset), and connections that were busy stay open for the whole keep-alive
 * timeout once their answer is sent. So the drain goes in three steps:
 *
 * 1. every answer from now on says `Connection: close`, so no connection is reused;
 * 2. after a short grace, in which requests already sent are read and started, the listener closes
 *    (Fastify's `close`: idle connections closed, `onClose` hooks run once the busy ones finish);
 * 3. if anything still hangs at the deadline, the process exits anyway, with a failure code.
 */
import type { FastifyInstance } from 'fastify';

export interface DrainOptions {
  /** Time for requests already on the wire to be read before the listener closes. */
  graceMs?: number;
  /** Hard limit from the signal to the exit. */
  deadlineMs?: number;
  /** Called once the server has closed, before exiting (stop background jobs…). */
  onClosed?: () => void | Promise<void>;
  exit?: (code: number) => void;
}

export function drainOnSignals(app: FastifyInstance, options: DrainOptions = {}) {
  const { graceMs = 300, deadlineMs = 9_000, onClosed, exit = (code) => process.exit(code) } = options;
  let draining = false;

  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });

  const drain = (signal: NodeJS.Signals) => {
    if (draining) return;
    draining = true;
    app.log.info({ signal }, 'stopping: finishing the requests in flight');
    setTimeout(() => {
      app.log.error('stop deadline reached with requests still open; exiting');
      exit(1);
    }, deadlineMs).unref();
    setTimeout(() => {
      void app
        .close()
        .then(() => onClosed?.())
        .then(
          () => exit(0),
          (error: unknown) => {
            app.log.error({ err: error }, 'error while stopping');
            exit(1);
          },
        );
    }, graceMs);
  };

  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, drain);
}
