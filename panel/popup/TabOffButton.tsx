// Context: toolbar popup. The third state beside the switch (on or off everywhere) and "Pause this site":
// off in this tab only, until the tab closes or leaves the site. A toggle button that says its state in
// one fixed label and aria-pressed (pressed: off here); the worker enforces it and reloads the tab.
export function TabOffButton(props: { off: boolean; name: string; busy: boolean; onChange: (off: boolean) => void }) {
  return (
    <button
      type="button"
      class="tab-off"
      aria-pressed={props.off ? 'true' : 'false'}
      aria-label={`Off in this tab: ${props.name}`}
      aria-disabled={props.busy ? 'true' : undefined}
      onClick={() => !props.busy && props.onChange(!props.off)}
    >
      Off in this tab
    </button>
  );
}
