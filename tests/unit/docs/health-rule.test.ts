// The guides state the health rule in words a person reads; the numbers and the state names they give are
// the ones the code uses (contracts/health.ts, panel/health/health-text.ts), so changing one without the
// other fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HEALTH_VISITS, NOT_WORKING_AFTER, type HealthVerdict } from '../../../contracts/health';
import { verdictText } from '../../../panel/health/health-text';

const anatomy = readFileSync('docs/guides/anatomy.md', 'utf8');
const privacy = readFileSync('docs/guides/data-and-privacy.md', 'utf8');

describe('the health rule as the guides state it', () => {
  it('anatomy.md gives the number of missed visits in a row that NOT_WORKING_AFTER is', () => {
    const stated = [...anatomy.matchAll(/last (\d+) visits in a row/g)].map((m) => Number(m[1]));
    expect(stated).toEqual([NOT_WORKING_AFTER]);
  });

  it('anatomy.md names each state in the words the popup shows', () => {
    const words = (['working', 'not-working', 'refused', 'failing', 'no-visits'] as const).map((state) => {
      const v: HealthVerdict = { state, emptySelectors: [], since: 0 };
      // "Not working here since <date>": the guide gives the words before the date.
      return verdictText(v).replace(/ since .*$/, ' since');
    });
    for (const w of words) expect(anatomy).toContain(`**${w}**`);
  });

  it('data-and-privacy.md gives the number of visits HEALTH_VISITS keeps', () => {
    const stated = [...privacy.matchAll(/its last (\d+) visits/g)].map((m) => Number(m[1]));
    expect(stated).toEqual([HEALTH_VISITS]);
  });
});
