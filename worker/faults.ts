// Context: background service worker, test builds only. Named fault-injection points: a test arms one
// (chrome.storage.session `remixletFault`), the worker stops there and says so (`remixletFaultHit`), and the
// test kills the worker over CDP, to show that no step of a save, activation or restore leaves anything torn.
// The packaged build compiles every call to nothing.
import { TEST_HOOKS } from '../contracts/build-flags';

export type FaultPoint = 'commit:between-version-and-head' | 'approval:after-marked-using' | 'approval:before-marked-used';

export async function faultPoint(name: FaultPoint): Promise<void> {
  if (!TEST_HOOKS) return;
  const { remixletFault } = (await chrome.storage.session.get('remixletFault')) as { remixletFault?: string };
  if (remixletFault !== name) return;
  await chrome.storage.session.remove('remixletFault');
  await chrome.storage.session.set({ remixletFaultHit: name });
  // Stand still until the test stops this worker.
  await new Promise<never>(() => undefined);
}
