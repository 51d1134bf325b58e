// What "not working" means (contracts/health.ts): visits are folded from what crossed the worker (dom
// answers, log lines), and the verdict flags a remixlet whose queries come back empty three visits in a
// row on a page it worked on, but not one that finds nothing on a page it was never meant to change.
import { describe, expect, test } from 'vitest';
import {
  EMPTY_HEALTH,
  HEALTH_FOUND_PAGES,
  HEALTH_SELECTORS,
  HEALTH_VISITS,
  NOT_WORKING_AFTER,
  RemixletHealth,
  healthVerdict,
  pageKeyOf,
  startedVisit,
  withDomAnswers,
  withLogLine,
  withObserved,
  withVisit,
  type VisitHealth,
} from '../../../contracts/health';
import { keepMissLine } from '../../../contracts/keep-miss';

const HANDLE = { h: 'h1', tag: 'div' };
let clock = 1_000;
let ids = 0;

/** One visit to `url` in which `sel` was queried and found something (or not). */
function visit(url: string, sel: string, found: boolean): VisitHealth {
  const v = startedVisit(`s${++ids}`, (clock += 1_000), url);
  return withDomAnswers(v, [{ op: 'query', sel }], [{ ok: true, value: found ? HANDLE : null }]);
}

function visits(...vs: VisitHealth[]): RemixletHealth {
  return vs.reduce(withVisit, EMPTY_HEALTH);
}

describe('healthVerdict', () => {
  test('a remixlet whose only query finds nothing three visits in a row is not working, since the first of them', () => {
    const worked = visit('https://news.test/', '.headline', true);
    const misses = Array.from({ length: NOT_WORKING_AFTER }, () => visit('https://news.test/', '.headline', false));
    const verdict = healthVerdict(visits(worked, ...misses));
    expect(verdict.state).toBe('not-working');
    expect(verdict.since).toBe(misses[0]!.at);
    expect(verdict.emptySelectors).toEqual(['.headline']);
  });

  test('two misses in a row are not yet enough, and a visit that finds it again ends the run', () => {
    const page = 'https://news.test/';
    const two = visits(visit(page, '.headline', true), visit(page, '.headline', false), visit(page, '.headline', false));
    expect(healthVerdict(two).state).toBe('working');
    const recovered = visits(
      visit(page, '.headline', true),
      ...Array.from({ length: NOT_WORKING_AFTER }, () => visit(page, '.headline', false)),
      visit(page, '.headline', true),
    );
    expect(healthVerdict(recovered).state).toBe('working');
  });

  test('one that never found anything anywhere is not working after three empty visits', () => {
    const health = visits(...Array.from({ length: NOT_WORKING_AFTER }, () => visit('https://shop.test/cart', '#total', false)));
    expect(healthVerdict(health).state).toBe('not-working');
  });

  test('a page it was never meant to change is not flagged: it finds nothing there, but works on another page', () => {
    const article = 'https://news.test/article/1';
    const home = 'https://news.test/';
    const health = visits(visit(article, '.byline', true), ...Array.from({ length: 5 }, () => visit(home, '.byline', false)));
    expect(healthVerdict(health, pageKeyOf(home)).state).toBe('working');
    // Positive control: the same empty visits on the page it worked on do flag it.
    const broke = visits(visit(article, '.byline', true), ...Array.from({ length: 5 }, () => visit(article, '.byline', false)));
    expect(healthVerdict(broke, pageKeyOf(article)).state).toBe('not-working');
  });

  test('visits that queried nothing neither break nor continue a run', () => {
    const page = 'https://news.test/';
    const quiet = () => startedVisit(`s${++ids}`, (clock += 1_000), page);
    const health = visits(visit(page, '.a', true), visit(page, '.a', false), quiet(), visit(page, '.a', false), quiet(), visit(page, '.a', false));
    expect(healthVerdict(health).state).toBe('not-working');
  });

  test('a selector that found nothing beside one that found something is a working visit (optional elements)', () => {
    const page = 'https://news.test/';
    const mixed = () =>
      withDomAnswers(
        startedVisit(`s${++ids}`, (clock += 1_000), page),
        [
          { op: 'query', sel: '.headline' },
          { op: 'queryAll', sel: '.cookie-banner' },
        ],
        [
          { ok: true, value: HANDLE },
          { ok: true, value: [] },
        ],
      );
    expect(healthVerdict(visits(mixed(), mixed(), mixed(), mixed())).state).toBe('working');
  });

  test('a keep whose repair did not hold counts as a missed visit', () => {
    const page = 'https://news.test/';
    const missed = () => withLogLine(visit(page, '.promo', true), { level: 'warn', message: keepMissLine('no promos', 3, 250) });
    expect(healthVerdict(visits(missed(), missed(), missed())).state).toBe('not-working');
    // Positive control: another warning is not a keep miss.
    const warned = () => withLogLine(visit(page, '.promo', true), { level: 'warn', message: 'rmx.keep("no promos"): something else' });
    expect(healthVerdict(visits(warned(), warned(), warned())).state).toBe('working');
  });

  test('the latest visit throwing is failing, a refused call is refused, and each says what happened', () => {
    const page = 'https://news.test/';
    const threw = withLogLine(visit(page, '.a', true), { level: 'error', message: 'Uncaught TypeError: x is undefined' });
    expect(healthVerdict(visits(threw))).toMatchObject({ state: 'failing', problem: 'Uncaught TypeError: x is undefined' });
    const refused = withLogLine(visit(page, '.a', true), { level: 'refusal', message: 'dom.click refused: the link leaves the site' });
    expect(healthVerdict(visits(refused))).toMatchObject({ state: 'refused', problem: 'dom.click refused: the link leaves the site' });
    expect(healthVerdict(visits(threw, visit(page, '.a', true))).state).toBe('working');
  });

  test('with no visit to the page there is nothing to say', () => {
    expect(healthVerdict(EMPTY_HEALTH).state).toBe('no-visits');
    expect(healthVerdict(visits(visit('https://a.test/', '.x', true)), pageKeyOf('https://b.test/')).state).toBe('no-visits');
  });
});

describe('recording', () => {
  test('waitFor and queryAll count; a refused query and non-query ops do not', () => {
    const v = withDomAnswers(
      startedVisit('s', 1, 'https://a.test/'),
      [
        { op: 'waitFor', sel: '.late' },
        { op: 'queryAll', sel: '.rows' },
        { op: 'query', sel: '.refused' },
        { op: 'hide' },
      ],
      [{ ok: true, value: HANDLE }, { ok: true, value: [] }, { ok: false }, { ok: true, value: null }],
    );
    expect(v.found).toEqual(['.late']);
    expect(v.empty).toEqual(['.rows']);
  });

  test('a selector found later in the visit is no longer empty', () => {
    let v = startedVisit('s', 1, 'https://a.test/');
    v = withDomAnswers(v, [{ op: 'query', sel: '.x' }], [{ ok: true, value: null }]);
    v = withDomAnswers(v, [{ op: 'query', sel: '.x' }], [{ ok: true, value: HANDLE }]);
    v = withDomAnswers(v, [{ op: 'query', sel: '.x' }], [{ ok: true, value: null }]);
    expect(v).toMatchObject({ found: ['.x'], empty: [] });
  });

  test('an element an observer reported counts as found', () => {
    const v = withObserved(withDomAnswers(startedVisit('s', 1, 'https://a.test/'), [{ op: 'query', sel: '.x' }], [{ ok: true, value: null }]), 2);
    expect(healthVerdict(visits(v, { ...v, visitId: 't' }, { ...v, visitId: 'u' })).state).toBe('working');
  });

  test('the record stays bounded however much a remixlet does', () => {
    let health = EMPTY_HEALTH;
    for (let i = 0; i < HEALTH_VISITS * 2; i++) {
      const url = `https://site${i}.test/`;
      const ops = Array.from({ length: HEALTH_SELECTORS * 3 }, (_, j) => ({ op: 'query', sel: `.s${j}-${'x'.repeat(500)}` }));
      const v = withDomAnswers(startedVisit(`s${i}`, i, url), ops, ops.map((_, j) => ({ ok: true, value: j % 2 ? HANDLE : null })));
      health = withVisit(health, withLogLine(v, { level: 'error', message: 'e'.repeat(5_000) }));
    }
    expect(RemixletHealth.safeParse(health).success).toBe(true);
    expect(health.visits).toHaveLength(HEALTH_VISITS);
    expect(health.foundOn.length).toBeLessThanOrEqual(HEALTH_FOUND_PAGES);
  });

  test('one visit recorded twice (saved again as it goes on) is one visit', () => {
    const v = visit('https://a.test/', '.x', true);
    expect(withVisit(withVisit(EMPTY_HEALTH, v), { ...v, errors: 1 }).visits).toEqual([{ ...v, errors: 1 }]);
  });

  test('pages are told apart by path, not by item number or query', () => {
    expect(pageKeyOf('https://a.test/item/123?x=1')).toBe(pageKeyOf('https://a.test/item/456#top'));
    expect(pageKeyOf('https://a.test/item/123')).not.toBe(pageKeyOf('https://a.test/cart'));
  });
});
