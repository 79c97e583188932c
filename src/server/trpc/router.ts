/**
 * Derives the tRPC router from the operation definitions. Each operation reachable through tRPC
 * (`trpc` not false) becomes a query or mutation of its domain's router; the procedure checks
 * access first (before reading the input, so an anonymous caller learns nothing about a schema),
 * then parses the input with the operation's schema and hands over to the shared runner.
 *
 * The runtime router is built from plain objects, so its static type is stated here once, from
 * the same definitions: the client sees exactly each operation's input and output types.
 */
import type {
  TRPCBuiltRouter,
  TRPCMutationProcedure,
  TRPCQueryProcedure,
  TRPCRouterRecord,
} from '@trpc/server';
import type { z } from 'zod';
import type { Access, AnyOperation, Operation, OperationGroup } from '../operations/define';
import { authorize, execute, type AuthorizedContext } from '../operations/run';
import { createTRPCRouter, procedure } from './init';

/** The root types of this app's tRPC instance (context, error shape), as every router carries them. */
type Root = ReturnType<typeof createTRPCRouter<Record<never, never>>>['_def']['_config']['$types'];

type InputOf<I> = I extends z.ZodType ? z.input<I> : void;
type ProcedureOf<Op> =
  Op extends Operation<infer K, Access, infer I, infer O, boolean>
    ? K extends 'query'
      ? TRPCQueryProcedure<{ input: InputOf<I>; output: z.output<O>; meta: object }>
      : TRPCMutationProcedure<{ input: InputOf<I>; output: z.output<O>; meta: object }>
    : never;

type OnTrpc<Op> = Op extends { trpc?: infer T } ? (Exclude<T, undefined> extends false ? false : true) : true;

/** The procedures of one domain: its operations that tRPC carries. */
export type DomainRecord<G> = {
  [N in keyof G as OnTrpc<G[N]> extends true ? N : never]: ProcedureOf<G[N]>;
};

/** The app's router record: one nested record per domain that has at least one tRPC procedure. */
export type AppRecord<Ops> = {
  [D in keyof Ops as keyof DomainRecord<Ops[D]> extends never ? never : D]: DomainRecord<Ops[D]>;
};

function procedureOf(name: string, operation: AnyOperation) {
  // Public calls run as whoever the request authenticated (the context starts that way); the
  // others check access first, each call of a batch in its own context (tRPC merges `ctx` into a
  // new object), before the input is read.
  const authorized =
    operation.access === 'public'
      ? procedure
      : procedure.use(({ ctx, next }) => next({ ctx: { user: authorize(operation.access, ctx.auth) } }));
  const withInput = operation.input ? authorized.input(operation.input) : authorized;
  // The middleware above put the authorized caller on the context: it is an AuthorizedContext now.
  const resolve = ({ ctx, input }: { ctx: AuthorizedContext; input: unknown }) =>
    execute(name, operation, ctx, input);
  return operation.kind === 'query' ? withInput.query(resolve) : withInput.mutation(resolve);
}

export function buildRouter<Ops extends Record<string, OperationGroup>>(
  operations: Ops,
): TRPCBuiltRouter<Root, AppRecord<Ops>> {
  const record: TRPCRouterRecord = {};
  for (const [domain, group] of Object.entries(operations)) {
    const procedures: TRPCRouterRecord = {};
    for (const [name, operation] of Object.entries(group)) {
      if (operation.trpc === false) continue;
      procedures[name] = procedureOf(`${domain}.${name}`, operation);
    }
    if (Object.keys(procedures).length > 0) record[domain] = createTRPCRouter(procedures);
  }
  return createTRPCRouter(record) as unknown as TRPCBuiltRouter<Root, AppRecord<Ops>>;
}
