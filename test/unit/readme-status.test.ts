// The README's Status names the routes not built yet, and it must be the very list of routes whose contract is
// marked not built (they answer 501): when a route is built, or a new one is planned, this test says what to write.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeContracts } from '../../functions/contracts/api';

const start = '<!-- routes-not-built:start -->';
const end = '<!-- routes-not-built:end -->';
const allBuilt = 'Every route of the API is built: none answers 501.';

function readmeBlock(): string {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error(`README.md has no ${start} … ${end} block in its Status`);
  return readme.slice(from + start.length, to).trim();
}

/** The block the README should hold, from the contracts. */
function expectedBlock(): string {
  const notBuilt = Object.entries(routeContracts)
    // Widened: once every route is built, no contract's kind is 'not-built' any more.
    .filter(([, contract]) => (contract.reply.kind as string) === 'not-built')
    .map(([routeKey]) => routeKey)
    .sort();
  if (notBuilt.length === 0) return allBuilt;
  return [
    `Not built yet: ${String(notBuilt.length)} routes answer 501 (the security suite lists them on every \`npm test\`):`,
    '',
    ...notBuilt.map((routeKey) => `- \`${routeKey}\``),
  ].join('\n');
}

describe("the README's status", () => {
  it('lists exactly the routes whose contracts are not built', () => {
    // Assert: the failure shows the block to paste between the markers
    expect(readmeBlock()).toBe(expectedBlock());
  });
});
