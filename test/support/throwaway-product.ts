// The options of a product a test starts once and throws away with its folder (no vitest here: the demo seed's child
// process reads them too).

/**
 * The table in DynamoDB Local's memory (DESIGN §3: in memory for tests), no job schedules, no web build, errors only in
 * the log: `startOpenPie({ port: 0, dataDir, ...throwawayProduct })`.
 */
export const throwawayProduct = {
  tableInMemory: true,
  schedules: false,
  skipWebBuild: true,
  logLevel: 'error',
} as const;
