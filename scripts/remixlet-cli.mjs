#!/usr/bin/env node
// The remixlet command-line checker. It loads the TypeScript checks the extension itself runs (through
// tsx), so the extension and the command share one implementation.
import { tsImport } from 'tsx/esm/api';

const { runCli } = await tsImport('./cli/check.ts', import.meta.url);
const result = runCli(process.argv.slice(2));
for (const line of result.lines) process.stdout.write(`${line}\n`);
process.exitCode = result.code;
