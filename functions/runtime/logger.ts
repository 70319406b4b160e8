// Structured JSON logs, one line per entry, so CloudWatch Logs Insights can query them by field.
import type { LogLevel } from './env';

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

export function createLogger(level: LogLevel, base: LogFields = {}): Logger {
  const write = (entryLevel: Exclude<LogLevel, 'silent'>, message: string, fields?: LogFields) => {
    if (order[entryLevel] < order[level]) return;
    const entry = { level: entryLevel, time: new Date().toISOString(), message, ...base, ...fields };
    const line = JSON.stringify(entry, replaceErrors);
    if (entryLevel === 'error' || entryLevel === 'warn') process.stderr.write(`${line}\n`);
    else process.stdout.write(`${line}\n`);
  };
  return {
    debug: (message, fields) => write('debug', message, fields),
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
    child: (fields) => createLogger(level, { ...base, ...fields }),
  };
}

function replaceErrors(_key: string, value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}
