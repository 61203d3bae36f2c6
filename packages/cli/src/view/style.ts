/** The page's only style sheet, inline. */
export const PAGE_STYLE = [
  "body{font:14px/1.4 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1b1f24}",
  "header{background:#1b1f24;color:#fff;padding:16px 24px}h1{font-size:18px;margin:0}.summary{margin:4px 0 0;color:#c9d1d9}",
  ".timeline{list-style:none;margin:0;padding:16px 24px}",
  ".message{background:#fff;border:1px solid #d0d7de;border-radius:6px;margin:0 0 8px;padding:8px 12px}",
  // The two writers in two columns, as a sequence diagram draws them: the client (or host) on the left, the server (or CLI) on the right.
  ".message.from-left{margin-right:18%;border-left:6px solid #0969da}",
  ".message.from-right{margin-left:18%;border-right:6px solid #8250df;background:#fbf8ff}",
  ".side{border-radius:4px;padding:0 6px;font-size:12px;font-weight:600;color:#fff}.from-left .side{background:#0969da}.from-right .side{background:#8250df}",
  ".message.has-findings{box-shadow:0 0 0 2px #cf222e}",
  ".head{display:flex;gap:8px;align-items:baseline}.line{color:#57606a;min-width:3em;text-decoration:none}.title{font-family:ui-monospace,monospace}",
  ".answered,.repeated{margin-left:auto;color:#0969da}.repeated{color:#9a6700}",
  ".question{border:1px solid #d8dee4;border-radius:6px;margin:8px 0;padding:8px}",
  ".question-header{background:#ddf4ff;border-radius:4px;padding:0 6px;font-size:12px}.question-text{font-weight:600;margin:4px 0}",
  ".options{margin:0;padding-left:20px}.option-label{font-weight:500}.option-description{color:#57606a;margin-left:8px}",
  ".option-preview{background:#f6f8fa;padding:6px;overflow:auto;max-height:12em}.question-flags{color:#57606a;font-size:12px}",
  ".answer{background:#dafbe1;border-radius:6px;margin:8px 0;padding:8px}.answer-outcome{font-weight:600}.answer-question{color:#57606a}",
  ".findings{margin:8px 0;padding-left:20px}.finding.error{color:#cf222e}.finding.warning{color:#9a6700}.code{font-weight:600;margin-right:4px}",
  "details pre{background:#f6f8fa;padding:8px;overflow:auto;max-height:20em}",
].join("");
