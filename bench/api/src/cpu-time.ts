// CPU time a server spent, read from /proc: the process and its live children (Node cluster
// workers). Per request, it is a steadier figure than throughput on a machine whose two cores
// the load generator and PostgreSQL share: descheduling moves throughput, not the CPU a request
// costs.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

function ticks(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return ticksPerSecond;
}

/** utime + stime (fields 14 and 15), and the parent pid (field 4), of one process; null once it is gone. */
function stat(pid: number): { cpuTicks: number; ppid: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), cpuTicks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** Milliseconds of CPU used so far by `pid` and its children; undefined where /proc is missing. */
export function processTreeCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  const own = stat(pid);
  if (!own) return undefined;
  let total = own.cpuTicks;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = stat(Number(entry));
    if (child?.ppid === pid) total += child.cpuTicks;
  }
  return (total / ticks()) * 1000;
}
