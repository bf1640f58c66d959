// The structure rules of the code, read from the source text alone (no compiler, no wasm): how long each
// function is, and which modules of web/ import which. tests/web/structure.test.ts applies them.
//
// What the scanner recognizes, and what it does not:
// - maskCode blanks out comments, string and character literals (C++ raw strings R"x(...)x" included),
//   TypeScript template literals (their ${...} parts stay code) and regular expression literals, and in
//   C++ the preprocessor lines; line breaks stay, so offsets and line numbers are those of the file. A `'`
//   inside a C++ number is a digit separator (1'000), not a character literal. A `/` starts a regular
//   expression after an operator, an opening bracket, a comma or a keyword such as `return`, and divides
//   after a name, a number or a closing bracket (so `if (x) /re/` is misread: nothing here writes that).
// - findFunctions then matches braces. Outside functions it reads the text before each `{` (the head):
//   a body follows `)` (C++ qualifiers, a trailing return type or a TypeScript return type may come
//   between), `=>`, a lambda's `]`, or `static` (a class's static block); a constructor's initializer
//   list may hold `member{...}`. namespace, class, struct, union, extern "C" and object literal bodies are
//   scanned for more functions; enum, interface, type and initializer braces are skipped. Everything
//   inside a function, lambdas and nested functions included, counts as part of that function. An arrow
//   without braces (`=> expression`) has no body to measure; a function type whose result is an object
//   type (`f: (a: A) => { b: B }`) reads as a one-line lambda, never a long one.
// - A function's length runs from the first line of its head (its signature, with `template <...>` or
//   `export` when they lead) to the line of its closing brace. Conditional compilation that opens a
//   brace in both branches of an #if would miscount: nothing here does that.

export type Language = 'cpp' | 'ts';

export interface FunctionSpan {
  name: string;
  startLine: number;
  endLine: number;
  lines: number;
}

export function languageOf(path: string): Language {
  return /\.(cpp|cc|h|hpp)$/.test(path) ? 'cpp' : 'ts';
}

const KEYWORDS_BEFORE_REGEX = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);

function blank(chars: string[], from: number, to: number): void {
  for (let i = from; i < to; i++) if (chars[i] !== '\n') chars[i] = ' ';
}

// The index just past a quoted literal that opens at `start` (the quote), escapes honoured.
function endOfQuoted(text: string, start: number): number {
  const quote = text[start];
  let i = start + 1;
  while (i < text.length && text[i] !== quote && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

function endOfRegex(text: string, start: number): number {
  let i = start + 1;
  let inClass = false;
  while (i < text.length && text[i] !== '\n') {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) break;
    i++;
  }
  i++;
  while (i < text.length && /[a-z]/.test(text[i])) i++;
  return i;
}

// Whether a `/` at `i` (not a comment) opens a regular expression, judged by the code before it.
function slashStartsRegex(chars: string[], i: number): boolean {
  let j = i - 1;
  while (j >= 0 && /\s/.test(chars[j])) j--;
  if (j < 0) return true;
  const c = chars[j];
  if (/[\w$]/.test(c)) {
    let k = j;
    while (k >= 0 && /[\w$]/.test(chars[k])) k--;
    return KEYWORDS_BEFORE_REGEX.has(chars.slice(k + 1, j + 1).join(''));
  }
  return !/[)\]}'"`]/.test(c);
}

// The identifier-like run that ends just before `i` (a literal's prefix, or the digits of a number).
function wordBefore(text: string, i: number): string {
  let k = i;
  while (k > 0 && /[\w.]/.test(text[k - 1])) k--;
  return text.slice(k, i);
}

function endOfRawString(text: string, quote: number): number {
  const open = text.indexOf('(', quote);
  const delimiter = text.slice(quote + 1, open);
  const close = text.indexOf(`)${delimiter}"`, open);
  return close < 0 ? text.length : close + delimiter.length + 2;
}

function endOfLineComment(text: string, i: number): number {
  const end = text.indexOf('\n', i);
  return end < 0 ? text.length : end;
}

function endOfBlockComment(text: string, i: number): number {
  const end = text.indexOf('*/', i + 2);
  return end < 0 ? text.length : end + 2;
}

// A preprocessor directive runs to the end of its line, and on past lines that end with a backslash.
function endOfDirective(text: string, i: number): number {
  let end = endOfLineComment(text, i);
  while (end < text.length && text[end - 1] === '\\') end = endOfLineComment(text, end + 1);
  return end;
}

/** The source with everything that is not code (comments, literals, directives) blanked to spaces. */
export function maskCode(text: string, language: Language): string {
  const chars = [...text];
  // One entry per open `{` in code: true where it is a template literal's `${`, to resume the literal.
  const braces: boolean[] = [];
  let atLineStart = true;
  let i = 0;
  const skip = (end: number, keepDelimiters: boolean): void => {
    blank(chars, keepDelimiters ? i + 1 : i, keepDelimiters ? end - 1 : end);
    i = end;
  };
  // Inside a template literal from `i`: blank up to its closing backquote or its next `${`.
  const templateText = (): void => {
    let j = i;
    while (j < text.length && text[j] !== '`' && !(text[j] === '$' && text[j + 1] === '{')) j += text[j] === '\\' ? 2 : 1;
    blank(chars, i, j);
    if (text[j] === '$') {
      braces.push(true);
      i = j + 2;
    } else i = j + 1;
  };
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '\n') atLineStart = true;
    else if (!/\s/.test(c) && c !== '#') atLineStart = false;
    if (c === '/' && next === '/') skip(endOfLineComment(text, i), false);
    else if (c === '/' && next === '*') skip(endOfBlockComment(text, i), false);
    else if (language === 'cpp' && c === '#' && atLineStart) skip(endOfDirective(text, i), false);
    else if (c === '"' && language === 'cpp' && /R$/.test(wordBefore(text, i))) skip(endOfRawString(text, i), true);
    else if (c === '"' || (c === "'" && !(language === 'cpp' && /^\d/.test(wordBefore(text, i))))) {
      skip(endOfQuoted(text, i), true);
    } else if (c === '`' && language === 'ts') {
      i++;
      templateText();
    } else if (c === '/' && language === 'ts' && slashStartsRegex(chars, i)) skip(endOfRegex(text, i), false);
    else if (c === '{') {
      braces.push(false);
      i++;
    } else if (c === '}' && braces.pop() === true) {
      i++;
      templateText();
    } else i++;
  }
  return chars.join('');
}

type HeadKind = 'function' | 'scope' | 'object' | 'skip' | 'skip-in-head';

const CPP_QUALIFIERS =
  /\)(?:\s*(?:const|volatile|noexcept(?:\s*\([^()]*\))?|override|final|mutable|constexpr|&&|&))*(?:\s*->[^{};]*)?\s*$/;
// `) : a_(x), b_{` : a constructor's initializer list, where `member{` initializes rather than opens the body.
const CPP_INITIALIZER_LIST = /\)(?:\s*(?:noexcept|&&|&))*\s*:(?!:)[^;]*[\w>]\s*$/;
// The same list complete: the `{` after `member(x)` or `member{x}` opens the constructor's body.
const CPP_INITIALIZED_BODY = /\)(?:\s*(?:noexcept|&&|&))*\s*:(?!:)[^;]*[)}]\s*$/;
const TS_RETURN_TYPE = /\)\s*:[^;=]*$|\)\s*:[^;]*=>[^;]*$/;

function endsWithWord(head: string, words: string): boolean {
  return new RegExp(`(?:^|[^\\w$])(?:${words})\\s*$`).test(head);
}

function hasWord(head: string, words: string): boolean {
  return new RegExp(`(?:^|[^\\w$])(?:${words})(?![\\w$])`).test(head);
}

// Whether the head holds an assignment `=` (not ==, <=, =>, operator=) outside brackets.
function assigns(head: string): boolean {
  let depth = 0;
  for (let i = 0; i < head.length; i++) {
    const c = head[i];
    if (c === '(' || c === '[' || c === '<') depth++;
    else if (c === ')' || c === ']' || (c === '>' && head[i - 1] !== '=')) depth = Math.max(0, depth - 1);
    else if (c === '=' && depth === 0 && !/[=!<>+\-*/%&|^]/.test(head[i - 1] ?? '') && !/[=>]/.test(head[i + 1] ?? '')) {
      return !/operator\s*$/.test(head.slice(0, i));
    }
  }
  return false;
}

function classifyCpp(head: string, parenDepth: number): HeadKind {
  if (parenDepth > 0) return 'skip-in-head';
  if (CPP_INITIALIZER_LIST.test(head)) return 'skip-in-head';
  if (CPP_INITIALIZED_BODY.test(head) || CPP_QUALIFIERS.test(head) || /\]\s*(?:mutable\s*)?$/.test(head)) return 'function';
  if (hasWord(head, 'enum')) return 'skip';
  if (assigns(head)) return 'skip-in-head';
  if (hasWord(head, 'namespace|class|struct|union|extern')) return 'scope';
  return 'skip-in-head';
}

const TS_SCOPE = /^\s*(?:(?:export|declare|abstract|default)\s+)*(?:class|namespace|module|global)(?![\w$])/;
const TS_TYPE = /^\s*(?:(?:export|declare|const)\s+)*(?:interface|type|enum)(?![\w$])/;

function classifyTs(head: string, parenDepth: number): HeadKind {
  // What a declaration starts with decides first: its braces are a body or a type, never a function.
  if (TS_TYPE.test(head)) return 'skip';
  if (TS_SCOPE.test(head) && !/[<|&]\s*$/.test(head) && !endsWithWord(head, 'extends')) return 'scope';
  if (/=>\s*$/.test(head) || /\)\s*$/.test(head)) return 'function';
  if (/\)\s*:\s*$/.test(head)) return 'skip-in-head'; // a return type written as an object type literal
  // A template literal's ${...}; a type literal in a type (`<{`, `| {`, `extends {`).
  if (/[$<|&]\s*$/.test(head) || endsWithWord(head, 'extends|keyof|typeof')) return 'skip-in-head';
  if (parenDepth === 0 && TS_RETURN_TYPE.test(head) && !assigns(head)) return 'function';
  if (parenDepth > 0 || /[=:?(,[]\s*$/.test(head) || endsWithWord(head, 'return|default')) return 'object';
  if (endsWithWord(head, 'static')) return 'function';
  if (hasWord(head, 'import|export')) return 'skip';
  return 'function'; // a block of code at the top level (try, else, a bare block)
}

const NAME_BEFORE_PARAMS = /(operator\s*(?:\(\)|\[\]|[^\s\w(]+)|\[[^\]]*\]|[~#$\w](?:[\w$:.~]|<[^()<>;]*>)*)\s*$/;

// The name a report gives a function, read from its head: the name before its parameters, the name an
// arrow function is assigned to, or the head's first words when there is neither.
function functionName(head: string, language: Language): string {
  let flat = head.replace(/\s+/g, ' ').trim();
  if (/=>$/.test(flat) || (language === 'cpp' && /\]\s*(?:mutable\s*)?$/.test(flat))) return `${lambdaName(flat)} (lambda)`;
  // A constructor's initializer list is not part of its name.
  if (language === 'cpp') flat = flat.replace(/(\)(?:\s*(?:noexcept|&&|&))*)\s*:(?!:).*$/, '$1');
  // The parameter list: in C++ the last group before the qualifiers, in TypeScript the first one.
  let depth = 0;
  let open = -1;
  for (let i = 0; i < flat.length; i++) {
    if (flat[i] === '(') {
      if (depth === 0 && (language === 'cpp' || open < 0)) open = i;
      depth++;
    } else if (flat[i] === ')') depth--;
  }
  if (open < 0) return flat.split(' ').slice(0, 2).join(' ') || '(block)';
  const name = NAME_BEFORE_PARAMS.exec(flat.slice(0, open));
  return name ? name[1].replace(/<[^()]*>$/, '') : flat.slice(0, open).trim() || '(anonymous)';
}

// What a lambda is assigned to (`const f = (a) =>`, `key: async () =>`), else the call it is passed to.
function lambdaName(flat: string): string {
  const assigned = /^(.*?)(?:=|:)\s*(?:async\s+)?(?:<[^>]*>\s*)?(?:\(|\[|[\w$]+\s*=>)/.exec(flat);
  const name = assigned ? /([\w$#.]+)\s*(?::[^:]*)?$/.exec(assigned[1]) : null;
  if (name) return name[1];
  const callee = /([\w$.]+)\s*\((?:[^()]*,)?\s*(?:async\s+)?(?:\(|\[|[\w$]+\s*=>)/.exec(flat);
  return callee ? `${callee[1]}(...)` : '(anonymous)';
}

// Braces already passed in a head (a type literal, an initializer) read as `{}`, so that the rules above
// see the head's own shape. Leading text is left as it is, so offsets before the first brace hold.
function collapseBraces(head: string): string {
  let flat = head;
  for (let inner = /\{[^{}]*\}/g; inner.test(flat); ) flat = flat.replace(inner, '\u0001');
  return flat.replaceAll('\u0001', '{}');
}

interface Frame {
  kind: HeadKind;
  // The head as it was when this brace opened, restored when it closes (for braces inside a head).
  outerHead: number;
  outerParens: number;
  name?: string;
  startLine?: number;
}

/** Every function of a source file with its first and last line, read from the text. */
export function findFunctions(text: string, language: Language): FunctionSpan[] {
  const code = maskCode(text, language);
  const lineStarts = [0];
  for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStarts.push(i + 1);
  const lineOf = (offset: number): number => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  const found: FunctionSpan[] = [];
  const stack: Frame[] = [];
  let headStart = 0;
  let parens = 0;
  // Inside a function or a skipped block only the braces count; elsewhere the head is read.
  const reading = (): boolean => stack.every((f) => f.kind === 'scope' || f.kind === 'object' || f.kind === 'skip-in-head');
  const classify = language === 'cpp' ? classifyCpp : classifyTs;
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (c === '{') {
      const top = stack[stack.length - 1];
      const frame: Frame = { kind: 'skip', outerHead: headStart, outerParens: parens };
      if (reading() && top?.kind !== 'skip-in-head') {
        const text = code.slice(headStart, i);
        const prefix = language === 'cpp' ? (/^\s*(?:public|private|protected)\s*:/.exec(text)?.[0].length ?? 0) : 0;
        const head = collapseBraces(text.slice(prefix));
        frame.kind = classify(head, parens);
        if (frame.kind === 'function') {
          const lead = head.search(/\S/);
          frame.name = functionName(head, language);
          frame.startLine = lineOf(lead < 0 ? i : headStart + prefix + lead); // a bare block starts at its brace
        }
      }
      stack.push(frame);
      headStart = i + 1;
      parens = 0;
    } else if (c === '}') {
      const frame = stack.pop();
      if (!frame) continue;
      if (frame.kind === 'function' && frame.name !== undefined && frame.startLine !== undefined) {
        const endLine = lineOf(i);
        found.push({ name: frame.name, startLine: frame.startLine, endLine, lines: endLine - frame.startLine + 1 });
      }
      if (frame.kind === 'skip-in-head' || frame.kind === 'object' || frame.outerParens > 0) {
        headStart = frame.outerHead;
        parens = frame.outerParens;
      } else {
        headStart = i + 1;
        parens = 0;
      }
    } else if (!reading()) continue;
    else if (c === '(' || c === '[') parens++;
    else if (c === ')' || c === ']') parens = Math.max(0, parens - 1);
    else if (parens === 0 && (c === ';' || (c === ',' && stack[stack.length - 1]?.kind === 'object'))) headStart = i + 1;
  }
  return found.sort((a, b) => a.startLine - b.startLine);
}

/** The module specifiers a TypeScript file imports: static, type-only, re-exports and import(). */
export function importSpecifiers(text: string): string[] {
  const code = maskCode(text, 'ts');
  const found: string[] = [];
  // The masked text keeps the quotes of a literal, so a match there is code; its contents come from text.
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^;'"`]*?\bfrom\s*(['"])/g,
    /\bimport\s*(['"])/g,
    /\bimport\s*\(\s*(['"])/g,
  ];
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) {
      const quote = (match.index ?? 0) + match[0].length - 1;
      const end = code.indexOf(match[1], quote + 1);
      if (end > quote) found.push(text.slice(quote + 1, end));
    }
  }
  return found;
}

/**
 * The import cycles of a module graph, one for each group of modules that reach each other (a strongly
 * connected component of more than one module, or one that imports itself): the shortest cycle through
 * the group's first module, as a list of modules that ends where it starts.
 */
export function importCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups.map((group) => shortestCycle(graph, group[0], new Set(group)));
}

function shortestCycle(graph: Map<string, string[]>, start: string, within: Set<string>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let q = 0; q < queue.length; q++) {
    const node = queue[q];
    for (const next of graph.get(node) ?? []) {
      if (!within.has(next)) continue;
      if (next === start) {
        const cycle = [start];
        for (let at: string | undefined = node; at !== start && at !== undefined; at = cameFrom.get(at)) cycle.push(at);
        return [start, ...cycle.slice(1).reverse(), start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}
