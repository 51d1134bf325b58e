// Context: background service worker. The root router served on every port: each branch is reachable
// only from the role bound to the port by the sender check.
import { t } from './trpc';
import { offscreenRouter } from '../routers/offscreen-router';
import { uiRouter } from '../routers/ui-router';

export const rootRouter = t.router({ offscreen: offscreenRouter as never, ui: uiRouter as never });
