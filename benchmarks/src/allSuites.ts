import type { BenchCase, SuiteOptions } from './BenchCase.js';
import { agentsSuite } from './suites/agentsSuite.js';
import { goapSuite } from './suites/goapSuite.js';
import { hddlSuite } from './suites/hddlSuite.js';
import { htnSuite } from './suites/htnSuite.js';
import { hybridSuite } from './suites/hybridSuite.js';
import { monitorSuite } from './suites/monitorSuite.js';
import { pddlSuite } from './suites/pddlSuite.js';
import { scalingSuite } from './suites/scalingSuite.js';
import { searchSpeedSuite } from './suites/searchSpeedSuite.js';
import { worldStateSuite } from './suites/worldStateSuite.js';

/** Every case, in run order. To add a suite, write a function returning cases and list it here. */
export function allSuites(options: SuiteOptions): BenchCase[] {
  return [
    ...worldStateSuite(options),
    ...goapSuite(options),
    ...pddlSuite(options),
    ...searchSpeedSuite(options),
    ...htnSuite(options),
    ...hddlSuite(options),
    ...hybridSuite(options),
    ...agentsSuite(options),
    ...monitorSuite(options),
    ...scalingSuite(options),
  ];
}
