export type MediaWork = 'interactive' | 'background';

/**
 * Turns for media tools: `slots` at once. Waiting interactive work (someone is waiting on
 * the answer) is started before waiting background work, and background work never holds
 * every slot, so a long render cannot make a teacher's upload wait for it.
 */
export class MediaTurns {
  private readonly slots: number;
  private readonly backgroundSlots: number;
  private running = { interactive: 0, background: 0 };
  private readonly waiting: Record<MediaWork, Array<() => void>> = {
    interactive: [],
    background: [],
  };

  constructor(slots: number) {
    this.slots = Math.max(1, Math.floor(slots));
    this.backgroundSlots = Math.max(1, this.slots - 1);
  }

  async run<T>(work: MediaWork, task: () => Promise<T>): Promise<T> {
    if (this.mayStart(work)) this.running[work] += 1;
    // Woken by startNext, which has already counted this task as running.
    else await new Promise<void>((start) => this.waiting[work].push(start));
    try {
      return await task();
    } finally {
      this.running[work] -= 1;
      this.startNext();
    }
  }

  load() {
    return {
      running: { ...this.running },
      waiting: {
        interactive: this.waiting.interactive.length,
        background: this.waiting.background.length,
      },
    };
  }

  private mayStart(work: MediaWork): boolean {
    const total = this.running.interactive + this.running.background;
    if (total >= this.slots) return false;
    return work === 'interactive' || this.running.background < this.backgroundSlots;
  }

  private startNext(): void {
    for (;;) {
      const work = (['interactive', 'background'] as const).find(
        (kind) => this.waiting[kind].length > 0 && this.mayStart(kind),
      );
      if (!work) return;
      this.running[work] += 1;
      this.waiting[work].shift()?.();
    }
  }
}
