// Business metrics (sign-ins, sign-ups, imports, syncs and, as money lands, payments, webhook failures, splits,
// payouts). In AWS they are CloudWatch metrics written as Embedded Metric Format lines by Powertools for AWS Lambda
// (namespace `OpenPie`, dimensions `service` and `stage`), one line per metric, so nothing waits for the end of an
// invocation and nothing is lost when a handler throws. Locally and in tests they are log lines at `debug`: an EMF
// line means nothing without CloudWatch, and a metric is never worth a warning.
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Env } from './env';
import { getEnv } from './env';
import type { Logger } from './logger';
import { createLogger } from './logger';

/** Every metric the product records: a closed list, so a dashboard never misses one spelt differently. */
export const metricNames = [
  'SignIn',
  'SignUp',
  'HistoryImport',
  'ImportedPlays',
  'ListeningSync',
  'SyncedPlays',
  'Payment',
  'WebhookFailure',
  'Split',
  'Payout',
] as const;
export type MetricName = (typeof metricNames)[number];

export type MetricUnitName = 'Count' | 'Milliseconds' | 'Percent';

/** The port services record through (`recordMetric`); tests and the local runtime get the log-line version. */
export interface MetricsRecorder {
  record(name: MetricName, unit: MetricUnitName, value: number): void;
}

export const metricsNamespace = 'OpenPie';

/** In AWS (`dev`, `prod`): EMF through Powertools. Locally: a debug log line per metric. */
export function createMetricsRecorder(env: Pick<Env, 'STAGE' | 'LOG_LEVEL'>, log?: Logger): MetricsRecorder {
  const logger = log ?? createLogger(env.LOG_LEVEL, { source: 'metrics' });
  if (env.STAGE === 'local') {
    return { record: (name, unit, value) => logger.debug('metric', { metric: name, unit, value }) };
  }
  const metrics = new Metrics({
    namespace: metricsNamespace,
    serviceName: 'openpie',
    defaultDimensions: { stage: env.STAGE },
  });
  return {
    record(name, unit, value) {
      try {
        metrics.addMetric(name, MetricUnit[unit], value);
        metrics.publishStoredMetrics();
      } catch (error) {
        // A metric is never worth failing the sign-in or the payment it counts.
        logger.warn('metric not recorded', { metric: name, error });
      }
    },
  };
}

let recorder: MetricsRecorder | undefined;

/** Records one metric (a count of 1 unless told otherwise) through this process's recorder. */
export function recordMetric(name: MetricName, unit: MetricUnitName = 'Count', value = 1): void {
  recorder ??= createMetricsRecorder(getEnv());
  recorder.record(name, unit, value);
}

/** Tests: forget the recorder, so the next metric reads the configuration again. */
export function resetMetricsRecorder(): void {
  recorder = undefined;
}
