/** The report's styles. A failure is a word and a symbol first; colour and stripes only add to them. */
export const REPORT_STYLE = `
:root { --fail: #a4001d; --fail-bg: #fde8ec; --pass: #1d6b35; --pass-bg: #e9f6ec; --skip: #6b5b00; --skip-bg: #f7f3dc; --line: #c9ccd1; --muted: #5a5f66; --focus: #1a5fb4; }
* { box-sizing: border-box; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1b1d21; background: #fff; margin: 0; }
main { max-width: 1440px; margin: 0 auto; padding: 0 1.25rem 3rem; }
header.top { padding: 1rem 1.25rem .5rem; max-width: 1440px; margin: 0 auto; }
h1 { font-size: 1.5rem; margin: .25rem 0; }
h2 { font-size: 1.25rem; margin: 2rem 0 .5rem; border-bottom: 2px solid var(--line); padding-bottom: .25rem; }
h3 { font-size: 1.05rem; margin: 1.25rem 0 .4rem; }
h4 { font-size: .95rem; margin: .9rem 0 .3rem; }
h5 { font-size: .85rem; margin: .3rem 0; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
a { color: #0b4ea2; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
code, pre, .op, .step-name { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: .85em; }
.skip-link { position: absolute; left: -9999px; }
.skip-link:focus { left: 1rem; top: .5rem; background: #fff; padding: .4rem .7rem; border: 2px solid var(--focus); z-index: 2; }
.verdict { display: inline-block; font-weight: 700; font-size: 1.1rem; padding: .2rem .7rem; border: 3px solid; border-radius: 4px; }
.verdict-failed { color: var(--fail); background: var(--fail-bg); }
.verdict-passed { color: var(--pass); background: var(--pass-bg); }
dl.totals { display: flex; flex-wrap: wrap; gap: .5rem 1.75rem; margin: .75rem 0; }
dl.totals div { min-width: 7rem; }
dl.totals dt { color: var(--muted); font-size: .8rem; }
dl.totals dd { margin: 0; font-size: 1.15rem; font-weight: 600; }
.meta { color: var(--muted); font-size: .85rem; margin: .2rem 0; }
.mark { font-weight: 700; white-space: nowrap; }
.mark-failed { color: var(--fail); }
.mark-passed { color: var(--pass); }
.mark-skipped { color: var(--skip); }
form#filters { display: flex; flex-wrap: wrap; gap: .5rem 1.25rem; align-items: flex-start; padding: .75rem 1rem; background: #f4f5f7; border: 1px solid var(--line); border-radius: 6px; margin-top: 1.5rem; }
form#filters h2 { flex-basis: 100%; font-size: 1rem; margin: 0; padding: 0; border: 0; }
fieldset { border: 0; margin: 0; padding: 0; }
legend { font-weight: 600; font-size: .85rem; padding: 0; margin-bottom: .15rem; }
fieldset label { margin-right: .7rem; white-space: nowrap; }
form#filters button { font: inherit; padding: .25rem .7rem; margin-right: .4rem; border: 1px solid #8a9099; border-radius: 4px; background: #fff; cursor: pointer; }
#filter-status { margin: .3rem 0 0; font-size: .9rem; flex-basis: 100%; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: .5rem 0; }
caption { text-align: left; font-size: .85rem; color: var(--muted); padding: .2rem 0; caption-side: top; }
th, td { border: 1px solid var(--line); padding: .35rem .5rem; vertical-align: top; text-align: left; }
thead th { background: #f4f5f7; font-size: .85rem; }
td.num { text-align: right; white-space: nowrap; }
.matrix th[scope="row"] { min-width: 13rem; }
.matrix .op, .matrix .op-id, .matrix .perm { display: block; }
.matrix .op-id, .matrix .perm { color: var(--muted); font-size: .8rem; font-weight: 400; }
td.cell { min-width: 7rem; font-size: .85rem; }
td.cell span { display: block; }
td.cell .mark { font-size: .95rem; }
td.cell-passed { background: var(--pass-bg); }
td.cell-skipped { background: var(--skip-bg); }
td.cell-failed { background: repeating-linear-gradient(135deg, var(--fail-bg) 0 8px, #fff 8px 14px); outline: 3px solid var(--fail); outline-offset: -3px; }
td.cell .checks { margin-top: .2rem; }
.cell .reason { display: block; margin-top: .2rem; color: var(--muted); font-size: .75rem; }
.skip-heading, .skip-reasons { font-size: .85rem; color: var(--muted); margin: .3rem 0; }
td.muted { opacity: .35; }
ol.steps { padding-left: 1.5rem; margin: .3rem 0; }
li.step { margin: .35rem 0; padding: .3rem .5rem; border-left: 4px solid var(--pass); background: #fafbfc; }
li.step-failed { border-left: 6px double var(--fail); background: var(--fail-bg); }
.step-name { margin-left: .3rem; }
.passed-checks { display: block; color: var(--muted); font-size: .8rem; }
.step-failures { margin: .2rem 0; padding-left: 1.2rem; }
article.failure { border: 1px solid var(--line); border-left: 6px solid var(--fail); border-radius: 4px; padding: .25rem 1rem .75rem; margin: 1rem 0; }
section.failed-check { border-top: 1px dashed var(--line); margin-top: .5rem; }
.failed-check .step { color: var(--muted); font-weight: 400; margin-left: .4rem; }
.message { font-weight: 600; color: var(--fail); overflow-wrap: anywhere; }
.exchange { display: grid; grid-template-columns: repeat(auto-fit, minmax(22rem, 1fr)); gap: .75rem; }
pre { background: #f4f5f7; border: 1px solid var(--line); padding: .5rem .7rem; margin: 0; overflow: auto; max-height: 24rem; white-space: pre-wrap; overflow-wrap: anywhere; }
meter { width: 5rem; vertical-align: middle; }
.all-clear { font-weight: 600; color: var(--pass); }
table.cases th[scope="row"] { font-weight: 400; }
@media (prefers-reduced-motion: no-preference) { html { scroll-behavior: smooth; } }
`;
