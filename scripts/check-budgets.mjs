// The size budgets of the source, checked by CI (`pnpm run check:budgets`): no source file over
// 300 lines, no function over 80, and no more blocks of six or more lines written twice than
// `budgets.json` says. A file or function over budget is listed in `budgets.json` with why and
// how far it may grow (its size when listed), so the list can only shrink: an entry whose file
// or function is back within budget must be removed, as must one that names nothing.
//
//   node scripts/check-budgets.mjs            check, exit 1 on anything over budget
//   node scripts/check-budgets.mjs --base REV  also list the repeated blocks added since REV
//   node scripts/check-budgets.mjs --root DIR  check another checkout (its budgets.json and packages/)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const argAfter = (flag) => (process.argv.includes(flag) ? process.argv[process.argv.indexOf(flag) + 1] : undefined);
const ROOT = path.resolve(argAfter("--root") ?? path.join(import.meta.dirname, ".."));
const budgets = JSON.parse(fs.readFileSync(path.join(ROOT, "budgets.json"), "utf8"));
const base = argAfter("--base");

/** Every source file the budgets hold: `packages/*\/src`, without tests, fixtures and declarations. */
function sourceFiles() {
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!["node_modules", "dist", "__fixtures__"].includes(entry.name)) walk(full);
      } else if (/\.(ts|tsx|mts)$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name)) files.push(full);
    }
  };
  for (const pkg of fs.readdirSync(path.join(ROOT, "packages"))) {
    const src = path.join(ROOT, "packages", pkg, "src");
    if (fs.existsSync(src)) walk(src);
  }
  return files.map((file) => path.relative(ROOT, file).split(path.sep).join("/")).sort();
}

/** Each function of `file` with a body, by name (`Class.method`, or `(anonymous)` with its line), and its length in lines. */
function functionsOf(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const lineOf = (pos) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const nameOf = (node) => {
    const own = node.name?.getText(source) ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText(source) : undefined);
    const owner = ts.isClassLike(node.parent) ? node.parent.name?.getText(source) : undefined;
    if (own) return owner ? `${owner}.${own}` : own;
    // A callback is named by the function it is written in, so that its name survives an edit above it.
    for (let up = node.parent; up; up = up.parent) if (ts.isFunctionLike(up) && up.body) return `${nameOf(up)} (callback)`;
    return "(top-level callback)";
  };
  const visit = (node) => {
    if (ts.isFunctionLike(node) && node.body) found.push({ name: nameOf(node), lines: lineOf(node.end) - lineOf(node.getStart(source)) + 1 });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// Lines that say nothing of their own (blank, comments, imports, lone punctuation) are passed
// over, and white space is folded, so a repeated block is repeated logic, not repeated braces.
function significantLines(text) {
  const kept = [];
  let inImport = false; // inside an import or re-export that spans lines
  text.split("\n").forEach((raw, i) => {
    const line = raw.trim().replace(/\s+/g, " ");
    if (inImport) {
      if (/\bfrom ["']/.test(line)) inImport = false;
      return;
    }
    if (/^(import|export) (type )?\{$/.test(line)) {
      inImport = true;
      return;
    }
    if (line === "" || /^(\/\/|\/\*|\*)/.test(line) || /^(import\b|export (type )?\{[^}]*\} from|export \* from)/.test(line) || /^[\]{}()[;,.: ]+$/.test(line))
      return;
    kept.push({ line, at: i + 1 });
  });
  return kept;
}

const WINDOW = 6;

/** Each block of six or more significant lines that stands in two places, as `a:from-to ~ b:from-to`. */
function repeatedBlocks(files, texts) {
  const places = new Map();
  const lines = new Map();
  for (const file of files) {
    const kept = significantLines(texts.get(file));
    lines.set(file, kept);
    for (let i = 0; i + WINDOW <= kept.length; i++) {
      const key = kept
        .slice(i, i + WINDOW)
        .map((l) => l.line)
        .join("\n");
      if (!places.has(key)) places.set(key, []);
      places.get(key).push({ file, i });
    }
  }
  // Windows that follow each other in both places make one block.
  const blocks = new Map();
  for (const where of places.values()) {
    if (where.length < 2 || where.length > 8) continue; // more than eight places: boilerplate, not a copy
    for (let a = 0; a < where.length; a++) {
      for (let b = a + 1; b < where.length; b++) {
        const [x, y] = [where[a], where[b]];
        if (x.file === y.file && Math.abs(x.i - y.i) < WINDOW) continue;
        const pair = `${x.file}\0${y.file}\0${y.i - x.i}`;
        if (!blocks.has(pair)) blocks.set(pair, []);
        blocks.get(pair).push(x.i);
      }
    }
  }
  const found = [];
  for (const [pair, starts] of blocks) {
    const [fileA, fileB, shift] = pair.split("\0");
    const [a, b] = [lines.get(fileA), lines.get(fileB)];
    starts.sort((m, n) => m - n);
    for (let k = 0; k < starts.length; k++) {
      const from = starts[k];
      while (k + 1 < starts.length && starts[k + 1] === starts[k] + 1) k++;
      const end = starts[k];
      const at = (kept, i) => kept[i].at;
      found.push({
        a: { file: fileA, from: at(a, from), to: at(a, end + WINDOW - 1) },
        b: { file: fileB, from: at(b, from + Number(shift)), to: at(b, end + Number(shift) + WINDOW - 1) },
      });
    }
  }
  return found;
}

const files = sourceFiles();
const texts = new Map(files.map((file) => [file, fs.readFileSync(path.join(ROOT, file), "utf8")]));
const problems = [];
const listed = new Map(budgets.exceptions.map((e) => [e.function ? `${e.path}#${e.function}` : e.path, e]));
const used = new Set();

for (const file of files) {
  const text = texts.get(file);
  const lines = text.endsWith("\n") ? text.split("\n").length - 1 : text.split("\n").length;
  const own = listed.get(file);
  if (own) used.add(file);
  if (lines > budgets.fileLines) {
    if (!own)
      problems.push(`${file}: ${lines} lines, over the budget of ${budgets.fileLines}. Split it by what it holds (or list it in budgets.json with why).`);
    else if (lines > own.max)
      problems.push(`${file}: ${lines} lines, over the ${own.max} budgets.json allows it (${own.why}). Split it rather than raise the limit.`);
  } else if (own) problems.push(`${file}: ${lines} lines, within the budget of ${budgets.fileLines} now: remove its entry from budgets.json.`);
  for (const fn of functionsOf(file, text)) {
    const key = `${file}#${fn.name}`;
    const entry = listed.get(key);
    if (entry) used.add(key);
    if (fn.lines > budgets.functionLines) {
      if (!entry)
        problems.push(
          `${file}: function ${fn.name} has ${fn.lines} lines, over the budget of ${budgets.functionLines}. Split it (or list it in budgets.json with why).`,
        );
      else if (fn.lines > entry.max)
        problems.push(`${file}: function ${fn.name} has ${fn.lines} lines, over the ${entry.max} budgets.json allows it (${entry.why}).`);
    } else if (entry)
      problems.push(
        `${file}: function ${fn.name} has ${fn.lines} lines, within the budget of ${budgets.functionLines} now: remove its entry from budgets.json.`,
      );
  }
}
for (const key of listed.keys()) if (!used.has(key)) problems.push(`budgets.json lists ${key}, which names no source file or function: remove the entry.`);

const blocks = repeatedBlocks(files, texts);
const show = (b) => `${b.a.file}:${b.a.from}-${b.a.to} ~ ${b.b.file}:${b.b.from}-${b.b.to}`;
if (blocks.length > budgets.repeatedBlocks) {
  problems.push(
    `${blocks.length} blocks of ${WINDOW} or more lines stand in two places, more than the ${budgets.repeatedBlocks} budgets.json allows. Share one piece of code where the logic is the same:`,
  );
  for (const b of blocks) problems.push(`  ${show(b)}`);
} else if (blocks.length < budgets.repeatedBlocks) {
  problems.push(
    `${blocks.length} repeated blocks now, fewer than the ${budgets.repeatedBlocks} budgets.json allows: lower "repeatedBlocks" to ${blocks.length}.`,
  );
}

if (base) {
  // What a change adds: blocks one of whose places the change wrote (every line of it added since `base`).
  // Only the files a repeated block stands in are asked of git, each once.
  const added = new Map();
  const addedLines = (file) => {
    if (added.has(file)) return added.get(file);
    const diff = execFileSync("git", ["diff", "--unified=0", base, "--", file], { cwd: ROOT, encoding: "utf8" });
    const isNew = execFileSync("git", ["ls-files", "--", file], { cwd: ROOT, encoding: "utf8" }).trim() === "";
    const lines = texts.get(file).split("\n");
    const set = new Set(isNew ? lines.map((_, i) => i + 1) : []);
    for (const m of diff.matchAll(/^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/gm)) {
      for (let i = 0; i < Number(m[2] ?? 1); i++) set.add(Number(m[1]) + i);
    }
    added.set(file, { set, lines });
    return added.get(file);
  };
  const wrote = (side) => {
    const { set, lines } = addedLines(side.file);
    for (let l = side.from; l <= side.to; l++) if (!set.has(l) && lines[l - 1].trim() !== "") return false;
    return true;
  };
  const fresh = blocks.filter((b) => wrote(b.a) || wrote(b.b));
  console.log(
    fresh.length
      ? `Repeated blocks the change since ${base} wrote:\n${fresh.map((b) => `  ${show(b)}`).join("\n")}`
      : `No repeated block written since ${base}.`,
  );
}

if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(
  `Budgets hold: ${files.length} source files, none over ${budgets.fileLines} lines and no function over ${budgets.functionLines} but the ${budgets.exceptions.length} listed in budgets.json; ${blocks.length} repeated blocks (budget ${budgets.repeatedBlocks}).`,
);
