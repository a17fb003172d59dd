// What the test runner (test/run.ts) repeats of each failed test at the end of a run.

/**
 * The lines bun printed for each failed test: its error and code frame come before its `(fail)`
 * line, back to the previous test's line or file header; the file's name first. Only from before bun's closing list of
 * failures (which repeats the `(fail)` lines without their errors). A CI log is often read from its
 * end, where interleaved lanes would otherwise leave only `(fail) (unnamed)` to go on.
 */
export function failureExcerpts(output: string, most = 40): string[] {
  const lines = output.split("\n");
  const closing = lines.findIndex((l) => /^\d+ tests? failed:$/.test(l));
  const body = closing < 0 ? lines : lines.slice(0, closing);
  const excerpts: string[] = [];
  body.forEach((line, i) => {
    if (!line.startsWith("(fail)")) return;
    const file = body.slice(0, i).findLast((l) => /^\S.*\.\w+:$/.test(l));
    let from = i;
    while (from > 0 && i - from < most && !/^\((pass|fail|skip|todo)\)|^\S.*:$/.test(body[from - 1]!)) from--;
    excerpts.push([...(file ? [file] : []), ...body.slice(from, i + 1)].join("\n"));
  });
  return excerpts;
}
