/**
 * The `hpastar` command's command line, read as the native `hpa` tool reads its own (cpp/cli/CommandLine.h):
 * the same forms, the same messages.
 * @module
 */

/** A bad command line: printed with a pointer to `--help`, exit status 2. */
export class UsageError extends Error {}

/** The native tool's message for `--switch=value`: switches take no value. */
export function switchValueError(name: string, value: string): string {
  return `--${name} is a switch and takes no value (found "${value}"): give --${name} to turn it on, leave it out to keep the default`;
}

/**
 * `--name value`, `--name=value` and `--switch` options after a command, plus positional arguments.
 * @throws UsageError - a switch given a value (`--no-smooth=no`), or an option without its value
 */
export class CommandLine {
  readonly positional: string[] = [];
  readonly #values = new Map<string, string>();

  constructor(args: readonly string[], switches: ReadonlySet<string>) {
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
          if (i + 1 >= args.length) throw new UsageError(`option --${name} needs a value`);
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

  rejectUnknown(known: ReadonlySet<string>): void {
    for (const name of this.#values.keys()) {
      if (!known.has(name)) throw new UsageError(name === 'out' ? 'unknown option -o' : `unknown option --${name}`);
    }
  }
}
