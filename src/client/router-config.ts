/** TanStack Router generator settings, shared by the Vite plugin and `scripts/generate-routes.ts`. */
export const routerGeneratorConfig = {
  target: 'react' as const,
  routesDirectory: './src/client/routes',
  generatedRouteTree: './src/client/routeTree.gen.ts',
  routeFileIgnorePrefix: '-',
  quoteStyle: 'single' as const,
  semicolons: true,
};
