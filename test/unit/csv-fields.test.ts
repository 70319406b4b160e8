import { describe, expect, it } from 'vitest';
import { escapeCsvField, writeDollars } from '../../frontend/src/lib/csv';

// CSV fields as the pie receipt and staff's tables write them: quoted when they must be, formulas defused, and
// amounts (negative ones too) left as numbers a spreadsheet can add up.
describe('escapeCsvField', () => {
  it.each([
    ['-10.00', '-10.00'],
    ['-7', '-7'],
    ['42', '42'],
    [-1000, '-1000'],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['-2+3', "'-2+3"],
    ['+1', "'+1"],
    ['@cmd', "'@cmd"],
    ['Basalt, "the band"', '"Basalt, ""the band"""'],
    [null, ''],
  ])('writes %j as %s', (value, written) => {
    expect(escapeCsvField(value)).toBe(written);
  });

  it('writes a negative amount in dollars that stays a number', () => {
    expect(escapeCsvField(writeDollars(-1000))).toBe('-10.00');
  });
});
