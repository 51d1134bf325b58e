// Context: side panel. A permission card or an activation dialog. Every row is fixed extension text from
// the worker, and the sites are labels the worker built from each pattern's host ("shop.test", "every
// site", "some pages of …"), never a pattern's path; nothing the model wrote appears here but the remixlet's
// name, quoted as the name the assistant gave it. The "can do" list is computed from the files (contracts/can-do).
// It carries the extension's mark, which a model reply cannot draw (ExtensionMark.tsx).
import { For, Show } from 'solid-js';
import type { PendingApproval } from '../contracts/boundaries/panel-worker';
import { ExtensionMark } from './ExtensionMark';
import { CanDoList } from './CanDoList';
import { canDoChanges } from '../contracts/can-do/items';

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

/**
 * Who the card is for. The name is the one the assistant gave the remixlet (its manifest's, or its draft's in this
 * chat for a permission card, which comes before any save): quoted and said to be that, so it reads as a
 * label and not as the extension's words.
 */
function ForWhom(props: { approval: PendingApproval; draftName: string | undefined }) {
  const name = () => props.approval.name ?? (props.approval.kind === 'permissions' ? props.draftName : undefined);
  const unnamed = () => (props.approval.kind === 'permissions' ? 'For the remixlet the agent is writing in this chat; it has no name yet.' : 'For a remixlet without a name.');
  return (
    <p class="for-whom">
      <Show when={name()} fallback={unnamed()}>
        {(n) => (
          <>
            For the remixlet the agent named “<span class="assistant-name">{n()}</span>”
            {props.approval.kind === 'permissions' ? ', which it is writing in this chat.' : '.'}
          </>
        )}
      </Show>
    </p>
  );
}

// `answered`: the person has chosen; both buttons stay disabled so a second press cannot send a second answer.
// `draftName`: the name in this chat's draft, for a permission card.
export function ApprovalCard(props: { approval: PendingApproval; answered: boolean; draftName?: string; onDecide: (allow: boolean) => void }) {
  const isCard = () => props.approval.kind === 'permissions';
  return (
    <section class="approval" role="dialog" aria-labelledby={`t-${props.approval.approvalId}`} data-approval-kind={props.approval.kind}>
      <ExtensionMark />
      <h2 id={`t-${props.approval.approvalId}`}>{isCard() ? 'Remixlet needs permission' : 'Apply this remixlet?'}</h2>
      <ForWhom approval={props.approval} draftName={props.draftName} />
      <Show when={!isCard()}>
        <ul class="reasons">
          <For each={props.approval.reasons}>{(r) => <li>{REASON_TEXT[r] ?? r}</li>}</For>
        </ul>
        <p>Runs on: {props.approval.sites.join(', ')}</p>
      </Show>
      <ul class="rows">
        <For each={props.approval.rows}>{(row) => <li data-permission={row.name}>{row.text}</li>}</For>
      </ul>
      <Show when={props.approval.canDo}>
        {(items) => <CanDoList title={props.approval.canDoBefore ? 'What its code can do, and what changes' : 'What its code can do'} changes={canDoChanges(props.approval.canDoBefore, items())} />}
      </Show>
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
