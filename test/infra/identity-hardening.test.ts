import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { encryptionContext } from '../../functions/integrations/crypto/kms-data-key-provider';
import { getEnv } from '../../functions/runtime/env';
import { findClientAddress } from '../../functions/services/rate-limit';
import { appSecretKeys, tokenEncryptionContext } from '../../infra/openpie-stack';
import { buildName } from '../../infra/stage';
import type { Resources } from './synth';
import {
  findFunction,
  listActions,
  listOpenPieFunctions,
  listResources,
  listServiceStatements,
  readVariables,
  synthesize,
} from './synth';

// Identity's infrastructure: the client address reaching the rate limiter, CPU for password hashing, the reCAPTCHA
// secret's place, and the customer-managed key that wraps provider tokens.

const dev = synthesize('dev');
const prod = synthesize('prod');

// AWS's managed AllViewerExceptHostHeader origin request policy (its id is fixed).
const allViewerExceptHostHeaderPolicyId = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

function readApiBehaviour(resources: Resources): Record<string, unknown> {
  const [, distribution] = listResources(resources, 'AWS::CloudFront::Distribution')[0] ?? [];
  const config = distribution?.Properties?.['DistributionConfig'] as {
    CacheBehaviors: Record<string, unknown>[];
  };
  const behaviour = config.CacheBehaviors.find((candidate) => candidate['PathPattern'] === '/api/*');
  if (!behaviour) throw new Error('no /api/* behaviour');
  return behaviour;
}

describe('the client address behind CloudFront', () => {
  it('reaches the API: /api/* forwards the viewer headers but Host, with CloudFront-Viewer-Address', () => {
    // Prepare: the header as CloudFront writes it (address and source port), in a deployed stage
    const event = {
      headers: { 'cloudfront-viewer-address': '203.0.113.7:46532' },
      requestContext: { http: { sourceIp: '130.176.96.72' } },
    } as unknown as APIGatewayProxyEventV2;
    const env = getEnv({ STAGE: 'dev', AWS_REGION: 'eu-west-1', TABLE_NAME: 'openpie-dev-table' });

    // Act
    const behaviour = readApiBehaviour(dev);
    const address = findClientAddress(event, env);
    const withoutHeader = findClientAddress({ ...event, headers: {} }, env);

    // Assess: the managed policy made for API Gateway origins, which includes CloudFront's viewer headers; no
    // custom policy that could forward Host; and the rate limiter counts the viewer, never the edge
    expect(behaviour['OriginRequestPolicyId']).toBe(allViewerExceptHostHeaderPolicyId);
    expect(listResources(dev, 'AWS::CloudFront::OriginRequestPolicy')).toEqual([]);
    expect(address).toBe('203.0.113.7');
    expect(withoutHeader).toBeNull();
  });
});

describe('password hashing', () => {
  it('gives fan-auth, artist-auth and admin-auth 1024 MB, for the CPU scrypt needs', () => {
    for (const name of ['fan-auth', 'artist-auth', 'admin-auth']) {
      const [, fn] = findFunction(prod, 'prod', name);
      expect(fn.Properties?.['MemorySize'], name).toBe(1024);
    }
    expect(findFunction(prod, 'prod', 'fan-user')[1].Properties?.['MemorySize']).toBe(512);
  });
});

describe('the app secret', () => {
  it('has a place for RECAPTCHA_SECRET_KEY, empty until set by hand', () => {
    const [, secret] = listResources(prod, 'AWS::SecretsManager::Secret')[0] ?? [];
    const generate = secret?.Properties?.['GenerateSecretString'] as { SecretStringTemplate: string };
    expect(appSecretKeys).toContain('RECAPTCHA_SECRET_KEY');
    expect(JSON.parse(generate.SecretStringTemplate)).toMatchObject({ RECAPTCHA_SECRET_KEY: '' });
  });
});

describe('the token key', () => {
  // The listening-sync job only lists fans and queues their syncs: the worker opens the tokens.
  const tokenKeyUsers = ['fan-social', 'fan-listening-sync', 'worker-fan-work'];

  function findTokenKey(resources: Resources) {
    const [aliasId, alias] =
      listResources(resources, 'AWS::KMS::Alias').find(([, candidate]) =>
        String(candidate.Properties?.['AliasName']).endsWith('-tokens'),
      ) ?? [];
    const keyId = (alias?.Properties?.['TargetKeyId'] as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    return { aliasId, alias, keyId, key: resources[keyId] };
  }

  it('is a customer-managed key with rotation, aliased per stage, kept in prod', () => {
    const devKey = findTokenKey(dev);
    const prodKey = findTokenKey(prod);
    expect(devKey.alias?.Properties?.['AliasName']).toBe('alias/openpie-dev-tokens');
    expect(prodKey.alias?.Properties?.['AliasName']).toBe('alias/openpie-prod-tokens');
    expect(devKey.key?.Properties?.['EnableKeyRotation']).toBe(true);
    expect(prodKey.key?.Properties?.['EnableKeyRotation']).toBe(true);
    expect(prodKey.key?.DeletionPolicy).toBe('Retain');
    expect(prodKey.alias?.DeletionPolicy).toBe('Retain');
    expect(devKey.key?.DeletionPolicy).toBe('Delete');
  });

  it('is named to the functions that store or read provider tokens, which may only wrap and unwrap data keys', () => {
    // Prepare
    const { keyId } = findTokenKey(dev);

    // Act
    const withKey = listOpenPieFunctions(dev, 'dev').filter(
      ([, fn]) => readVariables(fn)['TOKEN_ENCRYPTION_KMS_KEY_ID'] !== undefined,
    );

    // Assess: exactly these functions, each with GenerateDataKey and Decrypt on this key under the adapter's context
    expect(withKey.map(([, fn]) => fn.Properties?.['FunctionName']).sort()).toEqual(
      tokenKeyUsers.map((name) => buildName('dev', name)).sort(),
    );
    expect(tokenEncryptionContext).toEqual(encryptionContext);
    for (const [id, fn] of withKey) {
      const name = String(fn.Properties?.['FunctionName']);
      expect(readVariables(fn)['TOKEN_ENCRYPTION_KMS_KEY_ID'], name).toEqual({
        'Fn::GetAtt': [keyId, 'Arn'],
      });
      const statements = listServiceStatements(dev, id, 'kms');
      expect(statements, name).toHaveLength(1);
      expect(listActions(statements).sort(), name).toEqual(['kms:Decrypt', 'kms:GenerateDataKey']);
      expect(statements[0]?.Resource, name).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
      expect(statements[0]?.Condition, name).toEqual({
        StringEquals: { 'kms:EncryptionContext:purpose': encryptionContext.purpose },
      });
    }
  });

  it('is out of reach of every other function', () => {
    for (const [id, fn] of listOpenPieFunctions(dev, 'dev')) {
      const name = String(fn.Properties?.['FunctionName']);
      if (tokenKeyUsers.some((user) => name === buildName('dev', user))) continue;
      expect(readVariables(fn), name).not.toHaveProperty('TOKEN_ENCRYPTION_KMS_KEY_ID');
      expect(listServiceStatements(dev, id, 'kms'), name).toEqual([]);
    }
  });
});

describe("the providers' client ids", () => {
  // Synthesized with the context a deploy passes (`-c spotifyClientId=… -c googleClientId=…`).
  const withClients = synthesize('dev', {
    spotifyClientId: 'spotify-client',
    googleClientId: 'google-client',
  });
  const providerCallers = [
    'fan-social',
    'admin-auth',
    'fan-listening-sync',
    'fan-artists',
    'artist-search',
    // Connects a social profile to read its bio for claim verification (decision 027).
    'artist-socials',
    'worker-fan-work',
    // Looks up the track a name-only artist was heard on, to pay the artist it names (decision 036).
    'job-escrow-aging',
  ];

  it('reach every function that signs in with, refreshes at, or searches a provider', () => {
    for (const name of providerCallers) {
      const [, fn] = findFunction(withClients, 'dev', name);
      expect(readVariables(fn), name).toMatchObject({
        SPOTIFY_CLIENT_ID: 'spotify-client',
        GOOGLE_CLIENT_ID: 'google-client',
      });
    }
  });

  it('reach no other function, and none when the context has none', () => {
    for (const [, fn] of listOpenPieFunctions(withClients, 'dev')) {
      const name = String(fn.Properties?.['FunctionName']);
      if (providerCallers.some((caller) => name === buildName('dev', caller))) continue;
      expect(readVariables(fn), name).not.toHaveProperty('SPOTIFY_CLIENT_ID');
    }
    for (const [, fn] of listOpenPieFunctions(dev, 'dev')) {
      expect(readVariables(fn)).not.toHaveProperty('SPOTIFY_CLIENT_ID');
    }
  });
});
