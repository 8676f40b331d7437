import { vi } from 'vitest';

/*
 * A microphone and MediaRecorder for happy-dom, which has neither, so the review's
 * recorder can be driven through its states: asked, allowed (or refused), recording,
 * stopped with a clip.
 */

export interface FakeMicrophone {
  getUserMedia: ReturnType<typeof vi.fn>;
  /** Each track's stop(): the microphone is off once every one was called. */
  trackStops: ReturnType<typeof vi.fn>[];
  recorders: FakeMediaRecorder[];
  /** Makes the next request for the microphone fail, as a refused permission does. */
  refuseNext: () => void;
}

export class FakeMediaRecorder {
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  static created: FakeMediaRecorder[] = [];
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    readonly stream: MediaStream,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? '';
    FakeMediaRecorder.created.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['voice'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

export function installFakeMicrophone(): FakeMicrophone {
  const trackStops: ReturnType<typeof vi.fn>[] = [];
  let refuse = false;
  const getUserMedia = vi.fn(async () => {
    if (refuse) {
      refuse = false;
      throw new DOMException('Permission denied', 'NotAllowedError');
    }
    const stop = vi.fn();
    trackStops.push(stop);
    return { getTracks: () => [{ stop }] } as unknown as MediaStream;
  });
  FakeMediaRecorder.created = [];
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia },
  });
  let clips = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:clip-${++clips}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  return {
    getUserMedia,
    trackStops,
    recorders: FakeMediaRecorder.created,
    refuseNext: () => {
      refuse = true;
    },
  };
}

export function removeFakeMicrophone() {
  Reflect.deleteProperty(navigator, 'mediaDevices');
}

interface FakeResult {
  isFinal: boolean;
  0: { transcript: string };
}

/** The browser's dictation (Web Speech API), hearing what a test says. */
export class FakeSpeechRecognition {
  static current: FakeSpeechRecognition | null = null;
  continuous = false;
  interimResults = false;
  lang = '';
  onresult: ((event: { resultIndex: number; results: FakeResult[] }) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  private results: FakeResult[] = [];
  /** Set once the page told it to stop listening. */
  stopped = false;
  start() {
    FakeSpeechRecognition.current = this;
  }
  stop() {
    this.stopped = true;
  }
  abort() {}
  hear(transcript: string, isFinal: boolean) {
    const index = this.results.length;
    this.results.push({ isFinal, 0: { transcript } });
    this.onresult?.({ resultIndex: index, results: this.results });
  }
}
