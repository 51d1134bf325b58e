// Context: manager page. A remixlet's health on its card: its state on the page it last ran on, its last
// visits in a short list, and "Fix it" when something is wrong, which opens that page with the chat.
// Follows the worker's reports, so it changes while the manager is open.
import { For, Show } from 'solid-js';
import type { RemixletSummary } from '../../contracts/remixlet';
import { asRefusal } from '../../contracts/trpc-errors';
import { HealthLine } from '../health/HealthLine';
import { OUTCOME_TEXT, whenText } from '../health/health-text';
import { fixFromManager } from '../health/fix-from-manager';
import { healthReportOf } from './health-reports';
import '../health/health.css';

const pathOf = (page: string) => {
  try {
    const u = new URL(page);
    return `${u.host}${u.pathname}`;
  } catch {
    return page;
  }
};

export function HealthHistory(props: { remixlet: RemixletSummary; onStatus: (text: string) => void }) {
  const report = () => healthReportOf(props.remixlet.id);
  const fix = () => {
    const url = report()?.verdict.url;
    if (!url) return;
    fixFromManager(props.remixlet.id, url).then(
      () => props.onStatus(`Opened ${url} with the chat to fix "${props.remixlet.name}".`),
      (e: unknown) => props.onStatus(`That did not work: ${asRefusal(e).reason}`),
    );
  };
  return (
    <Show when={report() && report()!.recent.length > 0}>
      <section class="health-history" aria-label={`Health of ${props.remixlet.name}`}>
        <HealthLine report={report()} name={props.remixlet.name} onFix={fix} />
        <ol class="health-visits" aria-label="Recent visits">
          <For each={[...report()!.recent].reverse()}>
            {(v) => (
              <li data-outcome={v.outcome}>
                {whenText(v.at)} · {pathOf(v.page)} · {OUTCOME_TEXT[v.outcome]}
              </li>
            )}
          </For>
        </ol>
      </section>
    </Show>
  );
}
