// What deleting an account erases and what it keeps (docs/decisions/005-identity.md, "Deletion"), in one place: the
// confirmation in the settings and the public instructions page say the same thing, and say what the server does.
// The server erases the person and every way to sign in; the account id stays as an anonymous tombstone, because the
// money records (and the listening that split the pies) point at it and must still add up. A fan's subscription is
// cancelled at once; an artist-side user leaves their offices (docs/decisions/032-deleting-accounts.md).

export type DeletableArea = 'fan' | 'artist';

export interface AccountDeletionText {
  erased: readonly string[];
  kept: readonly string[];
}

export const accountDeletionText: Readonly<Record<DeletableArea, AccountDeletionText>> = {
  fan: {
    erased: [
      'Your name, e-mail address and password',
      'Your username and your profile',
      'Your connections to Spotify, Google, X and Facebook, and the access they gave OpenPie',
      'Every sign-in, on every device',
      'Your subscription: it is cancelled at once, so you are never charged again',
    ],
    kept: [
      'Your payments, the splits of your pies and your wallet movements, under an anonymous id that no longer leads to you, so the money artists received stays theirs and the books still balance',
      'The listening your pies were split by, under the same anonymous id',
      'Your current pie, already paid for: it is still split among the artists you listened to when its period ends',
    ],
  },
  artist: {
    erased: [
      'Your name, e-mail address and password',
      'Your phone number and country',
      'Your Google connection',
      'Every sign-in, on every device',
      'Your place in every office, and an office you are the last admin of if it holds no money and no claims (one that does must first go to another admin, or be paid out and deleted)',
    ],
    kept: [
      'Payouts and the other money records that name you, under an anonymous id that no longer leads to you, so every office’s books still balance',
    ],
  },
};

/** The query the instructions page reads to confirm a deletion that just happened (`?deleted=fan`). */
export const accountDeletedParam = 'deleted';

export function parseDeletedArea(value: string | null): DeletableArea | null {
  return value === 'fan' || value === 'artist' ? value : null;
}
