/*
 * The styles of an exported page: the theme's tokens with their light and dark values (as the
 * elements have them, `theme.styles.ts` and `chart.styles.ts`; a test holds the two the same),
 * picked by the reader's system, and print rules: light, no block cut by a page break.
 */

/** Each token's name, light value and dark value. */
export const PAGE_TOKENS: readonly [string, string, string][] = [
  ['text', '#1b1f24', '#e6e8eb'],
  ['muted', '#57606a', '#a4acb6'],
  ['surface', '#ffffff', '#16191d'],
  ['raised', '#f4f6f8', '#22262b'],
  ['border', '#d0d7de', '#3a4048'],
  ['accent', '#0b5cad', '#6cb2ff'],
  ['positive', '#1a7f37', '#4ac26b'],
  ['negative', '#c2272d', '#ff7b72'],
  ['chart-1', '#0b5cad', '#6cb2ff'],
  ['chart-2', '#c4501b', '#ff9a5c'],
  ['chart-3', '#1a7f37', '#4ac26b'],
  ['chart-4', '#8250df', '#b392f0'],
  ['chart-5', '#b08800', '#e3b341'],
  ['chart-6', '#bf3989', '#f778ba'],
  ['grid', '#e4e8ec', '#30363d'],
];

const tokens = (scheme: 1 | 2) =>
  PAGE_TOKENS.map((token) => `--${token[0]}:${token[scheme]};`).join('');

const series = [1, 2, 3, 4, 5, 6].map((k) => `.s${k}{--series:var(--chart-${k})}`).join('');

export const pageStyles = `
:root{color-scheme:light dark;${tokens(1)}}
@media (prefers-color-scheme:dark){:root{${tokens(2)}}}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;background:var(--surface);color:var(--text);
  font:15px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif}
main{max-width:48rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.5rem;margin:0 0 .5rem}
a{color:var(--accent)}
pre,code{font-family:ui-monospace,'SFMono-Regular',Menlo,Consolas,monospace;font-size:.875em}
pre{background:var(--raised);padding:.75rem;border-radius:6px;overflow:auto;white-space:pre-wrap}
blockquote{margin:.5rem 0;padding-inline-start:.75rem;border-inline-start:3px solid var(--border)}
.disclosure{display:inline-block;margin:0 0 1rem;padding:.125rem .5rem;border:1px solid var(--border);
  border-radius:999px;color:var(--muted);font-size:.8125rem}
.block{margin:1rem 0}
.card{background:var(--surface);border:1px solid var(--border);border-radius:8px;padding:1rem;margin:0}
.muted{color:var(--muted)}
.stack{display:flex;flex-direction:column}
.stack.horizontal{flex-flow:row wrap}
.stack.horizontal>*{flex:1 1 12rem;min-width:0}
.gap-none{gap:0}.gap-sm{gap:.5rem}.gap-md{gap:1rem}.gap-lg{gap:1.5rem}
section>h3,.card>h3,.card>h4{margin:0 0 .5rem}
.text{white-space:pre-wrap;margin:0}
.text.caption,.text.note{color:var(--muted);font-size:.875rem}
.metric p{margin:0}
.metric .label{color:var(--muted);font-size:.875rem}
.metric .value{font-size:1.75rem;font-weight:600;font-variant-numeric:tabular-nums}
.delta.good{color:var(--positive)}.delta.bad{color:var(--negative)}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
caption{text-align:start;font-weight:600;padding:.25rem 0}
th,td{padding:.375rem .5rem;border-bottom:1px solid var(--border);text-align:start;vertical-align:top}
thead th{background:var(--raised)}
.end{text-align:end}.center{text-align:center}
figure.chart figcaption{font-weight:600}
.legend{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;padding:0;margin:.25rem 0;
  font-size:.875rem}
.swatch{display:inline-block;width:.75rem;height:.75rem;border-radius:2px;margin-inline-end:.375rem;
  background:var(--series);vertical-align:-.05rem}
.plot{display:block;width:100%;height:auto;direction:ltr}
.plot .grid{stroke:var(--grid)}.plot .axis{stroke:var(--muted)}
.plot .tick{fill:var(--muted);font-size:12px}
.plot .bar{fill:var(--series)}
.plot .line polyline{fill:none;stroke:var(--series);stroke-width:2}
.plot .line circle{fill:var(--series)}
${series}
.summary{margin:.5rem 0}
.evidence ul{list-style:none;padding:0;margin:0}.evidence li+li{margin-top:.5rem}
.answers{list-style:none;padding:0;margin:0 0 .5rem}
.submitted{color:var(--positive);font-weight:600;margin:0}
.sources h2{font-size:1rem}
@media print{
:root{color-scheme:light;${tokens(1)}}
main{max-width:none;padding:0}
.card,.block,figure,table,tr{break-inside:avoid}
.scroll{overflow:visible}
a[href^="http"]::after{content:" (" attr(href) ")";font-size:.75em;color:var(--muted)}
}
@media (forced-colors:active){
.plot .bar,.plot .line circle,.swatch{fill:CanvasText;background:CanvasText}
.plot .line polyline{stroke:CanvasText}
}
`;
