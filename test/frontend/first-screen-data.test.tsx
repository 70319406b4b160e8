// The calls /pie's first load starts beside the session question (frontend/src/app/first-screen-data.ts), and how the
// screen takes their replies (frontend/src/lib/first-screen-data.ts): once, while fresh, and asked again when the early
// call failed. The API is a stub of fetch; everything else is the real SPA.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchFirstScreenData } from '../../frontend/src/app/first-screen-data';
import {
  keepPrefetchedReply,
  prefetchedReplyMaxAgeMs,
  takePrefetchedReply,
} from '../../frontend/src/lib/first-screen-data';
import { rememberSessionHint } from '../../frontend/src/lib/session-hints';
import { fail, stubApi, succeed, type StubHandler } from '../support/auth-api-stub';
import { makePie } from '../support/pie-fixtures';
import { makeStats } from '../support/pie-split-fixtures';
import { makeFan, renderAt } from '../support/fan-screens';

const slow = { timeout: 5000 };

function stubPieApi(pie: ReturnType<typeof makePie>, activePie: StubHandler = succeed(pie)) {
  const stats = succeed(makeStats([{ id: 'a1', name: 'Aurora Lane', ms: 3_600_000, cents: 940 }], {}));
  const api = stubApi({
    'GET /api/user': succeed(makeFan()),
    'GET /api/pie/active': activePie,
    [`GET /api/pie/${pie.id}/realtime-stats`]: stats,
  });
  return { api, pie };
}

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => window.localStorage.clear());

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe("/pie's first load", () => {
  it('asks for the running pie and then its live split before the screen renders, and the screen asks neither again', async () => {
    // Prepare
    rememberSessionHint('fan');
    const { api, pie } = stubPieApi(makePie({}));
    // Act
    prefetchFirstScreenData('/pie/');
    await settle();
    await settle();
    const askedEarly = api.sent.map((request) => `${request.method} ${request.path}`);
    renderAt('/pie');
    // Assess
    expect(askedEarly).toEqual(['GET /api/pie/active', `GET /api/pie/${pie.id}/realtime-stats`]);
    expect(await screen.findByRole('region', { name: 'Where your pie goes now' }, slow)).toBeTruthy();
    expect(await screen.findByRole('img', { name: /Aurora Lane/ }, slow)).toBeTruthy();
    expect(api.sentTo('GET /api/pie/active')).toHaveLength(1);
    expect(api.sentTo(`GET /api/pie/${pie.id}/realtime-stats`)).toHaveLength(1);
    expect(api.sentTo('GET /api/user')).toHaveLength(1);
  });

  it('asks nothing early in a browser not signed in as a fan, nor on another path', async () => {
    // Prepare
    const { api } = stubPieApi(makePie({}), succeed(null));
    // Act
    prefetchFirstScreenData('/pie');
    rememberSessionHint('fan');
    prefetchFirstScreenData('/dashboard');
    await settle();
    // Assess
    expect(api.sent).toEqual([]);
  });

  it('asks again from the screen when the early call failed, and shows the pie', async () => {
    // Prepare
    rememberSessionHint('fan');
    const pie = makePie({});
    let asked = 0;
    const { api } = stubPieApi(pie, () => {
      asked += 1;
      return asked === 1 ? fail(500, 'internal', 'Something went wrong.') : succeed(pie);
    });
    // Act
    prefetchFirstScreenData('/pie');
    await settle();
    await settle();
    renderAt('/pie');
    // Assess
    expect(await screen.findByRole('region', { name: 'Where your pie goes now' }, slow)).toBeTruthy();
    expect(await screen.findByRole('img', { name: /Aurora Lane/ }, slow)).toBeTruthy();
    expect(api.sentTo('GET /api/pie/active')).toHaveLength(2);
  });
});

describe('an early reply', () => {
  it('is taken once, and not after it has grown stale', async () => {
    // Prepare
    const now = 1_000_000;
    void keepPrefetchedReply('/api/a', Promise.resolve('a'), now);
    void keepPrefetchedReply('/api/b', Promise.resolve('b'), now);
    // Act
    const fresh = takePrefetchedReply('/api/a', now + prefetchedReplyMaxAgeMs);
    const again = takePrefetchedReply('/api/a', now + prefetchedReplyMaxAgeMs);
    const stale = takePrefetchedReply('/api/b', now + prefetchedReplyMaxAgeMs + 1);
    // Assess
    expect(await fresh).toBe('a');
    expect(again).toBeUndefined();
    expect(stale).toBeUndefined();
  });

  it('is dropped as soon as its call fails', async () => {
    // Prepare
    const failing = keepPrefetchedReply('/api/c', Promise.reject(new Error('down')));
    // Act
    await failing.catch(() => undefined);
    await settle();
    // Assess
    expect(takePrefetchedReply('/api/c')).toBeUndefined();
  });
});
