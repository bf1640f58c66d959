/**
 * The `hpastar` command's command line, read as the native `hpa` tool reads its own (cpp/cli/CommandLine.h):
 * the same forms, the same messages, the same command table (contract/CommandTable.h, generated into
 * COMMANDS): each command's flags, their defaults and ranges are read from it, not listed here.
 * @module
 */
import { COMMANDS, type CommandFlag, type CommandSpec } from '../generated/contract.ts';

/** A bad command line: printed with a pointer to `--help`, exit status 2. */
export class UsageError extends Error {}

/** The native tool's message for `--switch=value`: switches take no value. */
export function switchValueError(name: string, value: string): string {
  return `--${name} is a switch and takes no value (found "${value}"): give --${name} to turn it on, leave it out to keep the default`;
}

/** The package tool's command `name`, or undefined. */
export function packageCommand(name: string): CommandSpec | undefined {
  return COMMANDS.find((c) => c.package && c.name === name);
}

/** A bound or a default as the core's messages write it (OptionSchema.h: optionNumberText). */
export function numberText(value: number): string {
  return Number.isInteger(value) && Math.abs(value) < 1e15 ? String(value) : value.toFixed(6);
}

/** The core's "no upper bound": a maximum at the int32 limit. */
export const NO_LIMIT = 0x7fffffff;

/** A flag's help line, as the native tool's (cpp/cli/CommandLine.cpp): the name at `indent`, the doc from column `width`, its range and default. */
export function flagHelp(f: CommandFlag, indent: string, width: number): string {
  const flag = `${indent}--${f.name}${f.kind === 'switch' ? '' : ` ${f.value}`}`;
  let range = '';
  if (f.kind === 'integer' || f.kind === 'number') {
    range = f.max >= NO_LIMIT ? `${numberText(f.min)} or more` : `${numberText(f.min)}..${numberText(f.max)}`;
    const fallback = Number(f.default);
    if (fallback >= f.min && fallback <= f.max) range += `, default ${numberText(fallback)}`;
  } else if (f.kind === 'text' && f.default !== '') {
    range = `default ${String(f.default)}`;
  }
  return `${flag.padEnd(width)} ${f.doc}${range ? ` (${range})` : ''}\n`;
}

/** The help of the package tool's commands, from the table: synopsis, what each does, its own flags. */
export function commandsHelp(): string {
  let text = '';
  for (const c of COMMANDS.filter((c) => c.package)) {
    text += `  ${c.name}${c.operand ? ` ${c.operand}` : ''} [options]\n`;
    for (const line of c.doc.split('\n')) text += `      ${line}\n`;
    for (const f of c.flags.filter((f) => f.package)) text += flagHelp(f, '      ', 32);
    text += '\n';
  }
  return text;
}

/**
 * `--name value`, `--name=value` and `--switch` options after a command (`-o FILE` is `--out FILE`),
 * plus positional arguments. The command's own flags are its entry of the table; a planner's options
 * are read by name with their option table's ranges.
 * @throws UsageError - a switch given a value (`--no-smooth=no`), or an option without its value
 */
export class CommandLine {
  readonly positional: string[] = [];
  readonly #values = new Map<string, string>();
  readonly #spec: CommandSpec;
  #valueMissing = '';

  /** `plannerSwitches`: the planner's options that take no value, beside the command's switches. */
  constructor(args: readonly string[], spec: CommandSpec, plannerSwitches: ReadonlySet<string> = new Set()) {
    this.#spec = spec;
    const switches = new Set([...plannerSwitches, ...spec.flags.filter((f) => f.package && f.kind === 'switch').map((f) => f.name)]);
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      if (arg === '-o') {
        if (i + 1 >= args.length) throw new UsageError('option -o needs a value');
        this.#values.set('out', args[++i]!);
      } else if (arg.length > 2 && arg.startsWith('--')) {
        let name = arg.slice(2);
        let value = '1';
        const eq = name.indexOf('=');
        if (eq >= 0) {
          value = name.slice(eq + 1);
          name = name.slice(0, eq);
          // As natively: "--cache-paths=0" or "--no-smooth=no" would read as the opposite of what they
          // do (both switched the option on), so a switch given a value is refused.
          if (switches.has(name)) throw new UsageError(switchValueError(name, value));
        } else if (!switches.has(name)) {
          // The last argument, with no value: rejectUnknown says whether it is an unknown option or a
          // known one without its value (planner options are known only then), as natively.
          if (i + 1 >= args.length) {
            this.#valueMissing = name;
            break;
          }
          value = args[++i]!;
        }
        this.#values.set(name, value);
      } else {
        this.positional.push(arg);
      }
    }
  }

  has(name: string): boolean {
    return this.#values.has(name);
  }

  string(name: string, fallback: string): string {
    return this.#values.get(name) ?? fallback;
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const v = this.#values.get(name);
    if (v === undefined) return fallback;
    if (!/^[-+]?\d+$/.test(v)) throw new UsageError(`--${name} "${v}" is not an integer`);
    const n = Number(v);
    if (n < min || n > max) throw new UsageError(`--${name} ${v} is outside ${min}..${max}`);
    return n;
  }

  number(name: string, fallback: number, min: number, max: number): number {
    const v = this.#values.get(name);
    if (v === undefined) return fallback;
    const x = Number(v);
    if (v.trim() === '' || !Number.isFinite(x)) throw new UsageError(`--${name} "${v}" is not a number`);
    // The bounds as C++'s std::to_string(double) writes them, as in the native tool's message.
    if (x < min || x > max) throw new UsageError(`--${name} ${v} is outside ${min.toFixed(6)}..${max.toFixed(6)}`);
    return x;
  }

  /** The command's own flag `name` (a flag not in the table is the tool's mistake). */
  #flag(name: string, kind: CommandFlag['kind']): CommandFlag {
    const f = this.#spec.flags.find((f) => f.package && f.name === name);
    if (f?.kind !== kind) throw new Error(`--${name} is not a ${kind} flag of ${this.#spec.name} in the command table`);
    return f;
  }

  /** The command's integer flag: its default when left out, its range when given (at most 2^53 - 1: a Number). */
  integer(name: string): number {
    const f = this.#flag(name, 'integer');
    return this.int(name, Number(f.default), f.min, Math.min(f.max, Number.MAX_SAFE_INTEGER));
  }

  /** The command's text flag. */
  text(name: string): string {
    return this.string(name, String(this.#flag(name, 'text').default));
  }

  /** Throws naming the first option given that is neither the command's nor in `plannerOptions`. */
  rejectUnknown(plannerOptions: ReadonlySet<string> = new Set()): void {
    const known = (name: string) => this.#spec.flags.some((f) => f.package && f.name === name) || plannerOptions.has(name);
    for (const name of this.#values.keys()) {
      if (!known(name)) throw new UsageError(name === 'out' ? 'unknown option -o' : `unknown option --${name}`);
    }
    const missing = this.#valueMissing;
    if (missing) throw new UsageError(known(missing) ? `option --${missing} needs a value` : `unknown option --${missing}`);
  }
}
