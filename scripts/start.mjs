// Opens Chromium with the built extension on the bundled demo site. With no display it runs headless,
// drives one demo remixlet end to end and says where its screenshots went.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const headless = !process.env.DISPLAY;
const args = ['playwright', 'test', '-c', 'tests/demo/playwright.config.ts'];
if (!headless) args.push('--headed');
if (!existsSync('dist/manifest.json')) {
  console.error('dist/ is missing: run `npm run build` first.');
  process.exit(2);
}
const child = spawn('npx', args, { stdio: 'inherit', env: { ...process.env, REMIXLET_HEADED: headless ? '' : '1' } });
child.on('exit', (code) => {
  if (headless) console.log('\nNo display: ran headless. Screenshots of the demo are in test-results/demo/.');
  process.exit(code ?? 1);
});
