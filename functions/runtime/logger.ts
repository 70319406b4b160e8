// Structured JSON logs, one line per entry, so CloudWatch Logs Insights can query them by field. Written by Powertools
// for AWS Lambda's logger (its level handling, Lambda's advanced logging controls, error serialisation), in the
// product's own line shape: `level`, `time`, `message`, then the logger's fields (request id, resource …) and the
// entry's own. Warnings and errors go to stderr, the rest to stdout.
import type { LogItem } from '@aws-lambda-powertools/logger';
import {
  LogFormatter,
  Logger as PowertoolsLogger,
  LogItem as PowertoolsLogItem,
} from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import type { LogLevel } from './env';

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

/** The product's line: `{ level, time, message, ...fields }`, as before Powertools wrote it. */
class OpenPieLogFormatter extends LogFormatter {
  override formatAttributes(attributes: UnformattedAttributes, fields: LogAttributes): LogItem {
    return new PowertoolsLogItem({
      attributes: {
        level: attributes.logLevel.toLowerCase(),
        time: attributes.timestamp.toISOString(),
        message: attributes.message,
      },
    }).addAttributes(fields);
  }
}

const powertoolsLevel = {
  debug: 'DEBUG',
  info: 'INFO',
  warn: 'WARN',
  error: 'ERROR',
  silent: 'SILENT',
} as const satisfies Record<LogLevel, string>;

function wrap(logger: PowertoolsLogger): Logger {
  return {
    debug: (message, fields) => logger.debug(message, fields ?? {}),
    info: (message, fields) => logger.info(message, fields ?? {}),
    warn: (message, fields) => logger.warn(message, fields ?? {}),
    error: (message, fields) => logger.error(message, fields ?? {}),
    child: (fields) => wrap(logger.createChild({ persistentKeys: fields })),
  };
}

export function createLogger(level: LogLevel, base: LogFields = {}): Logger {
  return wrap(
    new PowertoolsLogger({
      logLevel: powertoolsLevel[level],
      persistentKeys: base,
      logFormatter: new OpenPieLogFormatter(),
    }),
  );
}
