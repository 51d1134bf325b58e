// Unit tests (Node): vitest's global setup, run once before the test files. Builds what several files share.
import type { TestProject } from 'vitest/node';
import { buildPageAgentBundle, PAGE_AGENT_BUNDLE_KEY } from './page-agent/bundle';

export default async function setup(project: TestProject): Promise<void> {
  project.provide(PAGE_AGENT_BUNDLE_KEY, await buildPageAgentBundle());
}
