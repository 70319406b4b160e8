// EventBridge Scheduler expressions, evaluated locally so the in-process scheduler fires jobs on the same
// expressions the stack deploys. Supports rate(...) and cron(...) with *, ?, lists, ranges and steps (UTC).

export type Schedule =
  | { kind: 'rate'; everyMs: number }
  | {
      kind: 'cron';
      minutes: Set<number>;
      hours: Set<number>;
      days: Set<number> | null;
      months: Set<number>;
      weekdays: Set<number> | null;
    };

const rateUnits: Record<string, number> = {
  minute: 60_000,
  minutes: 60_000,
  hour: 3_600_000,
  hours: 3_600_000,
  day: 86_400_000,
  days: 86_400_000,
};

const monthNames = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const dayNames = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

export function parseSchedule(expression: string): Schedule {
  const rate = /^rate\((\d+) (\w+)\)$/.exec(expression.trim());
  if (rate) {
    const amount = Number(rate[1]);
    const unit = rateUnits[rate[2] ?? ''];
    if (!unit || amount < 1) throw new Error(`Unsupported rate expression: ${expression}`);
    return { kind: 'rate', everyMs: amount * unit };
  }
  const cron = /^cron\((.+)\)$/.exec(expression.trim());
  if (!cron) throw new Error(`Not a schedule expression: ${expression}`);
  const fields = (cron[1] ?? '').split(/\s+/);
  if (fields.length !== 6) throw new Error(`A cron expression has 6 fields: ${expression}`);
  const [minute, hour, day, month, weekday] = fields as [string, string, string, string, string, string];
  if ((day === '?') === (weekday === '?')) {
    throw new Error(`Exactly one of day-of-month and day-of-week must be '?': ${expression}`);
  }
  return {
    kind: 'cron',
    minutes: parseField(minute, 0, 59, []),
    hours: parseField(hour, 0, 23, []),
    days: day === '?' ? null : parseField(day, 1, 31, []),
    months: parseField(month, 1, 12, monthNames),
    // EventBridge numbers weekdays 1 (SUN) to 7 (SAT); stored here as JavaScript's 0-6.
    weekdays:
      weekday === '?' ? null : new Set([...parseField(weekday, 1, 7, dayNames)].map((value) => value - 1)),
  };
}

function parseField(field: string, min: number, max: number, names: readonly string[]): Set<number> {
  const values = new Set<number>();
  for (const part of field.split(',')) {
    const [rangePart, stepPart] = part.split('/') as [string, string | undefined];
    const step = stepPart === undefined ? 1 : Number(stepPart);
    let from = min;
    let to = max;
    if (rangePart !== '*') {
      const [start, end] = rangePart.split('-') as [string, string | undefined];
      from = parseValue(start, names, min);
      to = end === undefined ? (stepPart === undefined ? from : max) : parseValue(end, names, min);
    }
    if (!Number.isInteger(step) || step < 1 || from < min || to > max || from > to) {
      throw new Error(`Unsupported cron field '${field}'`);
    }
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

function parseValue(token: string, names: readonly string[], offset: number): number {
  const named = names.indexOf(token.toUpperCase());
  if (named >= 0) return named + offset;
  if (!/^\d+$/.test(token)) throw new Error(`Unsupported cron value '${token}'`);
  return Number(token);
}

/** The first time strictly after `after` at which the schedule fires. */
export function nextRun(schedule: Schedule, after: Date, anchor: Date = after): Date {
  if (schedule.kind === 'rate') {
    const elapsed = after.getTime() - anchor.getTime();
    const periods = Math.floor(elapsed / schedule.everyMs) + 1;
    return new Date(anchor.getTime() + periods * schedule.everyMs);
  }
  const candidate = new Date(after.getTime());
  candidate.setUTCSeconds(0, 0);
  candidate.setUTCMinutes(candidate.getUTCMinutes() + 1);
  // At most a leap year of minutes; cron fields always match within that.
  for (let step = 0; step < 527_040; step += 1) {
    if (matches(schedule, candidate)) return candidate;
    candidate.setUTCMinutes(candidate.getUTCMinutes() + 1);
  }
  throw new Error('The schedule never fires');
}

function matches(schedule: Extract<Schedule, { kind: 'cron' }>, time: Date): boolean {
  return (
    schedule.minutes.has(time.getUTCMinutes()) &&
    schedule.hours.has(time.getUTCHours()) &&
    schedule.months.has(time.getUTCMonth() + 1) &&
    (schedule.days === null || schedule.days.has(time.getUTCDate())) &&
    (schedule.weekdays === null || schedule.weekdays.has(time.getUTCDay()))
  );
}

/**
 * Where rate schedules count their periods from locally: the Unix epoch, so `rate(30 minutes)` fires at :00 and :30
 * UTC whenever the product starts, and a moved clock finds the same instants again. (EventBridge counts from the
 * schedule's creation; only the phase differs.)
 */
export const rateAnchor = new Date(0);

/** Every instant in (after, until] at which the schedule fires, earliest first. */
export function dueInstants(schedule: Schedule, after: Date, until: Date, anchor: Date = rateAnchor): Date[] {
  const instants: Date[] = [];
  for (let at = nextRun(schedule, after, anchor); at <= until; at = nextRun(schedule, at, anchor)) {
    instants.push(at);
  }
  return instants;
}
