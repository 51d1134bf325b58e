// Context: extension UI pages (popup, manager). One remixlet's state in a line: working, not working here
// since a date, refused something, or stopped with an error, with what went wrong, and "Fix it" when
// something did. The words are the extension's; a refusal or error line is the remixlet's own log text.
import { Show } from 'solid-js';
import type { HealthReport } from '../../contracts/health';
import { canFix, verdictDetail, verdictText } from './health-text';

export function HealthLine(props: { report: HealthReport | undefined; name: string; onFix?: () => void }) {
  // Nothing to say before it ran here (a remixlet with only style.css never has a visit): no line at all.
  const v = () => (props.report?.verdict.state === 'no-visits' ? undefined : props.report?.verdict);
  return (
    <Show when={v()}>
      {(verdict) => (
        <div class="health" data-health={verdict().state}>
          <span class="health-state">{verdictText(verdict())}</span>
          <Show when={verdictDetail(verdict())}>{(d) => <span class="health-detail">{d()}</span>}</Show>
          <Show when={props.onFix && canFix(verdict())}>
            <button type="button" class="fix" aria-label={`Fix it: ${props.name}`} onClick={() => props.onFix?.()}>
              Fix it
            </button>
          </Show>
        </div>
      )}
    </Show>
  );
}
