// The simulation's artist-side commands: an office claims an artist and staff approve or reject it; two offices claim
// one artist and staff decide between them (one after the other, or both at once: exactly one wins); the catalogue
// learns an artist that imports knew only by name, whose held money the escrow job then moves to it. Each acts
// through the product's handlers (the office's claim, staff's decision) and records what it expects in the model.
import fc from 'fast-check';
import type { ClaimReply } from '../../functions/contracts/claims';
import type { OfficeReply } from '../../functions/contracts/offices';
import { upsertCatalogueArtists } from '../../functions/data/catalogue/artists';
import { getClaim } from '../../functions/data/claims';
import { createFixedClock, getClock } from '../../functions/runtime/clock';
import { getTable } from '../../functions/runtime/table';
import { moveClaim } from '../../functions/services/claims/claims';
import type { SignedInAccount } from '../support/identity';
import { call, createSignedInAccount, dataOf } from '../support/identity';
import type { Command } from './command-support';
import { ProductFault, handlerOf, signedInNow } from './command-support';
import type { CatalogueArtist, SimModel } from './model';
import type { SimReal } from './real';

interface FiledClaim {
  label: string;
  admin: SignedInAccount;
  officeId: string;
  claimId: string;
}

/** A new office claims `artist` and proves it (the string found in the bio): the claim stands Verified. */
async function fileClaim(model: SimModel, artist: CatalogueArtist, nth = 0): Promise<FiledClaim> {
  const number = model.offices.length + model.rejectedOffices.length + 1 + nth;
  const label = `office${number}`;
  const admin = await createSignedInAccount('artist', { email: `${label}@offices.example` });
  const offices = await handlerOf('artist-offices');
  const opened = await call(offices, 'POST', '/api/for-artists/offices', {
    body: { name: `Office ${number}`, type: 'Artist' },
    cookies: [admin.cookie],
  });
  if (opened.statusCode !== 201) throw new ProductFault(`opening an office answered ${opened.statusCode}`);
  const office = dataOf<OfficeReply>(opened);
  const claims = await handlerOf('artist-claims');
  const claimed = await call(claims, 'POST', '/api/for-artists/claims', {
    body: {
      artistId: artist.id,
      officeId: office._id,
      agreesToWaiver: true,
      agreesToFundsTerms: true,
      agreesToTerms: true,
      verificationMethod: 'social-bio',
      selectedPlatform: 'instagram',
      verificationString: `openpie_o${number.toString(36).padStart(7, '0')}`,
    },
    cookies: [admin.cookie],
  });
  if (claimed.statusCode !== 201)
    throw new ProductFault(`a claim answered ${claimed.statusCode}: ${claimed.body ?? ''}`);
  const claim = dataOf<ClaimReply>(claimed);
  const stored = await getClaim(getTable(), claim._id);
  if (!stored) throw new ProductFault('the claim was not stored');
  await moveClaim(
    { table: getTable(), clock: createFixedClock(getClock().now()) },
    stored,
    'Verified',
    { kind: 'verification', id: 'simulation' },
    'The string was found in the bio',
  );
  return { label, admin, officeId: office._id, claimId: claim._id };
}

/** Staff's decision on a claim through the staff console's call: its status code. */
async function decide(real: SimReal, claimId: string, status: 'Successful' | 'Rejected'): Promise<number> {
  const staff = await signedInNow(await real.staff(), 'admin');
  const decided = await call(
    await handlerOf('admin-claims'),
    'PATCH',
    `/api/admin/claims/${claimId}/status`,
    {
      body: {
        status,
        reason:
          status === 'Successful'
            ? 'The bio holds the string and nobody else won the artist'
            : 'Another office proved the artist, or the bio does not hold the string',
      },
      cookies: [staff.cookie],
    },
  );
  return decided.statusCode;
}

const claimed = (model: Readonly<SimModel>, artistIndex: number) =>
  model.offices.some((office) => office.artistIndex === artistIndex);

/** The artist a claim command names (its number taken round the catalogue), unless an office holds it already. */
function unclaimedArtist(model: Readonly<SimModel>, artist: number) {
  const artistIndex = artist % model.artists.length;
  const found = model.artists[artistIndex];
  return found && !claimed(model, artistIndex) ? { artistIndex, artist: found } : undefined;
}

export class ClaimArtist implements Command {
  constructor(
    readonly artist: number,
    readonly approve: boolean,
  ) {}
  check = (model: Readonly<SimModel>) => unclaimedArtist(model, this.artist) !== undefined;
  async run(model: SimModel, real: SimReal) {
    const target = unclaimedArtist(model, this.artist);
    if (!target) return;
    const { artistIndex, artist } = target;
    const filed = await fileClaim(model, artist);
    model.log.push(`${filed.label} claims ${artist.name}; staff ${this.approve ? 'approve' : 'reject'}`);
    const status = await decide(real, filed.claimId, this.approve ? 'Successful' : 'Rejected');
    if (status !== 200) throw new ProductFault(`staff's decision on a claim answered ${status}`);
    if (this.approve) {
      model.offices.push({ ...filed, artistIndex, onboarded: false });
    } else {
      model.rejectedOffices.push({ label: filed.label, officeId: filed.officeId, artistId: artist.id });
    }
    await real.world.settle();
  }
  toString = () => `ClaimArtist(${this.artist}, ${this.approve})`;
}

/**
 * Two offices claim one artist. Staff approve the first then the second (refused: 409), or both at once (exactly one
 * answered 200, the other 409); the loser is then rejected.
 */
class CompetingClaims implements Command {
  constructor(
    readonly artist: number,
    readonly atOnce: boolean,
  ) {}
  check = (model: Readonly<SimModel>) => unclaimedArtist(model, this.artist) !== undefined;
  async run(model: SimModel, real: SimReal) {
    const target = unclaimedArtist(model, this.artist);
    if (!target) return;
    const { artistIndex, artist } = target;
    const first = await fileClaim(model, artist);
    const second = await fileClaim(model, artist, 1);
    model.log.push(
      `${first.label} and ${second.label} both claim ${artist.name}; staff approve both ${this.atOnce ? 'at once' : 'in turn'}`,
    );
    await real.staff(); // the staff account exists before two decisions ask for it at once
    const statuses = this.atOnce
      ? await Promise.all([
          decide(real, first.claimId, 'Successful'),
          decide(real, second.claimId, 'Successful'),
        ])
      : [await decide(real, first.claimId, 'Successful'), await decide(real, second.claimId, 'Successful')];
    const won = statuses.filter((status) => status === 200).length;
    if (won !== 1 || !statuses.every((status) => status === 200 || status === 409)) {
      throw new ProductFault(`approving two claims of one artist answered ${statuses.join(' and ')}`);
    }
    const [winner, loser] = statuses[0] === 200 ? [first, second] : [second, first];
    const rejected = await decide(real, loser.claimId, 'Rejected');
    if (rejected !== 200) throw new ProductFault(`rejecting the losing claim answered ${rejected}`);
    model.offices.push({ ...winner, artistIndex, onboarded: false });
    model.rejectedOffices.push({ label: loser.label, officeId: loser.officeId, artistId: artist.id });
    await real.world.settle();
  }
  toString = () => `CompetingClaims(${this.artist}, ${this.atOnce})`;
}

/** The name of the long tail's k-th artist, as imports name it (the catalogue knows none of them at first). */
export function tailName(k: number): string {
  return `Tail Artist ${k}`;
}

/** The catalogue id the k-th tail artist gets once Spotify's catalogue brings it (22 characters, as Spotify's). */
function tailArtistId(k: number): string {
  return `tail${String(k).padStart(18, '0')}`;
}

/**
 * The catalogue learns an artist imports knew only by name (as a sync's catalogue upsert brings it): from the next
 * escrow run, what is held under the name is the artist's, and the artist can be listened to and claimed.
 */
class CatalogueLearnsName implements Command {
  constructor(readonly pick: number) {}
  check = (model: Readonly<SimModel>) => model.tailNames > 0;
  async run(model: SimModel, real: SimReal) {
    const k = (this.pick % model.tailNames) + 1;
    const name = tailName(k);
    if (model.artists.some((artist) => artist.name === name)) return;
    model.log.push(`the catalogue learns ${name}`);
    const artist = { id: tailArtistId(k), name };
    await upsertCatalogueArtists(getTable(), [artist], getClock().now());
    model.artists.push(artist);
    model.expect.learntNames.push({ name, day: model.days });
    await real.world.settle();
  }
  toString = () => `CatalogueLearnsName(${this.pick})`;
}

const index = fc.nat({ max: 999 });

export const claimCommands = {
  claim: fc.tuple(index, fc.constantFrom(true, true, true, false)).map(([a, ok]) => new ClaimArtist(a, ok)),
  compete: fc.tuple(index, fc.boolean()).map(([artist, atOnce]) => new CompetingClaims(artist, atOnce)),
  learn: index.map((pick) => new CatalogueLearnsName(pick)),
};
