// The house's figures for issue notes: arrows against the floors (per depcruise rule), import
// cycles, `as unknown as` casts, files over 400 lines and the median file length.
// Run: npx tsx bench/house-figures.ts
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const roots = ['packages', 'apps/server/src', 'apps/server/test', 'apps/web/src'];

function violationsByRule(args: string[]): Map<string, number> {
  let output = '';
  try {
    output = execFileSync('npx', ['depcruise', ...args, '--output-type', 'json'], {
      encoding: 'utf8',
      maxBuffer: 512 * 1024 * 1024,
    });
  } catch (error) {
    output = (error as { stdout: string }).stdout; // depcruise exits non-zero when rules are broken
  }
  const result = JSON.parse(output) as { summary: { violations: { rule: { name: string } }[] } };
  const counts = new Map<string, number>();
  for (const violation of result.summary.violations) {
    counts.set(violation.rule.name, (counts.get(violation.rule.name) ?? 0) + 1);
  }
  return counts;
}

function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...roots], {
    encoding: 'utf8',
  });
  return listed.split('\n').filter((path) => /\.(ts|tsx)$/.test(path) && !path.includes('/drizzle/'));
}

const files = sourceFiles();
const lengths: { path: string; lines: number }[] = [];
let casts = 0;
for (const path of files) {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    continue; // listed but deleted in the work tree
  }
  lengths.push({ path, lines: text.split('\n').length });
  casts += text.match(/as unknown as/g)?.length ?? 0;
}
const sorted = lengths.map((file) => file.lines).sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
const over400 = lengths.filter((file) => file.lines > 400).sort((a, b) => b.lines - a.lines);

console.log(`commit ${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()}`);
console.log('arrows against the floors (depcruise violations by rule):');
const fileRules = violationsByRule(roots);
// Folder cycles without the tests (.dependency-cruiser-folders.cjs); the file rules include them.
const folderRules = violationsByRule([
  'packages',
  'apps/server/src',
  'apps/web/src',
  '--config',
  '.dependency-cruiser-folders.cjs',
]);
const rules = [...fileRules, ...folderRules].sort();
if (rules.length === 0) console.log('  none');
for (const [rule, count] of rules) console.log(`  ${rule}: ${count}`);
console.log(`source files: ${lengths.length}, median ${median} lines, over 400 lines: ${over400.length}`);
console.log(`'as unknown as' casts: ${casts}`);
for (const file of over400) console.log(`  ${file.lines}\t${file.path}`);
