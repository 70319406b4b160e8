import { describe, expect, it } from 'vitest';
import { HttpError } from '../../functions/handlers/lib/http';
import { assertThroughCloudFront, originVerifyHeader } from '../../functions/handlers/lib/origin-secret';

// The check that keeps callers of the execute-api endpoint out in AWS (docs/decisions/013-least-privilege.md).

const secret = 'a'.repeat(40) + 'origin-secret-value';

function refusalOf(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return null;
}

describe('assertThroughCloudFront', () => {
  it('lets a request that carries the origin secret through', () => {
    // Prepare
    const headers = { [originVerifyHeader]: secret, 'cloudfront-viewer-address': '203.0.113.7:443' };

    // Act
    const outcome = refusalOf(() => assertThroughCloudFront(headers, { stage: 'prod', expected: secret }));

    // Assess
    expect(outcome).toBeNull();
  });

  it('refuses with 403 a caller that has no header, a wrong value or a value of another length', () => {
    // Prepare
    const attempts = [
      { 'cloudfront-viewer-address': '198.51.100.1:1' },
      { [originVerifyHeader]: secret.replace(/.$/, 'X') },
      { [originVerifyHeader]: secret.slice(1) },
      { [originVerifyHeader]: '' },
    ];

    // Act
    const outcomes = attempts.map((headers) =>
      refusalOf(() => assertThroughCloudFront(headers, { stage: 'dev', expected: secret })),
    );

    // Assess
    for (const outcome of outcomes) {
      expect(outcome).toBeInstanceOf(HttpError);
      expect(outcome).toMatchObject({ status: 403, code: 'forbidden' });
    }
  });

  it('fails closed when a deployed stage lacks the value to compare with', () => {
    const outcome = refusalOf(() =>
      assertThroughCloudFront({ [originVerifyHeader]: 'anything' }, { stage: 'prod', expected: undefined }),
    );
    expect(outcome).toBeInstanceOf(Error);
    expect(outcome).not.toBeInstanceOf(HttpError);
    expect(String(outcome)).toContain('ORIGIN_VERIFY_SECRET');
  });

  it('checks nothing in the local runtime, which has no CloudFront in front of it', () => {
    expect(refusalOf(() => assertThroughCloudFront({}, { stage: 'local', expected: undefined }))).toBeNull();
  });
});
