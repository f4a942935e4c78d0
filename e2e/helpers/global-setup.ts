import fs from 'node:fs';
import { AXE_REPORT } from './a11y.ts';

/** Each run of the journeys starts a new axe report. */
export default function setup() {
  fs.rmSync(AXE_REPORT, { force: true });
}
