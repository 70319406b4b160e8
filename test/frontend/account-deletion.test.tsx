// Account deletion from the settings (SPEC §7: DELETE /api/auth/account for fans, DELETE
// /api/for-artists/auth/delete-account for artist-side users): the control, the confirmation that says what is erased
// and what is kept (docs/decisions/005), the call, the signed-out landing on the instructions page with its
// confirmation, and a failure that leaves the account and the dialog in place.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountDeletionText } from '../../frontend/src/lib/account-deletion';
import { browserActions } from '../../frontend/src/lib/browser-actions';
import { readSessionHints, rememberSessionHint } from '../../frontend/src/lib/session-hints';
import { createHeldReply, fail, stubApi, succeed } from '../support/auth-api-stub';
import { makeFan, renderAt } from '../support/fan-screens';
import { makeArtistUser } from '../support/artist-screens';

/** A fan signed in with e-mail, nothing connected. */
const signedInFan = () => makeFan({ connected_accounts: { spotify: false } });

/** The first render loads the lazy route modules, which can take longer than findBy's default second. */
function findDeletionSection() {
  return screen.findByRole('region', { name: 'Delete your account' }, { timeout: 5000 });
}

async function openConfirmation() {
  const section = await findDeletionSection();
  await userEvent.click(within(section).getByRole('button', { name: 'Delete account' }));
  return screen.findByRole('dialog', { name: 'Delete your account?' }, { timeout: 5000 });
}

const listItems = (element: HTMLElement) =>
  within(element)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('deleting a fan account', () => {
  it('offers Delete account in the settings, with a link to how deletion works', async () => {
    // Prepare
    stubApi({ 'GET /api/user': succeed(signedInFan()) });

    // Act
    renderAt('/settings');

    // Assess
    const section = await findDeletionSection();
    expect(within(section).getByRole('button', { name: 'Delete account' })).toBeTruthy();
    expect(
      within(section).getByRole('link', { name: 'How account deletion works' }).getAttribute('href'),
    ).toBe('/delete-account-instructions');
  });

  it('says what is erased and what is kept before anything happens', async () => {
    // Prepare
    const api = stubApi({ 'GET /api/user': succeed(signedInFan()) });
    renderAt('/settings');

    // Act
    const dialog = await openConfirmation();

    // Assess
    expect(listItems(within(dialog).getByRole('region', { name: 'What is erased' }))).toEqual([
      ...accountDeletionText.fan.erased,
    ]);
    expect(listItems(within(dialog).getByRole('region', { name: 'What is kept' }))).toEqual([
      ...accountDeletionText.fan.kept,
    ]);
    expect(within(dialog).getByText(/cannot be restored/)).toBeTruthy();
    expect(api.sentTo('DELETE /api/auth/account')).toEqual([]);
  });

  it('changes nothing when cancelled', async () => {
    // Prepare
    const api = stubApi({ 'GET /api/user': succeed(signedInFan()) });
    renderAt('/settings');
    const dialog = await openConfirmation();

    // Act
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sentTo('DELETE /api/auth/account')).toEqual([]);
  });

  it('deletes after confirming, then loads the instructions page signed out, with the confirmation', async () => {
    // Prepare
    const held = createHeldReply(succeed({ message: 'Your account was deleted.' }));
    const api = stubApi({
      'GET /api/user': succeed(signedInFan()),
      'DELETE /api/auth/account': held.handler,
    });
    const goTo = vi.spyOn(browserActions, 'goTo').mockImplementation(() => {});
    rememberSessionHint('fan');
    rememberSessionHint('admin');
    renderAt('/settings');
    const dialog = await openConfirmation();

    // Act
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    const busy = within(dialog).getByRole('button', { name: 'Deleting...' });
    const disabledWhileDeleting = [
      (busy as HTMLButtonElement).disabled,
      (within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled,
    ];
    held.release();

    // Assess
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/delete-account-instructions?deleted=fan'));
    expect(disabledWhileDeleting).toEqual([true, true]);
    expect(api.sentTo('DELETE /api/auth/account')).toHaveLength(1);
    expect(readSessionHints()).toEqual(['admin']);
  });

  it('keeps the dialog open with the server’s sentence when the deletion fails', async () => {
    // Prepare
    const api = stubApi({
      'GET /api/user': succeed(signedInFan()),
      'DELETE /api/auth/account': fail(503, 'unhealthy', 'OpenPie is busy. Try again soon.'),
    });
    const goTo = vi.spyOn(browserActions, 'goTo').mockImplementation(() => {});
    renderAt('/settings');
    const dialog = await openConfirmation();

    // Act
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    // Assess
    expect((await within(dialog).findByRole('alert')).textContent).toBe('OpenPie is busy. Try again soon.');
    expect(within(dialog).getByRole('button', { name: 'Delete my account' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(api.sentTo('DELETE /api/auth/account')).toHaveLength(1);
    expect(goTo).not.toHaveBeenCalled();
  });
});

describe('deleting an artist-side account', () => {
  it('replaces the "coming soon" promise with the control, and deletes at its own API after confirming', async () => {
    // Prepare
    const api = stubApi({
      'GET /api/for-artists/user': succeed(makeArtistUser()),
      'DELETE /api/for-artists/auth/delete-account': succeed({ message: 'Your account was deleted.' }),
    });
    const goTo = vi.spyOn(browserActions, 'goTo').mockImplementation(() => {});
    renderAt('/for-artists/settings');
    const dialog = await openConfirmation();
    const erased = listItems(within(dialog).getByRole('region', { name: 'What is erased' }));
    const kept = listItems(within(dialog).getByRole('region', { name: 'What is kept' }));

    // Act
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    // Assess
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/delete-account-instructions?deleted=artist'));
    expect(api.sentTo('DELETE /api/for-artists/auth/delete-account')).toHaveLength(1);
    expect(erased).toEqual([...accountDeletionText.artist.erased]);
    expect(kept).toEqual([...accountDeletionText.artist.kept]);
    expect(screen.queryByText('Delete your account', { selector: 'li' })).toBeNull();
  });

  it('keeps the dialog open with the server’s 409 sentence for the last admin of an office holding money', async () => {
    // Prepare
    const refusal =
      'You are the last admin of Red Covers Management, which still holds $12.34. Make another member an admin, or pay it out and delete the office, before you delete your account.';
    const api = stubApi({
      'GET /api/for-artists/user': succeed(makeArtistUser()),
      'DELETE /api/for-artists/auth/delete-account': fail(409, 'last_office_admin', refusal),
    });
    const goTo = vi.spyOn(browserActions, 'goTo').mockImplementation(() => {});
    renderAt('/for-artists/settings');
    const dialog = await openConfirmation();

    // Act
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    // Assess
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    expect(within(dialog).getByRole('button', { name: 'Delete my account' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(api.sentTo('DELETE /api/for-artists/auth/delete-account')).toHaveLength(1);
    expect(goTo).not.toHaveBeenCalledWith('/delete-account-instructions?deleted=artist');
  });
});

describe('the instructions page after a deletion', () => {
  it.each(['fan', 'artist'])('confirms that the %s account was deleted', async (area) => {
    // Prepare
    stubApi({});

    // Act
    renderAt(`/delete-account-instructions?deleted=${area}`);

    // Assess
    const title = await screen.findByText('Your account was deleted', {}, { timeout: 5000 });
    const confirmation = title.closest('[role="status"]');
    expect(confirmation?.textContent).toContain('You are signed out');
    expect(document.activeElement?.contains(confirmation)).toBe(true);
  });

  it('says nothing of the kind to a visitor who only reads it, and lists what goes for both areas', async () => {
    // Prepare
    stubApi({});

    // Act
    renderAt('/delete-account-instructions?deleted=somebody');

    // Assess
    const removed = await screen.findByRole('region', { name: 'What is removed' }, { timeout: 5000 });
    expect(screen.queryByText('Your account was deleted')).toBeNull();
    expect(listItems(removed)).toEqual([
      ...accountDeletionText.fan.erased,
      ...accountDeletionText.artist.erased,
    ]);
  });
});
