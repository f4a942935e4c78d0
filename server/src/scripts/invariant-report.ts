import type { InvariantResult } from '../modules/ledger/ledger.invariants.ts';

/** Prints each ledger invariant with its count of violations; true when every one holds. */
export const printInvariants = (results: InvariantResult[], command: string): boolean => {
  const width = Math.max(...results.map((r) => r.name.length));
  for (const r of results) {
    console.log(
      `${r.violations === 0 ? 'ok  ' : 'FAIL'}  ${r.name.padEnd(width)}  ${r.violations} violation(s)`,
    );
  }
  const failed = results.filter((r) => r.violations > 0).length;
  console.log(
    failed === 0
      ? `${command}: all ${results.length} invariants hold`
      : `${command}: ${failed} invariant(s) violated`,
  );
  return failed === 0;
};
