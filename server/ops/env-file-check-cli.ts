import { readFileSync } from 'node:fs';
import { loadConfig } from '../platform/config';
import { readAsSystemd, readingDifferences, unquotedValues } from './env-file';

/*
 * npx tsx server/ops/env-file-check-cli.ts /etc/classroom-voice/env
 * Checks a settings file before the services use it: systemd and a shell must read the
 * same values (the units load it with EnvironmentFile=, an operator with `set -a; .`),
 * and the app must accept them. Exits 1 on a difference or an invalid setting.
 */

const path = process.argv[2];
if (!path) {
  console.error('Usage: npx tsx server/ops/env-file-check-cli.ts <settings file>');
  process.exit(2);
}
const text = readFileSync(path, 'utf8');
let failed = false;

const differences = await readingDifferences(path, text);
for (const difference of differences) console.error(`${path}: ${difference}`);
failed ||= differences.length > 0;

const unquoted = unquotedValues(text);
if (unquoted.length > 0) {
  console.warn(`${path}: put these values in single quotes: ${unquoted.join(', ')}`);
}

try {
  loadConfig(Object.fromEntries(readAsSystemd(text)));
} catch (error) {
  console.error(`${path}: ${(error as Error).message}`);
  failed = true;
}

if (failed) process.exit(1);
console.info(`${path}: systemd and the shell read the same settings, and the app accepts them`);
