// The renewal carries the fan's choices (the renewal payment opens the next period with the same settings and
// inclusions), on DynamoDB Local and the Stripe sandbox with the product clock moved past the period.
// A file of its own: moving this process's product clock would end the pies of the other pie-calls tests.
import { describe, expect, it } from 'vitest';
import type { PieSummary } from '../../functions/contracts/payments';
import { listFanPies } from '../../functions/data/pies';
import { getLocalClockOffset, setLocalClockOffset } from '../../functions/runtime/clock';
import { call, dataOf } from '../support/identity';
import { testCards } from '../support/stripe-sandbox';
import { fundPie, getJson, loadHandlers, paymentsHarnessPerTest } from '../support/payments-harness';
import { storePlays } from '../support/pie-calls-harness';
import { testTable } from '../support/test-table';

const day = 86_400_000;
const startHarness = paymentsHarnessPerTest();

describe('the renewal of a pie', () => {
  it("opens the next pie with the previous pie's settings and inclusions as the fan last left them", async () => {
    // Prepare: a paid pie whose settings and inclusions the fan changes during its period.
    const harness = await startHarness();
    const { pie } = await loadHandlers();
    const { fan } = await fundPie(harness, testCards.pays, 1000);
    const first = await getJson<PieSummary>(pie, '/api/pie/active', fan);
    const anHourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await storePlays(fan.userId, [
      { endedAt: anHourAgo, msPlayed: 60_000, artists: [{ artistName: 'Kept Band' }] },
      { endedAt: anHourAgo, msPlayed: 90_000, artists: [{ artistName: 'Left Out' }] },
    ]);
    const changed = await call(pie, 'PATCH', `/api/pie/${first.id}`, {
      cookies: [fan.cookie],
      body: { artistLimit: 3, artistPopularity: 70 },
    });
    await call(pie, 'PATCH', '/api/pie/artist/Kept%20Band/set-inclusion', {
      cookies: [fan.cookie],
      body: { value: true },
    });
    await call(pie, 'PATCH', '/api/pie/artist/Left%20Out/set-inclusion', {
      cookies: [fan.cookie],
      body: { value: false, pieId: first.id },
    });
    // Act
    setLocalClockOffset(getLocalClockOffset() + 30 * day + 60_000);
    await harness.sandbox.advance();
    // Assess
    expect(dataOf<PieSummary>(changed).settings).toEqual({
      artistLimit: 3,
      artistPopularity: 70,
      excludeNonActive: true,
    });
    const pies = await listFanPies(testTable(), fan.userId);
    expect(pies).toHaveLength(2);
    const [renewed, previous] = pies;
    expect(previous?.id).toBe(first.id);
    expect(renewed?.settings).toEqual(previous?.settings);
    expect(renewed?.inclusions).toEqual({ 'name:kept band': true, 'name:left out': false });
  });
});
