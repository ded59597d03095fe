/*
 * The chart.js chunk: only what line and bar charts need, registered once.
 * Imported dynamically, so a page without charts never fetches it.
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';

Chart.register(LineController, BarController, LineElement, BarElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

export { Chart };
