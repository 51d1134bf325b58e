// Context: background service worker. The UI router's ChatGPT procedures (only ports the sender check bound
// to the UI role reach them): account status, sign in, sign out, and the model relay.
import type { UiSpec } from '../../contracts/boundaries/panel-worker';
import type { HandlersOf } from '../../contracts/rpc';
import type { WorkerContext } from '../ports/trpc';
import { accountView, onAccountChanged, signOut, startSignIn } from './account';
import { relay } from './relay';

type ChatGptProcs = 'chatgptAccount' | 'chatgptSignIn' | 'chatgptSignOut' | 'chatgptRelay';

export const chatgptHandlers: Pick<HandlersOf<UiSpec, WorkerContext>, ChatGptProcs> = {
  chatgptAccount: () => (emit) => {
    void accountView().then(emit);
    return onAccountChanged(emit);
  },
  chatgptSignIn: () => startSignIn(),
  chatgptSignOut: () => signOut(),
  chatgptRelay: ({ input }) => relay(input),
};
