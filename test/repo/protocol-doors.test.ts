import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/*
 * Each protocol is a room of its own behind one door (src/thread/link/protocol.ts):
 * the thread picks a protocol's door in one place, and nothing else asks which
 * protocol it speaks. A third protocol is one more folder of src/thread/link/.
 */

const root = fileURLToPath(new URL('../../src/', import.meta.url));
const sources = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'))
  .map((path) => ({ path, code: readFileSync(`${root}${path}`, 'utf8') }));

describe('one door per protocol', () => {
  it('branches on the protocol nowhere: no comparison with a protocol name', () => {
    const branching = sources
      .filter(({ code }) =>
        /(?<!url)\.protocol\s*[!=]==|['"]ag-ui['"]\s*[!=]==|[!=]==\s*['"]ag-ui['"]/.test(code),
      )
      .map(({ path }) => path);
    expect(branching).to.deep.equal([]);
  });

  it('picks the door by the protocol attribute in one place, the agent link', () => {
    const picking = sources
      .filter(({ code }) => /protocols\[[^\]]*protocol\]/.test(code))
      .map(({ path }) => path);
    expect(picking).to.deep.equal(['thread/link/agent-link.ts']);
  });

  it('gives each protocol a folder of its own under thread/link/', () => {
    const folders = readdirSync(`${root}thread/link`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders).to.deep.equal(['ag-ui', 'ai-sdk']);
    const doors = readFileSync(`${root}thread/link/streaming.chunk.ts`, 'utf8');
    expect(doors)
      .to.match(/'ai-sdk': aiSdkProtocol\(/)
      .and.match(/'ag-ui': agUi\.protocol\(/);
  });
});
