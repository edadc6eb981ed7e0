// CPU time a server spent, read from /proc: the process and its children (Node cluster workers;
// for PostgreSQL, the postmaster's backends and background processes). Per request, it is a
// steadier figure than throughput on a machine whose two cores the load generator and PostgreSQL
// share: descheduling moves throughput, not the CPU a request costs.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

function ticks(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return ticksPerSecond;
}

/**
 * utime + stime (fields 14 and 15), cutime + cstime (16 and 17: its children that have ended) and
 * the parent pid (field 4) of one process; null once it is gone.
 */
function stat(pid: number): { cpuTicks: number; endedChildrenTicks: number; ppid: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(fields[1]),
      cpuTicks: Number(fields[11]) + Number(fields[12]),
      endedChildrenTicks: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return null;
  }
}

/**
 * Milliseconds of CPU used so far by `pid` and its children, live or ended (a connection pool
 * closes idle PostgreSQL backends mid-run); undefined where /proc is missing.
 */
export function processTreeCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  const own = stat(pid);
  if (!own) return undefined;
  let total = own.cpuTicks + own.endedChildrenTicks;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = stat(Number(entry));
    if (child?.ppid === pid) total += child.cpuTicks;
  }
  return (total / ticks()) * 1000;
}

/**
 * The pid of the PostgreSQL server a connection's backend `backendPid` belongs to (its
 * postmaster), when it runs on this machine.
 */
export function postmasterOf(backendPid: number): number | undefined {
  try {
    // A remote server's backend pid means nothing here; a local one is a `postgres` process.
    if (readFileSync(`/proc/${backendPid}/comm`, 'utf8').trim() !== 'postgres') return undefined;
  } catch {
    return undefined;
  }
  return stat(backendPid)?.ppid;
}
