// Context: extension UI pages (popup, manager). A remixlet's health in words: what the popup and the
// manager say for each verdict and each visit. Pure; the verdict itself is contracts/health.ts's.
import type { HealthVerdict, VisitOutcome } from '../../contracts/health';

/** A date and time the person can place: "2 Dec, 17:40". */
export function whenText(at: number): string {
  return new Date(at).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/** One short line for a verdict, with what went wrong when there is something to say. */
export function verdictText(v: HealthVerdict): string {
  switch (v.state) {
    case 'working':
      return 'Working';
    case 'not-working':
      return `Not working here since ${whenText(v.since ?? Date.now())}`;
    case 'refused':
      return 'Refused something';
    case 'failing':
      return 'Stopped with an error';
    case 'no-visits':
      return 'Not run here yet';
  }
}

/** What the person reads under the state: the selectors that found nothing, or the refusal or error line. */
export function verdictDetail(v: HealthVerdict): string | undefined {
  if (v.state === 'not-working' && v.emptySelectors.length) return `Found nothing with ${v.emptySelectors.slice(0, 3).join(', ')}${v.emptySelectors.length > 3 ? ', …' : ''}`;
  if (v.state !== 'working' && v.state !== 'no-visits' && v.problem) return v.problem;
  return undefined;
}

/** Whether "Fix it" is offered: something is wrong with it on that page. */
export const canFix = (v: HealthVerdict): boolean => v.state === 'not-working' || v.state === 'failing' || v.state === 'refused';

export const OUTCOME_TEXT: Record<VisitOutcome, string> = {
  found: 'worked',
  missed: 'found nothing',
  quiet: 'did nothing here',
  refused: 'had a call refused',
  failed: 'stopped with an error',
};
