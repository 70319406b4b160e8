// The types of lint/office-gate.js, for the test that reads its list of reads without a right.
import type { ESLint } from 'eslint';

export declare const officeGateModule: string;
export declare const officeReadsWithoutRight: readonly {
  path: string;
  function?: string;
  reason: string;
}[];
export declare const officeGatePlugin: ESLint.Plugin;
