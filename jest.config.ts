/** @jest-config-loader esbuild-register */
import { availableParallelism } from 'node:os';
import type { Config } from 'jest';

// Sibling packages resolve to their TypeScript source through the
// "@dualplan/source" export condition, so tests never need a build first.
const config: Config = {
  // Jest's default (one worker fewer than the cores) runs the suite in one process on a two-core machine, leaving
  // a core idle while tests wait on browsers and child processes; two workers at least.
  maxWorkers: Math.max(2, availableParallelism() - 1),
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
