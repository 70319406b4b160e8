// One line for everything the simulated world waits on outside its own JavaScript: DynamoDB's replies, Stripe's,
// the local queue's and bus's, the Web Crypto work that signs and checks session tokens. Each wait takes a turn in
// the order the program asked for it and is answered before the next turn starts, so two people's clicks at once
// still interleave wait by wait (the races stay) but always the same way: nothing is answered by whichever reply
// the machine happened to finish first. A request the SDK will retry (a throttle, a lost reply, a Stripe 429)
// keeps its place: the line stops at a reserved turn until the retry comes, however long the SDK's back-off takes
// in real time.

let line: Promise<unknown> = Promise.resolve();

/** Runs `work` when its turn comes: after every turn asked for before it has been answered. */
export function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const turn = line.then(work, work);
  line = turn.catch(() => undefined);
  return turn;
}

/** A turn kept for work that comes later (a retry): the line waits at it until it is taken or given up. */
export interface ReservedTurn {
  /** Runs `work` in the reserved turn (once). */
  take<T>(work: () => Promise<T>): Promise<T>;
  /** Gives the turn up: the line goes on. */
  release(): void;
}

export function reserveTurn(): ReservedTurn {
  let fill: (work: (() => Promise<unknown>) | null) => void = () => undefined;
  const filled = new Promise<(() => Promise<unknown>) | null>((resolve) => {
    fill = resolve;
  });
  const turn = line.then(
    () => filled,
    () => filled,
  );
  const done = turn.then((work) => (work ? work() : undefined));
  line = done.catch(() => undefined);
  return {
    take: <T>(work: () => Promise<T>) => {
      fill(work);
      return done as Promise<T>;
    },
    release: () => fill(null),
  };
}

/** Resolves once every turn asked for so far has been answered (a wait that ends at the same point on every run). */
export function afterTurnsSoFar(): Promise<void> {
  return inTurn(() => Promise.resolve());
}
