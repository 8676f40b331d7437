import { describe, expect, it } from 'vitest';
import { MediaTurns } from './turns';

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('media turns', () => {
  it('runs at most as many tools as slots, and never more, however they finish', async () => {
    const turns = new MediaTurns(2);
    let running = 0;
    let most = 0;
    const tasks = Array.from({ length: 12 }, (_, i) =>
      turns.run(i % 3 === 0 ? 'background' : 'interactive', async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, (i * 7) % 5));
        running -= 1;
      }),
    );
    await Promise.all(tasks);
    expect(most).toBe(2);
    expect(turns.load()).toEqual({
      running: { interactive: 0, background: 0 },
      waiting: { interactive: 0, background: 0 },
    });
  });

  it('keeps a slot from background work and starts waiting interactive work first', async () => {
    const turns = new MediaTurns(2);
    const renders = [gate(), gate(), gate()];
    const order: string[] = [];
    const background = renders.map((g, i) =>
      turns.run('background', async () => {
        order.push(`render ${i}`);
        await g.opened;
      }),
    );
    await Promise.resolve();
    // One render runs; the others wait, and one slot stays free for a teacher's upload.
    expect(turns.load().running).toEqual({ interactive: 0, background: 1 });
    await turns.run('interactive', async () => {
      order.push('upload');
    });
    const upload = gate();
    const held = turns.run('interactive', async () => {
      order.push('long upload');
      await upload.opened;
    });
    const waitingUpload = turns.run('interactive', async () => {
      order.push('second upload');
    });
    renders[0]!.open();
    await waitingUpload;
    upload.open();
    renders[1]!.open();
    renders[2]!.open();
    await Promise.all([...background, held]);
    expect(order).toEqual([
      'render 0',
      'upload',
      'long upload',
      'second upload',
      'render 1',
      'render 2',
    ]);
  });
});
