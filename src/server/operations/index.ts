/**
 * Every operation of the app still written with `defineOperation`, by domain (auth and checkout
 * are tRPC procedures already: src/server/operations/procedures.ts). The tRPC router (`src/server/trpc/root.ts`) and the REST
 * routes (`src/server/rest/index.ts`) are both derived from this one object; a domain's name is
 * its tRPC namespace (`auth.login`).
 */

export const operations = {};

export type Operations = typeof operations;
