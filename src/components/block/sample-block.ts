/*
 * The block a page whose first paint is a block validates while it is idle
 * (prepare.ts), so that its first real block finds every parser built.
 */

/** One element of each catalog component, with only the props they require. */
export const SAMPLE = {
  block_id: 'prepare',
  fallback_text: '',
  root: 'a',
  elements: {
    a: { type: 'Stack', props: {}, children: ['b'] },
    b: { type: 'Section', props: { title: '' }, children: ['c', 'd', 'e', 'f', 'g', 'h', 'i'] },
    c: { type: 'Text', props: { text: '' } },
    d: { type: 'Metric', props: { label: '', value: 0 } },
    e: { type: 'Table', props: { columns: [{ label: '' }], rows: [[0]] } },
    f: { type: 'Chart', props: { title: '', labels: [''], series: [{ name: '', values: [0] }] } },
    g: { type: 'Evidence', props: { title: '', items: [{ source: '' }] } },
    h: { type: 'MapLocation', props: { label: '', lat: 0, lng: 0 } },
    i: {
      type: 'FollowUpForm',
      props: { title: '', fields: [{ name: 'a', label: '', kind: 'text' }] },
    },
  },
};
