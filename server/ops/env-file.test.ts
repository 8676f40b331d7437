import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { readAsShell, readAsSystemd, readingDifferences, unquotedValues } from './env-file';

/*
 * The settings templates are read by systemd (EnvironmentFile=) and by a shell
 * (`set -a; . file`): both must find the same values. systemd's own reader is reached
 * through its environment.d generator, which reads files with the same code as
 * EnvironmentFile= and prints the result; it also expands `$` and drops empty values,
 * which EnvironmentFile= does not, so it checks only `$`-free, non-empty settings.
 */

const TEMPLATES = ['.env.example'];
const GENERATOR = '/usr/lib/systemd/user-environment-generators/30-systemd-environment-d-generator';
const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'cv-env-file-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What systemd itself reads from `text`: its environment.d generator's output, decoded. */
async function readBySystemdItself(text: string): Promise<Map<string, string>> {
  const config = mkdtempSync(join(scratch, 'xdg-'));
  mkdirSync(join(config, 'environment.d'));
  writeFileSync(join(config, 'environment.d', '50-settings.conf'), text);
  const { stdout } = await run(GENERATOR, [], {
    env: { PATH: '/usr/bin:/bin', XDG_CONFIG_HOME: config },
  });
  return new Map(
    stdout
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => {
        const raw = line.slice(line.indexOf('=') + 1);
        return [line.slice(0, line.indexOf('=')), raw.startsWith('"') ? unescapeC(raw) : raw];
      }),
  );
}

/** The generator prints a value with blanks or quotes in C-escaped double quotes. */
function unescapeC(quoted: string): string {
  const named: Record<string, string> = { n: '\n', t: '\t', r: '\r' };
  return quoted
    .slice(1, -1)
    .replace(/\\(x[0-9a-f]{2}|.)/g, (_, escaped: string) =>
      escaped.length === 3
        ? String.fromCharCode(Number.parseInt(escaped.slice(1), 16))
        : (named[escaped] ?? escaped),
    );
}

const TRICKY = [
  '# a comment',
  '; also a comment',
  'PLAIN=value',
  'SPACED=  two words  ',
  "SINGLE='Classroom Voice <no-reply@school.example>'",
  'DOUBLE="say \\"hi\\" \\\\ \\x"',
  `JOINED='a'"b"`,
  `INNER=it's "kept"`,
  'ESCAPED=a\\ b\\\\c',
  'CONTINUED=one\\',
  'two',
  "MULTI='line one",
  "line two'",
  'PADDED_NAME =padded',
  'EMPTY=',
  'not a setting',
  'export EXPORTED=ignored by systemd',
  '',
].join('\n');

const TRICKY_AS_SYSTEMD = {
  PLAIN: 'value',
  SPACED: 'two words',
  SINGLE: 'Classroom Voice <no-reply@school.example>',
  DOUBLE: 'say "hi" \\ \\x',
  JOINED: 'ab',
  INNER: `it's "kept"`,
  ESCAPED: 'a b\\c',
  CONTINUED: 'onetwo',
  MULTI: 'line one\nline two',
  PADDED_NAME: 'padded',
  EMPTY: '',
};

describe('reading a settings file as systemd does', () => {
  it('follows EnvironmentFile= quoting, escapes, comments and continuations', () => {
    expect(Object.fromEntries(readAsSystemd(TRICKY))).toEqual(TRICKY_AS_SYSTEMD);
  });

  it.skipIf(!existsSync(GENERATOR))('agrees with systemd’s own reader', async () => {
    const bySystemd = await readBySystemdItself(TRICKY);
    const nonEmpty = Object.entries(TRICKY_AS_SYSTEMD).filter(([, value]) => value !== '');
    for (const [name, value] of nonEmpty) expect(bySystemd.get(name), name).toBe(value);
    expect(bySystemd.has('EXPORTED')).toBe(false);
  });

  it('reports a value that the shell would run as a command', async () => {
    const path = join(scratch, 'unquoted.env');
    const text = 'MAIL_FROM=Classroom Voice <no-reply@school.example>\nPORT=3001\n';
    writeFileSync(path, text);
    const differences = await readingDifferences(path, text);
    expect(differences).toEqual([expect.stringMatching(/^the shell cannot read it: /)]);
    expect(unquotedValues(text)).toEqual(['MAIL_FROM', 'PORT']);
    // Quoted the same text reads the same both ways.
    const quoted = "MAIL_FROM='Classroom Voice <no-reply@school.example>'\nPORT='3001'\n";
    writeFileSync(path, quoted);
    expect(await readingDifferences(path, quoted)).toEqual([]);
    expect(await readAsShell(path)).toEqual({
      variables: new Map([
        ['MAIL_FROM', 'Classroom Voice <no-reply@school.example>'],
        ['PORT', '3001'],
      ]),
    });
  });

  it('reports a value the two read differently', async () => {
    const path = join(scratch, 'differs.env');
    // A single quote inside single quotes: the shell's '\'' idiom means nothing to systemd.
    const text = "GREETING='it'\\''s'\n";
    writeFileSync(path, text);
    expect(await readingDifferences(path, text)).toEqual([
      `GREETING: systemd reads "it''s'", the shell "it's"`,
    ]);
  });
});

describe.each(TEMPLATES)('the settings template %s', (template) => {
  const text = readFileSync(template, 'utf8');

  it('quotes every value, so the shell and systemd read the same settings', async () => {
    expect(unquotedValues(text)).toEqual([]);
    expect(await readingDifferences(template, text)).toEqual([]);
  });

  it.skipIf(!existsSync(GENERATOR))('is read by systemd itself as by this reader', async () => {
    const bySystemd = await readBySystemdItself(text);
    for (const [name, value] of readAsSystemd(text)) {
      if (value === '' || value.includes('$')) continue;
      expect(bySystemd.get(name), name).toBe(value);
    }
  });

  it('leaves the port and RUN_JOBS to each unit', () => {
    // A shared file that set them would give every instance the same port and jobs.
    const settings = readAsSystemd(text);
    expect(settings.get('PORT')).toBe('');
    expect(settings.get('RUN_JOBS')).toBe('');
  });
});

describe('the settings docs/deploy.md tells an operator to write', () => {
  const guide = readFileSync('docs/deploy.md', 'utf8');
  const block = /set at least:\n\n( *)```sh\n([\s\S]*?)\n *```/.exec(guide);

  it('are quoted, so the shell and systemd read them alike', async () => {
    expect(block, 'the settings block of "First install on Debian"').not.toBeNull();
    const text = `${block![2]!.replaceAll(`\n${block![1]}`, '\n').replace(block![1]!, '')}\n`;
    const path = join(scratch, 'guide.env');
    writeFileSync(path, text);
    expect(readAsSystemd(text).get('MAIL_FROM')).toBe('Classroom Voice <no-reply@school.example>');
    expect(unquotedValues(text)).toEqual([]);
    expect(await readingDifferences(path, text)).toEqual([]);
  });
});
