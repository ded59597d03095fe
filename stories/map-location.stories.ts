import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing } from 'lit';
import '../src/index.js';
import { LOCAL_TILES } from './fixtures.js';

interface MapArgs {
  label: string;
  lat: number;
  lng: number;
  zoom: number;
  description?: string;
  featureId?: string;
}

/** Waits until Leaflet has been loaded and the map created (it is loaded lazily). */
async function mapShown(canvasElement: HTMLElement) {
  const maps = [...canvasElement.querySelectorAll('answer-map-location')];
  const deadline = Date.now() + 5000;
  while (maps.some((map) => !map.leafletMap) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
}

const meta: Meta<MapArgs> = {
  title: 'Components/MapLocation',
  component: 'answer-map-location',
  args: {
    label: 'Pump station 4',
    lat: 52.5163,
    lng: 13.3777,
    zoom: 14,
    description: 'Outlet valve V-12 is in the valve room behind the generator.',
    featureId: 'pump-4',
  },
  argTypes: {
    label: { control: 'text' },
    lat: { control: { type: 'number', min: -90, max: 90, step: 0.0001 } },
    lng: { control: { type: 'number', min: -180, max: 180, step: 0.0001 } },
    zoom: { control: { type: 'range', min: 0, max: 19, step: 1 } },
    description: { control: 'text' },
    featureId: {
      name: 'feature-id',
      control: 'text',
      description: 'Passed on with answer-map-locate when the reader presses "Locate"',
    },
  },
  render: (args) => html`<answer-map-location
    style="max-width: 40rem"
    label=${args.label}
    .lat=${args.lat}
    .lng=${args.lng}
    .zoom=${args.zoom}
    description=${args.description ?? nothing}
    feature-id=${args.featureId ?? nothing}
  ></answer-map-location>`,
  play: async ({ canvasElement }) => mapShown(canvasElement),
  // The tile source is page-wide (configureAnswerUI), so one Docs page can only show one: the local tile.
  parameters: { answerMap: LOCAL_TILES },
};
export default meta;

type Story = StoryObj<MapArgs>;

/**
 * Without `configureAnswerUI({ map })` there are no tiles: the marker on a plain background.
 * (`null`, not `undefined`, overrides the file's tile source; off the Docs page, where the tile source is shared.)
 */
export const WithoutTiles: Story = { parameters: { answerMap: null }, tags: ['!autodocs'] };

/** Tiles from a local PNG served by Storybook (`stories/assets/tile.png`); no network. */
export const WithTiles: Story = {
  parameters: { answerMap: LOCAL_TILES },
};

export const NoDescription: Story = {
  args: { description: undefined, featureId: undefined, label: 'Brandenburg Gate' },
  parameters: { answerMap: LOCAL_TILES },
};

export const LongLabel: Story = {
  args: {
    label:
      'Regional water authority, pumping station number four (north-eastern district, next to the old railway depot)',
    description:
      'The station supplies the hospital district. Access through the gate on the service road; the key is kept at the night-shift office on the ground floor of the main building.',
  },
};

export const SouthernHemisphere: Story = {
  args: { label: 'Hobart depot', lat: -42.8821, lng: 147.3272, zoom: 10, description: undefined },
  parameters: { answerMap: LOCAL_TILES },
};
