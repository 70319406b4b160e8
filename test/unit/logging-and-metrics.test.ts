// The runtime's logger (Powertools for AWS Lambda underneath, the product's line shape on top) and its metrics:
// CloudWatch EMF lines in AWS, debug log lines locally.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../functions/runtime/logger';
import { createMetricsRecorder } from '../../functions/runtime/metrics';

/** Every line written to stdout and stderr while `act` runs, parsed. */
function captureLines(act: () => void): {
  stdout: Record<string, unknown>[];
  stderr: Record<string, unknown>[];
} {
  const written = { stdout: [] as string[], stderr: [] as string[] };
  const spies = (['stdout', 'stderr'] as const).map((stream) =>
    vi.spyOn(process[stream], 'write').mockImplementation((chunk: string | Uint8Array) => {
      written[stream].push(String(chunk));
      return true;
    }),
  );
  try {
    act();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  const parse = (chunks: string[]) =>
    chunks
      .join('')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { stdout: parse(written.stdout), stderr: parse(written.stderr) };
}

afterEach(() => vi.restoreAllMocks());

describe('the logger', () => {
  it('writes one JSON line per entry: level, time, message, then the logger’s and the entry’s fields', () => {
    // Prepare
    const log = createLogger('info', { resource: 'fan-auth', stage: 'local' });
    // Act
    const { stdout, stderr } = captureLines(() => {
      log.debug('not at info');
      log.child({ requestId: 'req-1', routeKey: 'POST /api/auth/login' }).info('request', { status: 200 });
    });
    // Assess
    expect(stderr).toEqual([]);
    expect(stdout).toHaveLength(1);
    expect(Object.keys(stdout[0] ?? {})).toEqual([
      'level',
      'time',
      'message',
      'resource',
      'stage',
      'requestId',
      'routeKey',
      'status',
    ]);
    expect(stdout[0]).toMatchObject({
      level: 'info',
      message: 'request',
      resource: 'fan-auth',
      requestId: 'req-1',
      status: 200,
    });
    expect(String(stdout[0]?.time)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('sends warnings and errors to stderr, with an error’s name, message and stack', () => {
    // Prepare
    const log = createLogger('warn', { worker: 'mail-sender' });
    // Act
    const { stdout, stderr } = captureLines(() => {
      log.info('below the level');
      log.warn('careful', { mailId: 'm-1' });
      log.error('mail not sent', { error: new TypeError('SES said no') });
    });
    // Assess
    expect(stdout).toEqual([]);
    expect(stderr.map((line) => [line.level, line.message])).toEqual([
      ['warn', 'careful'],
      ['error', 'mail not sent'],
    ]);
    expect(stderr[1]?.error).toMatchObject({
      name: 'TypeError',
      message: 'SES said no',
      stack: expect.stringContaining('TypeError: SES said no'),
    });
  });

  it('writes nothing at all when silent, and everything at debug', () => {
    const { stdout, stderr } = captureLines(() => {
      createLogger('silent').error('never shown');
      createLogger('debug').debug('shown', { detail: { nested: true } });
    });
    expect(stderr).toEqual([]);
    expect(stdout).toMatchObject([{ level: 'debug', message: 'shown', detail: { nested: true } }]);
  });
});

describe('metrics', () => {
  it('are a debug log line locally, never an EMF line and never a warning', () => {
    // Prepare
    const quiet = createMetricsRecorder({ STAGE: 'local', LOG_LEVEL: 'warn' });
    const chatty = createMetricsRecorder({ STAGE: 'local', LOG_LEVEL: 'debug' });
    // Act
    const atWarn = captureLines(() => quiet.record('SignIn', 'Count', 1));
    const atDebug = captureLines(() => chatty.record('ImportedPlays', 'Count', 42));
    // Assess
    expect(atWarn).toEqual({ stdout: [], stderr: [] });
    expect(atDebug.stderr).toEqual([]);
    expect(atDebug.stdout).toMatchObject([
      { level: 'debug', message: 'metric', metric: 'ImportedPlays', unit: 'Count', value: 42 },
    ]);
    expect(atDebug.stdout[0]).not.toHaveProperty('_aws');
  });

  it('are CloudWatch EMF lines in AWS, one per metric, in the OpenPie namespace with the stage', () => {
    // Prepare
    const recorder = createMetricsRecorder({ STAGE: 'prod', LOG_LEVEL: 'info' });
    // Act
    const { stdout, stderr } = captureLines(() => {
      recorder.record('SignUp', 'Count', 1);
      recorder.record('HistoryImport', 'Count', 1);
    });
    // Assess
    expect(stderr).toEqual([]);
    expect(stdout).toHaveLength(2);
    expect(stdout[0]).toMatchObject({
      _aws: {
        CloudWatchMetrics: [
          {
            Namespace: 'OpenPie',
            Dimensions: [['service', 'stage']],
            Metrics: [{ Name: 'SignUp', Unit: 'Count' }],
          },
        ],
      },
      service: 'openpie',
      stage: 'prod',
      SignUp: 1,
    });
    expect(stdout[1]).toMatchObject({ HistoryImport: 1 });
    expect(stdout[1]).not.toHaveProperty('SignUp');
  });
});
