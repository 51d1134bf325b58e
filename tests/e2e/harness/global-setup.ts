import type { FullConfig } from '@playwright/test';
import { HUB_ENV, SocketWitnesses, serveHub } from './socket-witness';

/**
 * Starts the run-wide TCP/UDP witnesses on their fixed ports (one set shared by all Playwright
 * workers) and publishes the control endpoint to the workers through an environment variable.
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const witnesses = new SocketWitnesses();
  await witnesses.start();
  const hub = await serveHub(witnesses);
  process.env[HUB_ENV] = hub.url;
  return async () => {
    await hub.close();
    await witnesses.close();
  };
}
