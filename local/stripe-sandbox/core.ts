// What every resource shares: the state, the sandbox's time (the product clock, or a timer's due instant while it
// runs), storing objects, raising events, and scheduling what falls due later.
import type Stripe from 'stripe';
import { noSuchObject } from './errors';
import { createId } from './ids';
import type { CollectionName, Collections, SandboxState, StateStore, Timer } from './store';

export const apiVersion = '2026-10-28.endive';
export const daySeconds = 86_400;

type EventOf<T extends Stripe.Event['type']> = Extract<Stripe.Event, { type: T }>;

export interface SandboxCoreOptions {
  store: StateStore;
  clock: () => number;
  publicUrl: string;
  /** Told of every raised event, in order (the webhook queue). */
  onEvent: (event: Stripe.Event) => void;
}

export class SandboxCore {
  readonly state: SandboxState;
  readonly publicUrl: string;
  private dueInstant: number | null = null;

  constructor(private readonly options: SandboxCoreOptions) {
    this.state = options.store.state;
    this.publicUrl = options.publicUrl.replace(/\/+$/, '');
  }

  /** Unix seconds: a timer's due instant while it runs, else the product clock. */
  now(): number {
    return this.dueInstant ?? Math.floor(this.options.clock() / 1000);
  }

  /** Unix seconds of the clock itself, even while a timer runs (e.g. for webhook signatures). */
  clockNow(): number {
    return Math.floor(this.options.clock() / 1000);
  }

  async runAt<T>(instant: number, work: () => Promise<T> | T): Promise<T> {
    this.dueInstant = instant;
    try {
      return await work();
    } finally {
      this.dueInstant = null;
    }
  }

  save(): Promise<void> {
    return this.options.store.save();
  }

  newId(prefix: string): string {
    return createId(prefix);
  }

  put<K extends CollectionName>(collection: K, object: Collections[K] & { id: string }): Collections[K] {
    const objects: Record<string, Collections[K]> = this.state.objects[collection];
    if (!(object.id in this.state.order)) this.state.order[object.id] = ++this.state.sequence;
    objects[object.id] = object;
    return object;
  }

  find<K extends CollectionName>(collection: K, id: string): Collections[K] | undefined {
    const objects: Record<string, Collections[K]> = this.state.objects[collection];
    return Object.hasOwn(objects, id) ? objects[id] : undefined;
  }

  get<K extends CollectionName>(
    collection: K,
    id: string,
    kind: string = collection,
    param = 'id',
  ): Collections[K] {
    const found = this.find(collection, id);
    if (!found) throw noSuchObject(kind, id, param);
    return found;
  }

  all<K extends CollectionName>(collection: K): Collections[K][] {
    const objects: Record<string, Collections[K]> = this.state.objects[collection];
    return Object.values(objects);
  }

  /** Any stored object by id, for `expand[]`. */
  findAny(id: string): Collections[CollectionName] | undefined {
    for (const collection of Object.keys(this.state.objects) as CollectionName[]) {
      const found = this.find(collection, id);
      if (found) return found;
    }
    return undefined;
  }

  /** The connected account an object belongs to, null for the platform's own. */
  ownerOf(id: string): string | null {
    return this.state.owners[id] ?? null;
  }

  orderOf(id: string): number {
    return this.state.order[id] ?? 0;
  }

  raise<T extends Stripe.Event['type']>(
    type: T,
    object: EventOf<T>['data']['object'],
    previousAttributes?: EventOf<T>['data']['previous_attributes'],
    account?: string | null,
  ): Stripe.Event {
    // A snapshot: later changes to the object must not change what the event said.
    const snapshot: unknown = JSON.parse(JSON.stringify(object));
    const event = {
      id: this.newId('evt'),
      object: 'event',
      ...(account ? { account } : {}),
      api_version: apiVersion,
      created: this.now(),
      data: previousAttributes
        ? { object: snapshot, previous_attributes: previousAttributes }
        : { object: snapshot },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as EventOf<T>;
    this.put('event', event);
    this.options.onEvent(event);
    return event;
  }

  schedule(timer: Timer): void {
    this.state.timers.push(timer);
  }

  unschedule(matches: (timer: Timer) => boolean): void {
    this.state.timers = this.state.timers.filter((timer) => !matches(timer));
  }
}
