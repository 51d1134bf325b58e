// Context: extension UI pages (popup, manager). An on/off switch a keyboard can reach and flip: a button
// with role="switch", so assistive technology announces its name and whether it is on. While `busy` (its
// change is under way) it says so with aria-disabled and ignores presses; it is not made `disabled`, which
// would drop keyboard focus from the switch just pressed.
import './switch.css';

export function Switch(props: { on: boolean; label: string; busy?: boolean; onChange: (on: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      class="switch"
      aria-checked={props.on}
      aria-label={props.label}
      aria-disabled={props.busy ? 'true' : undefined}
      onClick={() => !props.busy && props.onChange(!props.on)}
    >
      <span class="switch-track" aria-hidden="true">
        <span class="switch-thumb" />
      </span>
      <span class="switch-text" aria-hidden="true">
        {props.on ? 'On' : 'Off'}
      </span>
    </button>
  );
}
