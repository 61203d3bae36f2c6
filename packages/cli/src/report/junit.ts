/**
 * A JUnit XML report (the format CI systems read test results in): suites
 * of test cases, each passed, failed (with messages) or skipped. Any text is
 * safe to put in: it is escaped for XML, and characters XML 1.0 cannot
 * hold at all (control characters, lone surrogates, U+FFFE and U+FFFF)
 * are written as U+FFFD.
 */

/** Why a test case failed. */
export interface JunitFailure {
  /** One line, shown as the failure's title. */
  readonly message: string;
  /** What kind of failure (`major`, `stale_exception`). */
  readonly type: string;
  /** The details, as many lines as needed. */
  readonly text?: string;
}

export interface JunitCase {
  readonly name: string;
  readonly classname: string;
  /** Seconds; 0 when not measured. */
  readonly time?: number;
  readonly failures?: readonly JunitFailure[];
  /** Why the case was skipped, when it was. */
  readonly skipped?: string;
  /** What the case printed: notes that are no failure. */
  readonly systemOut?: string;
}

export interface JunitSuite {
  readonly name: string;
  readonly cases: readonly JunitCase[];
  readonly time?: number;
}

// XML 1.0's Char production: tab, newline, carriage return, U+0020-U+D7FF, U+E000-U+FFFD, and the astral planes (as surrogate pairs in a JS string).
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\ud800-\udbff\udc00-\udfff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `text` with every character XML cannot hold replaced by U+FFFD. */
export function xmlSafe(text: string): string {
  return text.replace(NOT_XML, "\ufffd");
}

/** `text` as XML character data or an attribute value (quoted with `"`): `&`, `<`, `>`, `"` and `'` as entities; tab, newline and carriage return as character references, so an attribute keeps them. */
export function escapeXml(text: string): string {
  return xmlSafe(text).replace(/[&<>"'\t\n\r]/g, (character) => {
    switch (character) {
      case "&":
        return "&amp;";
      case "<":
        return "&lt;";
      case ">":
        return "&gt;";
      case '"':
        return "&quot;";
      case "'":
        return "&apos;";
      default:
        return `&#${character.charCodeAt(0)};`;
    }
  });
}

/** `text` as element content: as `escapeXml`, but newlines and tabs stay as they are, to be read as lines. */
function content(text: string): string {
  return xmlSafe(text).replace(/[&<>]/g, (character) => (character === "&" ? "&amp;" : character === "<" ? "&lt;" : "&gt;"));
}

function attributes(values: { readonly [name: string]: string | number }): string {
  return Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join("");
}

function caseXml(testCase: JunitCase): string {
  const head = `    <testcase${attributes({ name: testCase.name, classname: testCase.classname, time: testCase.time ?? 0 })}`;
  const body = [
    ...(testCase.failures ?? []).map((failure) => `      <failure${attributes({ message: failure.message, type: failure.type })}>${content(failure.text ?? failure.message)}</failure>\n`),
    ...(testCase.skipped === undefined ? [] : [`      <skipped${attributes({ message: testCase.skipped })}/>\n`]),
    ...(testCase.systemOut === undefined ? [] : [`      <system-out>${content(testCase.systemOut)}</system-out>\n`]),
  ];
  return body.length === 0 ? `${head}/>\n` : `${head}>\n${body.join("")}    </testcase>\n`;
}

function suiteXml(suite: JunitSuite): string {
  const failures = suite.cases.filter((testCase) => (testCase.failures ?? []).length > 0).length;
  const skipped = suite.cases.filter((testCase) => testCase.skipped !== undefined).length;
  const head = `  <testsuite${attributes({ name: suite.name, tests: suite.cases.length, failures, errors: 0, skipped, time: suite.time ?? 0 })}>\n`;
  return `${head}${suite.cases.map(caseXml).join("")}  </testsuite>\n`;
}

/** The report as one XML document: `<testsuites>` of the suites, totals on each element. */
export function junitXml(name: string, suites: readonly JunitSuite[]): string {
  const cases = suites.flatMap((suite) => suite.cases);
  const failures = cases.filter((testCase) => (testCase.failures ?? []).length > 0).length;
  const totals = attributes({ name, tests: cases.length, failures, errors: 0, skipped: cases.filter((testCase) => testCase.skipped !== undefined).length });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites${totals}>\n${suites.map(suiteXml).join("")}</testsuites>\n`;
}
