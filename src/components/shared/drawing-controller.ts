import { PREPARE_PRINT } from '../../base/events.js';
import {
  html,
  type ReactiveController,
  type ReactiveControllerHost,
  type TemplateResult,
} from 'lit';

/** Page-wide changes that change the swatches' colours, the swatches' own transitions aside. */
const COLOUR_QUERIES = ['(prefers-color-scheme: dark)', '(forced-colors: active)'];

export interface DrawingOptions<Library> {
  /** Loads the drawing library, with `loadOnce`. */
  load: () => Promise<Library>;
  /** The box the drawing goes in; watched once the host has rendered it. */
  box: () => Element | null | undefined;
  /** The box came into view (again) and the library is loaded. */
  show: (library: Library) => void;
  /** The colour scheme, forced colours, a colour of the swatches or the direction changed: draw in what the page now says. */
  restyle: () => void;
  /** The box changed size. */
  resize?: () => void;
  /** The host left the page: free what the library made. */
  destroy: () => void;
}

/**
 * For an element that draws with a library outside Lit (chart.js on a
 * canvas, Leaflet's map): loads the library when the box first scrolls into
 * view (or the page is about to be printed), resolves the element's colours for it, says when they change, and
 * frees the drawing when the element leaves the page, but not when it only
 * moves: a keyed re-order disconnects and reconnects it at once.
 *
 * The host renders `swatches()` and adds `swatchStyles` to its styles.
 */
export class DrawingController<Library> implements ReactiveController {
  /** Whether the box has been in view; nothing is drawn before. */
  seen = false;

  private visibility?: IntersectionObserver;
  private size?: ResizeObserver;
  private colourQueries: MediaQueryList[] = [];

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: DrawingOptions<Library>,
  ) {
    host.addController(this);
  }

  hostConnected() {
    addEventListener('beforeprint', this.drawForPrint);
    addEventListener(PREPARE_PRINT, this.drawForPrint);
    this.colourQueries = COLOUR_QUERIES.map((query) => window.matchMedia(query));
    for (const query of this.colourQueries) query.addEventListener('change', this.options.restyle);
    this.watch();
  }

  /** The box exists once the host has first rendered. */
  hostUpdated() {
    if (!this.visibility && this.host.isConnected) this.watch();
  }

  hostDisconnected() {
    removeEventListener('beforeprint', this.drawForPrint);
    removeEventListener(PREPARE_PRINT, this.drawForPrint);
    for (const query of this.colourQueries)
      query.removeEventListener('change', this.options.restyle);
    this.visibility?.disconnect();
    this.size?.disconnect();
    this.visibility = this.size = undefined;
    queueMicrotask(() => {
      if (!this.host.isConnected) this.options.destroy();
    });
  }

  /**
   * Hidden elements whose colours are the named classes' `color`, for a
   * library that cannot read `light-dark()` tokens; `colours()` reads them.
   * They transition (the one that follows the colour scheme and the
   * direction always, the named ones where the host's styles say so), and
   * the end of a transition asks the host to restyle.
   */
  swatches(names: readonly string[]): TemplateResult {
    return html`<div class="swatches" aria-hidden="true" @transitionend=${this.options.restyle}>
      ${names.map((name) => html`<i class=${name}></i>`)}<i class="scheme"></i>
    </div>`;
  }

  /** The swatches' resolved colours, in the order of their names; empty before the first render. */
  colours(): string[] {
    const swatches = this.host.shadowRoot?.querySelectorAll('.swatches > :not(.scheme)') ?? [];
    return [...swatches].map((swatch) => getComputedStyle(swatch).color);
  }

  private watch() {
    const box = this.options.box();
    if (!box) return;
    this.visibility = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void this.show();
    });
    this.visibility.observe(box);
    const { resize } = this.options;
    if (resize) {
      this.size = new ResizeObserver(() => resize());
      this.size.observe(box);
    }
  }

  /** Paper shows what the reader has not scrolled to: it is drawn before printing. */
  private readonly drawForPrint = () => void this.show();

  private async show() {
    this.seen = true;
    const library = await this.options.load();
    if (this.host.isConnected) this.options.show(library);
  }
}
