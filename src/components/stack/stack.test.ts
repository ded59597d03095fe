import { expect, fixture, html } from '@open-wc/testing';
import './define.js';
import '../text/define.js';
import { narrowBox, overflows } from '../../test-support/dom.js';
import type { AnswerStack } from './stack.js';

describe('answer-stack', () => {
  it('lays children out vertically by default', async () => {
    const el = await fixture<AnswerStack>(
      html`<answer-stack><answer-text text="a"></answer-text><answer-text text="b"></answer-text></answer-stack>`,
    );
    const [a, b] = [...el.children].map((c) => c.getBoundingClientRect());
    expect(b!.top).to.be.greaterThan(a!.bottom - 1);
    await expect(el).to.be.accessible();
  });

  it('puts children side by side when horizontal, and in one column at 320 px', async () => {
    const box = narrowBox(800);
    const el = await fixture<AnswerStack>(
      html`<answer-stack direction="horizontal"><answer-text text="a"></answer-text><answer-text text="b"></answer-text></answer-stack>`,
      { parentNode: box },
    );
    let [a, b] = [...el.children].map((c) => c.getBoundingClientRect());
    expect(Math.abs(a!.top - b!.top)).to.be.lessThan(1);
    expect(b!.left).to.be.greaterThan(a!.left);
    box.style.width = '320px';
    [a, b] = [...el.children].map((c) => c.getBoundingClientRect());
    expect(b!.top).to.be.greaterThan(a!.bottom - 1);
    expect(overflows(box)).to.be.false;
  });

  it('applies gap and alignment without centring text', async () => {
    const el = await fixture<AnswerStack>(
      html`<answer-stack gap="lg" align="center"><answer-text text="a"></answer-text><answer-text text="b"></answer-text></answer-stack>`,
    );
    const box = el.shadowRoot!.querySelector('.stack')!;
    expect(getComputedStyle(box).rowGap).to.equal('24px');
    expect(getComputedStyle(box).alignItems).to.equal('center');
    expect(getComputedStyle(el).textAlign).to.equal('start');
  });
});
