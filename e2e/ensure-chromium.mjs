// Browser tests use Debian's Chromium, never a downloaded browser. Installs the `chromium`
// package when it is missing and we are root; otherwise fails with a message naming it.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  if (process.env.CHROMIUM_PATH) {
    console.error(`CHROMIUM_PATH=${path} does not exist.`);
    process.exit(1);
  }
  if (process.getuid?.() !== 0) {
    console.error(
      'Chromium is missing: install the Debian package `chromium` (sudo apt-get install chromium), or set CHROMIUM_PATH.',
    );
    process.exit(1);
  }
  console.log('Installing the Debian package `chromium` for the browser tests...');
  try {
    execSync('apt-get install -y --no-install-recommends chromium', { stdio: 'inherit' });
  } catch {
    execSync('apt-get update && apt-get install -y --no-install-recommends chromium', { stdio: 'inherit' });
  }
}
