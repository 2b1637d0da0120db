// Import cycles, checked by `npm run lint` (dependency-cruiser runs from tools/,
// which holds the TypeScript 5/6 compiler API it parses with).
// Type-only imports count: a cycle of types still couples the modules it joins,
// and esbuild or a later edit can turn it into a runtime cycle.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules import each other in a loop (type-only imports included). Move the shared part into a module of its own.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Only the project's own modules: packages meet through their package names,
    // and TypeScript project references already forbid cycles between packages.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.mjs', '.js', '.cjs'] },
  },
};
