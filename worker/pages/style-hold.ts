// Context: background service worker, test builds only. Lets a real-browser test hold every style.css
// insertion until it lets them go (`remixletHoldStyles()`, `remixletReleaseStyles()` on the worker's global,
// called over CDP), so that it can show that a page does not paint before its style.css is in, whatever the
// timing (tests/e2e/page-agent/style-gate.spec.ts). The packaged build compiles it to nothing.
import { TEST_HOOKS } from '../../contracts/build-flags';

let held: Promise<void> | undefined;
let release: (() => void) | undefined;

if (TEST_HOOKS) {
  Object.defineProperty(globalThis, 'remixletHoldStyles', {
    value: () => {
      held ??= new Promise<void>((resolve) => (release = resolve));
    },
  });
  Object.defineProperty(globalThis, 'remixletReleaseStyles', {
    value: () => {
      release?.();
      held = release = undefined;
    },
  });
}

/** While a test holds insertions: settles when it lets them go. */
export function styleHold(): Promise<void> | undefined {
  return TEST_HOOKS ? held : undefined;
}
