// SPEC §2's error texts and SPEC §4's error boundary: generic error screen, default 'Unexpected Application Error!'
// page, and normal → error → reset.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RootErrorPage } from '../../frontend/src/app/route-error-page';
import { ErrorBoundary } from '../../frontend/src/components/error-boundary';
import { errorScreenText, GenericErrorScreen } from '../../frontend/src/components/error-screen';
import {
  describeUnexpectedError,
  UnexpectedErrorPage,
} from '../../frontend/src/components/unexpected-error-page';
import { browserActions } from '../../frontend/src/lib/browser-actions';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('generic error screen', () => {
  it('shows the exact texts of SPEC §2 and goes to / with a full load', async () => {
    // Prepare
    const goTo = vi.spyOn(browserActions, 'goTo').mockImplementation(() => {});
    render(<GenericErrorScreen />);

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Go to Homepage' }));

    // Assess
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Something went wrong');
    expect(
      screen.getByText(
        "We're sorry, but an error occurred. Our team has been notified and we're working to fix it.",
      ),
    ).toBeTruthy();
    expect(errorScreenText.action).toBe('Go to Homepage');
    expect(goTo).toHaveBeenCalledWith('/');
  });
});

describe("the default 'Unexpected Application Error!' page", () => {
  it('shows the message of an error', () => {
    // Prepare
    const message = `The router failed ${crypto.randomUUID()}`;

    // Act
    render(<UnexpectedErrorPage error={new Error(message)} />);

    // Assess
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unexpected Application Error!');
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('shows the status text of a thrown response, through the root route of the router', async () => {
    // Prepare
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([
      {
        path: '/',
        ErrorBoundary: RootErrorPage,
        loader: () => {
          throw new Response('', { status: 503, statusText: 'Service Unavailable' });
        },
        Component: () => null,
        HydrateFallback: () => null,
      },
    ]);

    // Act
    render(<RouterProvider router={router} />);

    // Assess
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Unexpected Application Error!',
    );
    expect(screen.getByText('503 Service Unavailable')).toBeTruthy();
  });

  it.each([
    [{ status: 404, statusText: 'Not Found' }, '404 Not Found'],
    [{ status: 500 }, '500'],
    ['plain words', 'plain words'],
    [{ reason: 'odd' }, '{"reason":"odd"}'],
  ])('describes %o as %s', (error, expected) => {
    // Act
    const described = describeUnexpectedError(error);

    // Assess
    expect(described).toBe(expected);
  });
});

describe('error boundary (SPEC §4)', () => {
  function FlakyScreen({ broken }: { broken: boolean }) {
    if (broken) throw new Error('The screen broke');
    return <p>The screen works</p>;
  }

  function Harness() {
    const [broken, setBroken] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setBroken(true)}>
          Break it
        </button>
        <ErrorBoundary
          fallback={(_error, reset) => (
            <button
              type="button"
              onClick={() => {
                setBroken(false);
                reset();
              }}
            >
              Try again
            </button>
          )}
        >
          <FlakyScreen broken={broken} />
        </ErrorBoundary>
      </>
    );
  }

  it('goes from normal to error and back with a reset', async () => {
    // Prepare
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Harness />);
    const normal = screen.getByText('The screen works');

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Break it' }));
    const failed = screen.queryByText('The screen works');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    // Assess
    expect(normal).toBeTruthy();
    expect(failed).toBeNull();
    expect(screen.getByText('The screen works')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith(
      'Uncaught UI error',
      expect.objectContaining({ severity: 'Error', componentStack: expect.stringContaining('FlakyScreen') }),
    );
  });

  it('shows the generic error screen unless told otherwise', () => {
    // Prepare
    vi.spyOn(console, 'error').mockImplementation(() => {});

    // Act
    render(
      <ErrorBoundary>
        <FlakyScreen broken />
      </ErrorBoundary>,
    );

    // Assess
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Something went wrong');
    expect(screen.getByRole('button', { name: 'Go to Homepage' })).toBeTruthy();
  });
});
