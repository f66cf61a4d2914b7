#!/usr/bin/env node
/**
 * counterpart-recon's launcher: plain JavaScript, so it runs from any folder after `npm ci`. It
 * registers tsx resolved from its own location (not the current folder's node_modules) and runs the
 * CLI's TypeScript source. Everything the CLI does is in ../src/cli.ts.
 */
import { register } from 'tsx/esm/api';

register();
const { runCommandLine } = await import('../src/cli.ts');
process.exitCode = await runCommandLine(process.argv.slice(2));
