// What the /try promo's use cases take, as one object, and the deployment's wiring of it.
import type { TableRef } from '../../data/table';
import type { HumanCheck } from '../../integrations/captcha';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import { getTable } from '../../runtime/table';
import { getHumanCheck } from '../human-check';

export interface PromoDependencies {
  table: TableRef;
  clock: Clock;
  /** The human check (reCAPTCHA), loaded on first use: its secret may live in the app secret. */
  humanCheck(): Promise<HumanCheck>;
}

/** The deployment's table, the product clock and the human check. */
export function promoDependencies(): PromoDependencies {
  return { table: getTable(), clock: getClock(), humanCheck: getHumanCheck };
}
