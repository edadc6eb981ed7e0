/** The subset of pino's API this package calls, so a pino instance can be passed in as is. */
export interface Logger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const noop = (): void => {};
export const silentLogger: Logger = { debug: noop, info: noop, warn: noop, error: noop };

/** One JSON line per entry on stdout, pino-shaped, for the standalone server. */
export function jsonLogger(minLevel: 'debug' | 'info' | 'warn' | 'error' = 'info'): Logger {
  const levels = { debug: 20, info: 30, warn: 40, error: 50 } as const;
  const write =
    (level: keyof typeof levels) =>
    (obj: object, msg?: string): void => {
      if (levels[level] < levels[minLevel]) return;
      const entry: Record<string, unknown> = { level: levels[level], time: Date.now(), ...obj };
      if (msg !== undefined) entry.msg = msg;
      if (obj instanceof Error) entry.err = { message: obj.message, stack: obj.stack };
      process.stdout.write(`${JSON.stringify(entry)}\n`);
    };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
