// Prints the suite's closing line in the plain form CI reads ("N passed, N failed, N skipped"), from
// the JSON report vitest wrote (vitest.config.ts).
import { readFileSync } from 'node:fs';

const r = JSON.parse(readFileSync(new URL('../dist/test-results.json', import.meta.url), 'utf8'));
const skipped = r.numPendingTests + r.numTodoTests;
console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (r.numTotalTests === 0) {
  console.error('no test ran');
  process.exit(1);
}
