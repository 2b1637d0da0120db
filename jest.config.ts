/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

// Sibling packages resolve to their TypeScript source through the
// "@dualplan/source" export condition, so tests never need a build first.
const config: Config = {
  testEnvironment: 'node',
  testEnvironmentOptions: {
    customExportConditions: ['@dualplan/source', 'node', 'require', 'default'],
  },
  roots: ['<rootDir>/packages', '<rootDir>/benchmarks', '<rootDir>/scripts'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // Sources import siblings as './x.js' (Node ESM); map back to the .ts file.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  transform: {
    '^.+\\.ts$': '<rootDir>/scripts/jestTransform.cjs',
  },
};

export default config;
