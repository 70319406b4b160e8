// Every test process gets the local-mode configuration the handlers validate at cold start.
process.env.STAGE ??= 'local';
process.env.AWS_REGION ??= 'us-east-1';
process.env.TABLE_NAME ??= 'openpie-test';
process.env.APP_VERSION ??= '0.0.0-test';
process.env.LOG_LEVEL ??= 'silent';
process.env.SITE_ORIGIN ??= 'http://localhost:3000';
// Identity: a session signing key, and cheap scrypt parameters (honoured only when STAGE is local).
process.env.JWT_SIGNING_KEY ??= 'integration-tests-signing-key-0123456789abcdef';
process.env.PASSWORD_HASHING ??= 'fast-for-tests';
// We run on Node 20 with the AWS SDK pinned (TOOLCHAIN.md): its Node 22 notice is known.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

// A module, so the benchmark can import it for the same configuration.
export {};
