// Context: side panel. A permission card or an activation dialog. Every row is fixed extension text from
// the worker, and the sites are labels the worker built from each pattern's host ("shop.test", "every
// site", "some pages of …"), never a pattern's path; nothing the model wrote appears here. It carries the
// extension's mark, which a model reply cannot draw (ExtensionMark.tsx).
import { For, Show } from 'solid-js';
import type { PendingApproval } from '../contracts/boundaries/panel-worker';
import { ExtensionMark } from './ExtensionMark';

const REASON_TEXT: Record<string, string> = {
  'new-sites': 'It would run on more sites than before.',
  // What the approval does not bound, said where the person decides (docs/guides/security-as-built.md, known gaps).
  'every-site':
    'It would run on every site. There its images, links and stylesheet may reach any host. Limiting it to some pages of a site is no boundary against that site, which can change its own address, and a site that forwards to any address can carry a link elsewhere.',
  'other-than-chat-site': 'It would run on sites other than this one.',
  'network-rules': 'It changes what pages load.',
  'narrowed-to-chat-site': 'It moves to just this site, keeping its permissions.',
  'new-permissions': 'It asks for new permissions.',
  restore: 'It brings back an older version.',
};

// `answered`: the person has chosen; both buttons stay disabled so a second press cannot send a second answer.
export function ApprovalCard(props: { approval: PendingApproval; answered: boolean; onDecide: (allow: boolean) => void }) {
  const isCard = () => props.approval.kind === 'permissions';
  return (
    <section class="approval" role="dialog" aria-labelledby={`t-${props.approval.approvalId}`} data-approval-kind={props.approval.kind}>
      <ExtensionMark />
      <h2 id={`t-${props.approval.approvalId}`}>{isCard() ? 'Remixlet needs permission' : 'Apply this remixlet?'}</h2>
      <Show when={!isCard()}>
        <ul class="reasons">
          <For each={props.approval.reasons}>{(r) => <li>{REASON_TEXT[r] ?? r}</li>}</For>
        </ul>
        <p>Runs on: {props.approval.sites.join(', ')}</p>
      </Show>
      <ul class="rows">
        <For each={props.approval.rows}>{(row) => <li data-permission={row.name}>{row.text}</li>}</For>
      </ul>
      <div class="buttons">
        <button type="button" class="allow" disabled={props.answered} onClick={() => props.onDecide(true)}>
          {isCard() ? 'Allow' : 'Allow and apply'}
        </button>
        <button type="button" class="deny" disabled={props.answered} onClick={() => props.onDecide(false)}>
          {isCard() ? 'Not now' : "Don't allow"}
        </button>
      </div>
    </section>
  );
}
