// SPEC §2 and §4: the app-update screen and chunk-load recovery. A lazy route whose chunk fails to load shows
// 'App Update Required', then 'Updating App...' after one second, then the caches are cleared and the page reloads.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyComponent } from '../../frontend/src/app/lazy-route';
import { RootErrorPage, RouteErrorPage } from '../../frontend/src/app/route-error-page';
import { LoadingPage } from '../../frontend/src/app/root-layout';
import {
  AppUpdateBoundary,
  AppUpdateScreen,
  appUpdateText,
} from '../../frontend/src/components/app-update-screen';
import { recordAutomaticRefresh } from '../../frontend/src/lib/app-refresh';
import { browserActions } from '../../frontend/src/lib/browser-actions';

/** Cache Storage as jsdom lacks it: a few named caches that can be listed and deleted. */
function stubCacheStorage(names: string[]) {
  const remaining = new Set(names);
  const storage = {
    keys: vi.fn(async () => [...remaining]),
    delete: vi.fn(async (name: string) => remaining.delete(name)),
  };
  vi.stubGlobal('caches', storage);
  return { storage, remaining };
}

/** Lets promises and React settle under fake timers. */
async function flush(ms = 0): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function makeChunkError(): TypeError {
  return new TypeError(
    `Failed to fetch dynamically imported module: http://localhost/assets/admin-area-${crypto.randomUUID()}.js`,
  );
}

let reload: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  reload = vi.fn<() => void>();
  vi.spyOn(browserActions, 'reload').mockImplementation(reload);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a lazy route whose chunk fails to load', () => {
  function renderFailingArea() {
    // React and React Router report the caught render error; that noise is not what these tests are about.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const routes: RouteObject[] = [
      {
        path: '/',
        ErrorBoundary: RootErrorPage,
        HydrateFallback: LoadingPage,
        children: [
          {
            path: 'admin',
            ErrorBoundary: RouteErrorPage,
            // The router's own helper, as every area and screen uses it.
            lazy: lazyComponent(() => Promise.reject(makeChunkError()), 'AdminLayout'),
          },
        ],
      },
    ];
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/admin'] })} />);
  }

  it("shows 'App Update Required', then 'Updating App...', then clears every cache and reloads", async () => {
    // Prepare
    const { storage, remaining } = stubCacheStorage(['openpie-shell-v1', 'openpie-assets-v1']);
    const order: string[] = [];
    storage.delete.mockImplementation(async (name: string) => {
      order.push(`delete ${name}`);
      return remaining.delete(name);
    });
    reload.mockImplementation(() => {
      order.push('reload');
    });

    // Act
    renderFailingArea();
    await flush();
    const first = {
      title: screen.getByRole('heading', { level: 1 }).textContent,
      text: screen.getByText(appUpdateText.chunkBody).textContent,
      button: screen.getByRole('button', { name: 'Refresh Now' }).textContent,
    };
    const reloadedEarly = reload.mock.calls.length;
    await flush(999);
    const beforeTheSecond = screen.getByRole('heading', { level: 1 }).textContent;
    await flush(1);

    // Assess
    expect(first).toEqual({
      title: 'App Update Required',
      text: 'The app has been updated and will refresh automatically.',
      button: 'Refresh Now',
    });
    expect(reloadedEarly).toBe(0);
    expect(beforeTheSecond).toBe('App Update Required');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Updating App...');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(order).toEqual(['delete openpie-shell-v1', 'delete openpie-assets-v1', 'reload']);
    expect(remaining.size).toBe(0);
  });

  it("refreshes at once with 'Refresh Now'", async () => {
    // Prepare
    const { remaining } = stubCacheStorage(['openpie-shell-v1']);
    renderFailingArea();
    await flush();

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Refresh Now' }));
    await flush();

    // Assess
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Updating App...');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(remaining.size).toBe(0);
  });

  it('does not reload by itself again moments after an automatic refresh, so a missing chunk cannot loop', async () => {
    // Prepare
    stubCacheStorage([]);
    recordAutomaticRefresh(Date.now());

    // Act
    renderFailingArea();
    await flush(5_000);

    // Assess
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Refresh Now' })).toBeTruthy();
  });
});

describe('the app-update screen for other errors', () => {
  it("says 'Something went wrong. Please refresh the app.' and waits for 'Refresh App'", async () => {
    // Prepare
    stubCacheStorage([]);
    render(<AppUpdateScreen error={new Error('A render failed')} />);

    // Act
    await flush(5_000);
    const waited = reload.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh App' }));
    await flush();

    // Assess
    expect(waited).toBe(0);
    expect(screen.getByText(appUpdateText.otherBody).textContent).toBe(
      'Something went wrong. Please refresh the app.',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Updating App...');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('is what the boundary shows, after logging the error to the console', async () => {
    // Prepare
    stubCacheStorage([]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new Error(`Broken widget ${crypto.randomUUID()}`);
    function BrokenWidget(): never {
      throw failure;
    }

    // Act
    render(
      <AppUpdateBoundary>
        <BrokenWidget />
      </AppUpdateBoundary>,
    );
    await flush();

    // Assess
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('App Update Required');
    expect(screen.getByRole('button', { name: 'Refresh App' })).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('The app failed and needs a refresh', failure);
  });

  it('keeps the console quiet for a chunk error on the boundary and refreshes', async () => {
    // Prepare
    stubCacheStorage([]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const chunkError = makeChunkError();
    function LazyPart(): never {
      throw chunkError;
    }

    // Act
    render(
      <AppUpdateBoundary>
        <LazyPart />
      </AppUpdateBoundary>,
    );
    await flush(1_000);

    // Assess
    expect(logged).not.toHaveBeenCalledWith('The app failed and needs a refresh', chunkError);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
