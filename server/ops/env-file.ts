import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

/*
 * One settings file, read two ways: by systemd (EnvironmentFile= in the units under
 * deploy/systemd) and by a POSIX shell (`set -a; . file`, as an operator does before
 * `npm run restore`). The two agree when every value is written `NAME='value'` (no single
 * quote inside) or left empty (`NAME=`). An unquoted value with a space or a `<` is a
 * value to systemd and a command to the shell: that is how an unquoted MAIL_FROM once
 * stopped a nightly backup that sourced the file.
 */

const NEWLINE = '\n\r';
const WHITESPACE = ' \t\n\r';
const COMMENT_START = '#;';
/** Backslash-escaped in double quotes, as in a shell; any other backslash stays. */
const DOUBLE_QUOTE_ESCAPES = '"\\`$';
const VALID_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

type State =
  | 'preKey'
  | 'key'
  | 'comment'
  | 'commentEscape'
  | 'preValue'
  | 'value'
  | 'valueEscape'
  | 'singleQuote'
  | 'doubleQuote'
  | 'doubleQuoteEscape';

/**
 * The variables systemd sets from this text as an EnvironmentFile=, following
 * systemd.exec(5) and systemd's own reader character by character: `#`/`;` comments (a
 * backslash at a comment's end continues it), lines without `=` ignored, an unquoted
 * value with backslash escapes and its unescaped trailing blanks dropped, quotes kept
 * when they are not the value's first character, `'…'` verbatim, `"…"` with shell escapes,
 * quoted parts and escapes joined, no `$` expansion, and invalid names ignored.
 */
export function readAsSystemd(text: string): Map<string, string> {
  const variables = new Map<string, string>();
  let state: State = 'preKey';
  let key = '';
  let value = '';
  // Where a run of unescaped blanks began at the end of the key or value, if it did.
  let keyBlankFrom: number | undefined;
  let valueBlankFrom: number | undefined;

  const finish = () => {
    const name = keyBlankFrom === undefined ? key : key.slice(0, keyBlankFrom);
    const kept = valueBlankFrom === undefined ? value : value.slice(0, valueBlankFrom);
    if (VALID_NAME.test(name)) variables.set(name, kept);
    key = '';
    value = '';
    keyBlankFrom = undefined;
    valueBlankFrom = undefined;
    state = 'preKey';
  };

  for (const c of text) {
    switch (state) {
      case 'preKey':
        if (COMMENT_START.includes(c)) state = 'comment';
        else if (!WHITESPACE.includes(c)) {
          state = 'key';
          key = c;
        }
        break;
      case 'key':
        if (NEWLINE.includes(c)) {
          key = '';
          keyBlankFrom = undefined;
          state = 'preKey';
        } else if (c === '=') state = 'preValue';
        else {
          if (!WHITESPACE.includes(c)) keyBlankFrom = undefined;
          else keyBlankFrom ??= key.length;
          key += c;
        }
        break;
      case 'comment':
        if (c === '\\') state = 'commentEscape';
        else if (NEWLINE.includes(c)) state = 'preKey';
        break;
      case 'commentEscape':
        state = 'comment';
        break;
      case 'preValue':
        if (NEWLINE.includes(c)) finish();
        else if (c === "'") state = 'singleQuote';
        else if (c === '"') state = 'doubleQuote';
        else if (c === '\\') state = 'valueEscape';
        else if (!WHITESPACE.includes(c)) {
          state = 'value';
          value += c;
        }
        break;
      case 'value':
        if (NEWLINE.includes(c)) finish();
        else if (c === '\\') {
          state = 'valueEscape';
          valueBlankFrom = undefined;
        } else {
          if (!WHITESPACE.includes(c)) valueBlankFrom = undefined;
          else valueBlankFrom ??= value.length;
          value += c;
        }
        break;
      case 'valueEscape':
        state = 'value';
        if (!NEWLINE.includes(c)) value += c;
        break;
      case 'singleQuote':
        if (c === "'") state = 'preValue';
        else value += c;
        break;
      case 'doubleQuote':
        if (c === '"') state = 'preValue';
        else if (c === '\\') state = 'doubleQuoteEscape';
        else value += c;
        break;
      case 'doubleQuoteEscape':
        state = 'doubleQuote';
        if (DOUBLE_QUOTE_ESCAPES.includes(c)) value += c;
        else if (c !== '\n') value += `\\${c}`;
        break;
    }
  }
  if (state !== 'preKey' && state !== 'key' && state !== 'comment' && state !== 'commentEscape') {
    finish();
  }
  return variables;
}

const run = promisify(execFile);

/** The variables set by `set -a; . file` in /bin/sh, or the shell's complaint. */
export async function readAsShell(
  path: string,
): Promise<{ variables: Map<string, string> } | { error: string }> {
  // set -e: a line the shell cannot run (an unquoted "<" or space) fails the read, as it
  // fails a script that sources the file under `set -eu`.
  const script = 'set -e; set -a; . "$1"; set +a; env -0';
  const clean = { PATH: '/usr/bin:/bin' };
  try {
    const [empty, file] = await Promise.all([
      run('/bin/sh', ['-c', 'env -0'], { env: clean }),
      // `.` looks a name without a slash up in PATH, not in the current folder.
      run('/bin/sh', ['-c', script, 'sh', resolve(path)], { env: clean }),
    ]);
    const own = new Set(entries(empty.stdout).map(([name]) => name));
    const variables = new Map(entries(file.stdout).filter(([name]) => !own.has(name)));
    return { variables };
  } catch (error) {
    const failed = error as { stderr?: string; message: string };
    return { error: (failed.stderr || failed.message).trim() };
  }
}

function entries(nulSeparated: string): [string, string][] {
  return nulSeparated
    .split('\0')
    .filter((entry) => entry.includes('='))
    .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]);
}

/** Each way systemd and the shell read the file differently; empty when they agree. */
export async function readingDifferences(path: string, text: string): Promise<string[]> {
  const bySystemd = readAsSystemd(text);
  const byShell = await readAsShell(path);
  if ('error' in byShell) return [`the shell cannot read it: ${byShell.error}`];
  const names = new Set([...bySystemd.keys(), ...byShell.variables.keys()]);
  const differences: string[] = [];
  for (const name of [...names].sort()) {
    const systemd = bySystemd.get(name);
    const shell = byShell.variables.get(name);
    if (systemd !== shell) {
      differences.push(`${name}: systemd reads ${shown(systemd)}, the shell ${shown(shell)}`);
    }
  }
  return differences;
}

const shown = (value: string | undefined) =>
  value === undefined ? 'nothing' : JSON.stringify(value);

/**
 * Settings whose value is neither empty nor quoted. Read alike today or not, they are one
 * edit away from a value the shell runs as a command.
 */
export function unquotedValues(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(line))
    .filter((line) => !/^[A-Za-z_][A-Za-z0-9_]*=(|'[^']*'|"([^"\\]|\\.)*")$/.test(line))
    .map((line) => line.slice(0, line.indexOf('=')));
}
