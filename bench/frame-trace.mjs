/**
 * What the long tasks of a Chrome trace spent their time on: for each task on the page's main
 * thread over the threshold (default 50 ms), the total time of its script, style, layout,
 * paint and garbage-collection events, and each layout's time ("forced" when script asked
 * for it). Reads what `bench/thread-frames.bench.ts --trace=<file.json>` writes.
 *
 *   node bench/frame-trace.mjs <file.json> [threshold ms]
 */
import { readFileSync } from 'node:fs';

const [file, threshold = '50'] = process.argv.slice(2);
if (!file) throw new Error('usage: node bench/frame-trace.mjs <trace.json> [threshold ms]');
const min = Number(threshold);
const raw = JSON.parse(readFileSync(file, 'utf8'));
const events = raw.traceEvents ?? raw;
const mains = new Set(
  events
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => `${e.pid}:${e.tid}`),
);
const onMain = events
  .filter((e) => e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`))
  .sort((a, b) => a.ts - b.ts);
const tasks = onMain.filter(
  (e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask',
);
const long = tasks.filter((t) => t.dur / 1000 >= min);
console.log(`${tasks.length} tasks, ${long.length} over ${min} ms`);
const counted = new Set([
  'FunctionCall',
  'EventDispatch',
  'FireAnimationFrame',
  'RunMicrotasks',
  'TimerFire',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'HitTest',
  'IntersectionObserverController::computeIntersections',
  'ResizeObserver::BroadcastObservations',
  'MinorGC',
  'MajorGC',
  'BlinkGC.AtomicPhase',
  'CppGC.AtomicMark',
  'V8.GCFinalizeMC',
]);
for (const task of long.slice(0, 40)) {
  const end = task.ts + task.dur;
  const totals = {};
  const layouts = [];
  for (const e of onMain) {
    if (e.ts < task.ts || e.ts + e.dur > end || e === task || !counted.has(e.name)) continue;
    totals[e.name] = (totals[e.name] ?? 0) + e.dur / 1000;
    if (e.name === 'Layout')
      layouts.push((e.dur / 1000).toFixed(1) + (e.args?.beginData?.stackTrace ? ' (forced)' : ''));
  }
  const parts = Object.entries(totals)
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
    .join(', ');
  console.log(`${(task.dur / 1000).toFixed(0)} ms: ${parts}\n   layouts: ${layouts.join(', ')}`);
}
