/**
 * A planner's command-line options, read from the core's declaration of its option struct
 * (cpp/contract/OptionSchema.h, exported as `hierarchyOptionFields()` and `shpaOptionFields()`): the
 * tool lists, parses, checks and documents them without naming any, as the native tool does
 * (cpp/cli/OptionFlags.h), with its messages.
 * @module
 */
import type { RawOptionField } from 'hpastar:raw';
import { type CommandLine, NO_LIMIT, numberText, UsageError } from './commandLine.ts';

/** The options (without "--") that set a field. */
export function optionFlags(fields: readonly RawOptionField[]): string[] {
  return fields.flatMap((f) => (f.cli === null ? [] : [f.cli]));
}

/** Those that take no value. */
export function optionSwitches(fields: readonly RawOptionField[]): string[] {
  return fields.flatMap((f) => (f.cli !== null && f.kind === 'boolean' ? [f.cli] : []));
}

/** "a", "a or b", "a, b or c". */
function orList(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)!}`;
}

/**
 * The fields given on the command line, by name (the others are left to the planner's defaults).
 * @throws UsageError - a value of the wrong type or out of the field's range, in the native tool's words
 */
export function readOptionFlags(cmd: CommandLine, fields: readonly RawOptionField[]): Record<string, number | boolean | string> {
  const options: Record<string, number | boolean | string> = {};
  for (const f of fields) {
    if (f.cli === null || !cmd.has(f.cli)) continue;
    if (f.kind === 'integer') options[f.name] = cmd.int(f.cli, 0, f.min, f.max);
    else if (f.kind === 'number') options[f.name] = cmd.number(f.cli, 0, f.min, f.max);
    else if (f.kind === 'boolean') options[f.name] = f.switchSets;
    else {
      const value = cmd.string(f.cli, '');
      if (!f.choices.includes(value)) throw new UsageError(`--${f.cli} "${value}" is not ${orList(f.choices)}`);
      options[f.name] = value;
    }
  }
  return options;
}

/** One line per option: `"  --cluster N   side of a level-1 cluster, in cells (2..1024, default 10)"`. */
export function optionFlagsHelp(fields: readonly RawOptionField[]): string {
  let text = '';
  for (const f of fields) {
    if (f.cli === null) continue;
    let flag = `  --${f.cli}`;
    let range = '';
    if (f.kind === 'integer' || f.kind === 'number') {
      flag += f.kind === 'integer' ? ' N' : ' X';
      const bounds = f.max >= NO_LIMIT ? `${numberText(f.min)} or more` : `${numberText(f.min)}..${numberText(f.max)}`;
      range = ` (${bounds}, default ${numberText(Number(f.default))})`;
    } else if (f.kind === 'choice') {
      flag += ' NAME';
      range = ` (default ${String(f.default)})`;
    }
    text += `${flag.padEnd(28)} ${f.doc}${range}\n`;
  }
  return text;
}
