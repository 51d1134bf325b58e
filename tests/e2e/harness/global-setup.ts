import type { FullConfig } from '@playwright/test';
import { HUB_ENV, SocketWitnesses, WITNESS_IP_CANDIDATES, WITNESS_IP_ENV, WitnessPortsTaken, serveHub } from './socket-witness';

/**
 * Starts the run-wide TCP/UDP witnesses on their fixed ports (one set shared by all Playwright
 * workers), on the first loopback address whose ports no other run holds, and publishes that address
 * and the control endpoint to the workers through environment variables.
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const witnesses = await startOnFreeAddress(process.env[WITNESS_IP_ENV] ? [process.env[WITNESS_IP_ENV]] : WITNESS_IP_CANDIDATES);
  process.env[WITNESS_IP_ENV] = witnesses.ip;
  const hub = await serveHub(witnesses);
  process.env[HUB_ENV] = hub.url;
  return async () => {
    await hub.close();
    await witnesses.close();
  };
}

async function startOnFreeAddress(candidates: string[]): Promise<SocketWitnesses> {
  for (const ip of candidates) {
    const witnesses = new SocketWitnesses(ip);
    try {
      await witnesses.start();
      return witnesses;
    } catch (err) {
      if (!(err instanceof WitnessPortsTaken) || ip === candidates.at(-1)) throw err;
    }
  }
  throw new Error('no witness address to try');
}
