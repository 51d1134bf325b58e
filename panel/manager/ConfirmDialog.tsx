// Context: manager page. A modal confirmation on the browser's own <dialog>: it takes focus, keeps Tab
// inside, and Escape cancels, so a keyboard user can answer it like any other. It carries the extension's
// mark (ExtensionMark.tsx).
import { createEffect, createUniqueId, type JSX } from 'solid-js';
import { ExtensionMark } from '../ExtensionMark';

export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: JSX.Element;
}) {
  let dialog!: HTMLDialogElement;
  const titleId = createUniqueId();
  createEffect(() => {
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  });
  return (
    <dialog
      ref={dialog}
      class="confirm"
      aria-labelledby={titleId}
      on:cancel={(e) => {
        // Escape: the parent decides what cancelling means (a restore also declines its approval).
        e.preventDefault();
        props.onCancel();
      }}
    >
      <ExtensionMark />
      <h3 id={titleId}>{props.title}</h3>
      {props.children}
      <div class="buttons">
        <button type="button" class={props.danger ? 'danger' : 'allow'} onClick={() => props.onConfirm()}>
          {props.confirmLabel}
        </button>
        <button type="button" onClick={() => props.onCancel()}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
