// One printed line per phase: ours, bare, the ratio, CPU per answer (the server's and the
// database's), the answer's size and the issue's budget.
import type { LoadResult } from './messages';

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '–';
const pad = (s: string, n: number) => s.padStart(n);
const errorsOf = (r: LoadResult) =>
  Object.entries(r.statuses)
    .filter(([s]) => !s.startsWith('2'))
    .map(([s, n]) => `${s}×${n}`)
    .join(' ') || '0';

export function line(label: string, ours: LoadResult, bare: LoadResult | null, budget: string): void {
  const ratio = bare ? `${fmt(ours.perSecond / bare.perSecond, 2)}×` : 'n/a';
  const bareCol = bare
    ? `${pad(fmt(bare.perSecond), 7)}/s p99 ${pad(fmt(bare.p99, 1), 7)} ms`
    : pad('n/a', 24);
  const cpu = (r: LoadResult) =>
    (r.cpuMsPerRequest === undefined ? '–' : fmt(r.cpuMsPerRequest, 2)) +
    (r.dbCpuMsPerRequest === undefined ? '' : ` +db ${fmt(r.dbCpuMsPerRequest, 2)}`);
  const cpuCol = `CPU/req ours ${pad(cpu(ours), 5)}${bare ? ` bare ${pad(cpu(bare), 5)}` : ''} ms`;
  const kb = (r: LoadResult) => fmt(r.answerBytes / 1024, 1);
  const sizeCol = `answer ours ${kb(ours)}${bare ? ` bare ${kb(bare)}` : ''} KB`;
  console.log(
    `  ${label.padEnd(38)} ours ${pad(fmt(ours.perSecond), 7)}/s p50 ${pad(fmt(ours.p50, 1), 6)} p99 ${pad(fmt(ours.p99, 1), 7)} ms  err ${errorsOf(ours).padEnd(6)}| bare ${bareCol} | ours/bare ${pad(ratio, 6)} | ${cpuCol} | ${sizeCol} | budget ${budget}`,
  );
}
