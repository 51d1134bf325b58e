// Context: extension UI pages (popup, manager). An on/off switch a keyboard can reach and flip: a button
// with role="switch", so assistive technology announces its name and whether it is on.
import './switch.css';

export function Switch(props: { on: boolean; label: string; onChange: (on: boolean) => void }) {
  return (
    <button type="button" role="switch" class="switch" aria-checked={props.on} aria-label={props.label} onClick={() => props.onChange(!props.on)}>
      <span class="switch-track" aria-hidden="true">
        <span class="switch-thumb" />
      </span>
      <span class="switch-text" aria-hidden="true">
        {props.on ? 'On' : 'Off'}
      </span>
    </button>
  );
}
