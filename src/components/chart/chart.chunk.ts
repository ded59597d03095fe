/*
 * The chart.js chunk: only what line and bar charts need, registered once,
 * the configuration the elements give it, and how a chart reads without sight.
 * Imported dynamically, so a page without charts never fetches it.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

Chart.register(
  LineController,
  BarController,
  LineElement,
  BarElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Legend,
  Tooltip,
);

export { Chart };
export { chartConfiguration } from './chart-config.js';
export { addPrintStyles, readersView, showPoint, walk } from './chart-reading.js';
