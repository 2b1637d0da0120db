// A worker pool's script for the squad soldiers: bundle it for Node worker threads or Web Workers, and give
// its path to createPlannerPool. The soldiers' TargetingPlanner then plans through pool.planner('soldier', ...).
import { servePlanners } from '@dualplan/runner/worker';
import { squadPoolDomain } from '../soldierDomain.js';

servePlanners({ soldier: squadPoolDomain });
