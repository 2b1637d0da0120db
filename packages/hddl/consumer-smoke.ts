// Compiled and run by scripts/release/checkTarballs.mjs in a fresh project that installs only this package (with its dependencies).
import {
  groundHddl,
  HddlError,
  parseHddlDomain,
  parseHddlProblem,
  planHddl,
  transportHddlProblem,
  TRANSPORT_HDDL_DOMAIN,
  verifyHddlPlan,
  writeIpcPlan,
} from '@dualplan/hddl';

const domain = parseHddlDomain(TRANSPORT_HDDL_DOMAIN, 'transport.hddl');
const problem = parseHddlProblem(transportHddlProblem({ packages: 2, seed: 3 }), domain, 'p.hddl');
const result = planHddl(groundHddl(domain, problem));
if (result.status !== 'found' || !verifyHddlPlan(domain, problem, writeIpcPlan(result.decomposition!)).valid) throw new Error('hddl consumer smoke failed');
try {
  parseHddlDomain('(define (domain d) (:bogus))', 'd.hddl');
  throw new Error('expected an HddlError');
} catch (e) {
  if (!(e instanceof HddlError) || e.code !== 'UNSUPPORTED' || e.line !== 1) throw e;
}
