// Context: background service worker. The one state model, in one place: archived beats everything,
// then the remixlet's own switch, then a paused site; an unsupported API version never runs.
import { SUPPORTED_API_VERSIONS } from '../../contracts/remixlet';
import { matchesUrl } from '../../contracts/policy/match-pattern';
import type { ActiveRemixlet } from '../store/remixlets';

export type RunVerdict = { runs: true } | { runs: false; code: 'REMIXLET_OFF' | 'SITE_PAUSED' | 'PAGE_NOT_MATCHED' | 'API_VERSION_UNSUPPORTED'; reason: string };

/** Whether the remixlet may act at all, whatever the page: what the page adds is runVerdict's. Schedules fire on this alone. */
export function stateVerdict(r: ActiveRemixlet, sitePaused: boolean): RunVerdict {
  if (r.head.archived) return { runs: false, code: 'REMIXLET_OFF', reason: 'This remixlet is archived; unarchive it in the manager to run it.' };
  if (!r.head.enabled) return { runs: false, code: 'REMIXLET_OFF', reason: 'This remixlet is switched off.' };
  if (!SUPPORTED_API_VERSIONS.includes(r.version.apiVersion)) {
    return {
      runs: false,
      code: 'API_VERSION_UNSUPPORTED',
      reason: `It was saved for API version ${r.version.apiVersion}, which this extension no longer runs; ask the agent to rewrite it.`,
    };
  }
  if (sitePaused) return { runs: false, code: 'SITE_PAUSED', reason: 'Every remixlet on this site is paused.' };
  return { runs: true };
}

export function runVerdict(r: ActiveRemixlet, url: string, sitePaused: boolean): RunVerdict {
  const state = stateVerdict(r, sitePaused);
  if (!state.runs) return state;
  if (!matchesUrl(r.manifest.matches, r.manifest.excludeMatches ?? [], url)) {
    return { runs: false, code: 'PAGE_NOT_MATCHED', reason: "This page is not one of the remixlet's sites." };
  }
  return { runs: true };
}
