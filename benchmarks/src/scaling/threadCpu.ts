import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/**
 * CPU time of the main thread alone, in ms: on Linux from
 * `/proc/self/task/<pid>/stat` (user + system ticks of the thread whose id is
 * the process id; 10 ms resolution, so measure runs of seconds), elsewhere the
 * event loop's active time (which also counts time the thread was preempted).
 * Process CPU would count the worker threads too.
 */
export function mainThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After "pid (comm) ", field 3 (state) is index 0: utime (14) and stime (15) are 11 and 12.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return performance.eventLoopUtilization().active;
  }
}
