// Every test process gets the local-mode configuration the handlers validate at cold start.
process.env.STAGE ??= 'local';
process.env.AWS_REGION ??= 'us-east-1';
process.env.TABLE_NAME ??= 'openpie-test';
process.env.APP_VERSION ??= '0.0.0-test';
process.env.LOG_LEVEL ??= 'silent';
process.env.SITE_ORIGIN ??= 'http://localhost:3000';
