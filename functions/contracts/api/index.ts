// Every route's contract, by route key, for tests and tools (the generated security suite, the SPA's reply types).
// Lambdas never import this file: each imports only its own resource's module, so it bundles only its own schemas.
import type * as z from 'zod/mini';
import type { RouteKey } from '../routes';
import type { RouteContract } from './contract';
import { adminArtistsContracts } from './admin-artists';
import { adminAuditContracts } from './admin-audit';
import { adminAuthContracts } from './admin-auth';
import { adminClaimsContracts } from './admin-claims';
import { adminDashboardContracts } from './admin-dashboard';
import { adminFansContracts } from './admin-fans';
import { adminFinancesContracts } from './admin-finances';
import { adminLedgerContracts } from './admin-ledger';
import { adminOfficesContracts } from './admin-offices';
import { adminReconciliationContracts } from './admin-reconciliation';
import { adminUserArtistsContracts } from './admin-user-artists';
import { artistAuthContracts } from './artist-auth';
import { artistClaimsContracts } from './artist-claims';
import { artistOfficesContracts } from './artist-offices';
import { artistPaymentsContracts } from './artist-payments';
import { artistSearchContracts } from './artist-search';
import { artistSocialsContracts } from './artist-socials';
import { artistUserContracts } from './artist-user';
import { devContracts } from './dev';
import { fanArtistsContracts } from './fan-artists';
import { fanAuthContracts } from './fan-auth';
import { fanClaimsContracts } from './fan-claims';
import { fanListeningSyncContracts } from './fan-listening-sync';
import { fanPaymentsContracts } from './fan-payments';
import { fanPieContracts } from './fan-pie';
import { fanSocialContracts } from './fan-social';
import { fanTracksContracts } from './fan-tracks';
import { fanUserContracts } from './fan-user';
import { fanWalletContracts } from './fan-wallet';
import { healthContracts } from './health';
import { webhooksStripeContracts } from './webhooks-stripe';

export type { JsonReplyContract, ReplyContract, RouteContract } from './contract';

/** One contract per manifest route, no more (the `satisfies` fails on a missing or unknown key). */
export const routeContracts = {
  ...healthContracts,
  ...devContracts,
  ...webhooksStripeContracts,
  ...fanAuthContracts,
  ...fanSocialContracts,
  ...fanPaymentsContracts,
  ...fanArtistsContracts,
  ...fanTracksContracts,
  ...fanUserContracts,
  ...fanPieContracts,
  ...fanListeningSyncContracts,
  ...fanWalletContracts,
  ...fanClaimsContracts,
  ...artistAuthContracts,
  ...artistSocialsContracts,
  ...artistPaymentsContracts,
  ...artistUserContracts,
  ...artistClaimsContracts,
  ...artistSearchContracts,
  ...artistOfficesContracts,
  ...adminAuthContracts,
  ...adminDashboardContracts,
  ...adminClaimsContracts,
  ...adminArtistsContracts,
  ...adminFansContracts,
  ...adminFinancesContracts,
  ...adminUserArtistsContracts,
  ...adminOfficesContracts,
  ...adminReconciliationContracts,
  ...adminLedgerContracts,
  ...adminAuditContracts,
} satisfies { readonly [K in RouteKey]: RouteContract };

/** The request and reply schemas of any manifest route. */
export function getRouteContract(routeKey: RouteKey): RouteContract {
  return routeContracts[routeKey];
}

type ContractOf<K extends RouteKey> = (typeof routeContracts)[K];

/** The `data` a built route answers, as the SPA reads it (never for a redirect or a route not built yet). */
export type RouteReplyData<K extends RouteKey> = ContractOf<K>['reply'] extends {
  kind: 'json';
  data: infer D extends z.ZodMiniType;
}
  ? z.output<D>
  : never;

/** The JSON body a route takes (undefined for routes without one). */
export type RouteRequestBody<K extends RouteKey> =
  ContractOf<K> extends { body: infer B extends z.ZodMiniType } ? z.input<B> : undefined;

/** The query a route takes, as the caller writes it (undefined for routes without one). */
export type RouteQuery<K extends RouteKey> =
  ContractOf<K> extends { query: infer Q extends z.ZodMiniType } ? z.input<Q> : undefined;

/** True for a route whose reply is one page of a list, with `pagination` beside its `data`. */
export type RouteIsPaged<K extends RouteKey> = ContractOf<K>['reply'] extends {
  kind: 'json';
  paginated: true;
}
  ? true
  : false;
