// Where a short run may start instead of an empty world: a month-old world whose first office already holds money.
// Three fans fund pies and listen mostly to the catalogue's first artist, whose office claims it and staff approve;
// the month then passes (nothing else is due in it: no pie ends before the month does, so its days' jobs have
// nothing to do and are not run), and its last day runs as every day does: Stripe renews the pies, the split pays
// the artist, the escrow job releases the artist's lots to the office, every check runs. The drawn commands start
// the day after, with an office that has a payable to pay out and fans' money to give back: what a few days need to
// reach what a plain run reaches only after its first month.
import type { Command } from './command-support';
import { ClaimArtist } from './claim-commands';
import { FundPie, JoinFan, Listen } from './commands';
import type { SimModel } from './model';
import type { SimReal } from './real';
import type { Engine } from './world';
import { dayMs, simulationEpoch, tick } from './world';

export const starts = ['funded-office'] as const;
export type Start = (typeof starts)[number];

/** The days a start has passed when the drawn commands begin. */
export const startDays: Record<Start, number> = { 'funded-office': 31 };

/** What the fans and the office do in the first hour, each a few minutes after the one before. */
function fundedOfficeCommands(): Command[] {
  return [
    new JoinFan(),
    new JoinFan(),
    new JoinFan(),
    new FundPie(0, 2000, 'pays', false),
    new FundPie(1, 1000, 'pays', false),
    new FundPie(2, 2000, 'pays', false),
    new ClaimArtist(0, true),
    // After the pies started: the plays fall in their period
    new Listen(0, [0, 0, 0, 1], 4),
    new Listen(1, [0, 0, 2], 5),
    new Listen(2, [0, 0], 3),
  ];
}

/** Runs `start` on a fresh world: the model and product stand on its last day when it returns. */
export async function runStart(
  start: Start,
  engine: Engine,
  model: SimModel,
  real: SimReal,
  minutesBetweenCommands: number,
): Promise<void> {
  for (const [index, command] of fundedOfficeCommands().entries()) {
    engine.faults.enter(`start command ${index}`);
    tick(minutesBetweenCommands * 60_000);
    await command.run(model, real);
  }
  const days = startDays[start];
  engine.faults.enter('start month');
  await real.world.moveTo(simulationEpoch + (days - 1) * dayMs);
  model.days = days - 1;
  model.log.push(`days 1-${days - 1} pass`);
  model.days = days;
  model.log.push(`day ${days} passes`);
  await real.passDay(model);
}
