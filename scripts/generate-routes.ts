/** Writes src/client/routeTree.gen.ts from the route files, so type-checking needs no build first. */
import { Generator, getConfig } from '@tanstack/router-generator';
import { routerGeneratorConfig } from '../src/client/router-config';

const root = process.cwd();
const config = getConfig(routerGeneratorConfig, root);
await new Generator({ config, root }).run();
