// Demo data for local mode, written once on first start. Accounts arrive with the identity work (issue #3);
// until then there is nothing to sign in with, and the console says so rather than printing logins that fail.
export interface SeedResult {
  lines: string[];
}

export async function seedDemoData(): Promise<SeedResult> {
  return { lines: ['Demo logins: none yet (accounts arrive with the identity work).'] };
}
