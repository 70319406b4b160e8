import { describe, expect, it } from 'vitest';
import { backgroundCapabilities } from '../../functions/contracts/capabilities';
import { envSchema } from '../../functions/runtime/env';
import { readStaffAlertEmail } from '../../infra/openpie-stack';
import { listOpenPieFunctions, readVariables, synthesize } from './synth';

// The staff address of the reconciliation mail (decision 038) is the stack's `staffAlertEmail` (`-c staffAlertEmail=…`,
// beside `alarmEmail`): only the functions whose capability row says they mail staff learn it (the consumer of
// reconciliation's findings, and every job, which mails a failed run), and a stack given none gives it to nobody.

const staffAlertEmail = 'money-desk@openpie.example';
const functionName = (fn: [string, { Properties?: Record<string, unknown> }]) =>
  String(fn[1].Properties?.['FunctionName']);

describe('the staff address', () => {
  it('reaches the scheduled jobs and the reconciliation-alerts consumer, and no other function', () => {
    // Prepare
    const resources = synthesize('dev', {}, { staffAlertEmail });

    // Act
    const told = listOpenPieFunctions(resources, 'dev')
      .filter((fn) => 'STAFF_ALERT_EMAIL' in readVariables(fn[1]))
      .map((fn) => [functionName(fn), readVariables(fn[1])['STAFF_ALERT_EMAIL']]);

    // Assess
    expect(backgroundCapabilities.consumers['reconciliation-alerts'].mailsStaff).toBe(true);
    expect(told.sort()).toEqual(
      [
        'consumer-reconciliation-alerts',
        ...Object.entries(backgroundCapabilities.jobs).map(([job, capabilities]) => {
          expect(capabilities.mailsStaff, job).toBe(true);
          return `job-${job}`;
        }),
      ]
        .map((name) => [`openpie-dev-${name}`, staffAlertEmail])
        .sort(),
    );
    expect(envSchema.shape.STAFF_ALERT_EMAIL.safeParse(staffAlertEmail).success).toBe(true);
  });

  it('reaches no function when the stack is given none', () => {
    const resources = synthesize('dev');
    const told = listOpenPieFunctions(resources, 'dev').filter(
      (fn) => 'STAFF_ALERT_EMAIL' in readVariables(fn[1]),
    );
    expect(told).toEqual([]);
  });

  it('fails synth when it is not an e-mail address, as the functions would at every cold start', () => {
    for (const bad of ['staff', 'staff@', 'Staff <staff@openpie.example>', 'a b@openpie.example']) {
      expect(() => readStaffAlertEmail(bad), bad).toThrow(/not an e-mail address/);
      expect(envSchema.shape.STAFF_ALERT_EMAIL.safeParse(bad).success, bad).toBe(false);
    }
    expect(readStaffAlertEmail(undefined)).toBeUndefined();
    expect(readStaffAlertEmail(staffAlertEmail)).toBe(staffAlertEmail);
  });
});
