// Issue 10 #7: the save-time checks of a 200 KB script.js and a 100 KB style.css against acorn and css-tree
// alone parsing the same files. Runs in Node (no browser); here so that `npm run bench` runs it too, and
// on its own with `npx tsx bench/save-checks/measure.ts`. Prints figures; asserts nothing.
import { test } from '@playwright/test';
import { formatSaveChecks, measureSaveChecks } from './save-checks/measure';

test('save-time checks vs acorn and css-tree alone', () => {
  for (const line of formatSaveChecks(measureSaveChecks())) console.log(line);
});
