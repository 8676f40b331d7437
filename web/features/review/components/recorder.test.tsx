// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from '@web/components/ui/use-toast';
import { processAudio } from '@web/lib/process-audio';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeMicrophone,
  FakeSpeechRecognition,
  installFakeMicrophone,
  removeFakeMicrophone,
} from '../test/fake-microphone';
import {
  button,
  feedbackBox,
  openTab,
  record,
  renderComposer,
  server,
  startFakeServer,
} from '../test/render-composer';

vi.mock('@web/lib/process-audio', () => ({ processAudio: vi.fn() }));
vi.mock('@web/components/ui/use-toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@web/components/ui/use-toast')>()),
  toast: vi.fn(),
}));

let microphone: FakeMicrophone;

beforeEach(() => {
  startFakeServer();
  microphone = installFakeMicrophone();
  vi.mocked(processAudio).mockReset();
  vi.mocked(toast).mockClear();
});
afterEach(() => {
  cleanup();
  removeFakeMicrophone();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/* The review's recorder, as it sits in the feedback composer's Audio tab. */

describe('spoken feedback on a passage', () => {
  it('records, lets the teacher add a note, and saves the clip anchored to the passage', async () => {
    vi.mocked(processAudio).mockResolvedValue({
      audioUrl: '/api/audio/abc.webm',
      duration: 4.2,
      transcript: '',
      enhancedTranscript: '',
    } as Awaited<ReturnType<typeof processAudio>>);
    const { onDone, onRecordingStart } = renderComposer();
    await act(async () => {
      fireEvent.click(button('Start Recording'));
    });
    expect(onRecordingStart).toHaveBeenCalledTimes(1);
    expect(microphone.getUserMedia).toHaveBeenCalledWith({ audio: true });
    // Up to three minutes for a comment on a passage.
    expect(screen.getByRole('timer', { name: 'Recording time' }).textContent).toBe('0:00 / 3:00');
    act(() => {
      fireEvent.click(button('Stop Recording'));
    });
    await screen.findByRole('button', { name: 'Play recording' });
    // The microphone is switched off as soon as recording stops.
    expect(microphone.trackStops[0]).toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Written note (optional)'), {
      target: { value: '  Listen to the part about paragraphs. ' },
    });
    await act(async () => {
      fireEvent.click(button('Save Audio Feedback'));
    });
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const [blob, transcript] = vi.mocked(processAudio).mock.calls[0] ?? [];
    expect(blob).toBeInstanceOf(Blob);
    // Dictation was off: nothing the teacher said is sent as text.
    expect(transcript).toBeUndefined();
    expect(server.posted).toEqual([
      {
        type: 'audio',
        content: 'Listen to the part about paragraphs.',
        pageNumber: 2,
        startOffset: 14,
        endOffset: 29,
        highlightedText: 'a dragon lived',
        audioUrl: '/api/audio/abc.webm',
        audioDuration: 4.2,
        transcript: null,
        enhancedTranscript: null,
      },
    ]);
    // Ready for the next passage.
    expect(await screen.findByRole('button', { name: 'Start Recording' })).toBeTruthy();
  });

  it('keeps the clip and the note when the recording cannot be processed', async () => {
    vi.mocked(processAudio).mockRejectedValueOnce(new Error('network down'));
    const { onDone } = renderComposer();
    await record();
    fireEvent.change(screen.getByLabelText('Written note (optional)'), {
      target: { value: 'Good ending' },
    });
    await act(async () => {
      fireEvent.click(button('Save Audio Feedback'));
    });
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Error processing audio', variant: 'destructive' }),
    );
    expect(onDone).not.toHaveBeenCalled();
    expect(server.posted).toEqual([]);
    expect(button('Play recording')).toBeTruthy();
    expect((screen.getByLabelText('Written note (optional)') as HTMLTextAreaElement).value).toBe(
      'Good ending',
    );
    expect(button('Save Audio Feedback').disabled).toBe(false);
  });

  it('keeps recording while the teacher switches to the text tab and back', async () => {
    renderComposer();
    await act(async () => {
      fireEvent.click(button('Start Recording'));
    });
    openTab('Text Feedback');
    fireEvent.change(feedbackBox(), { target: { value: 'And a written word' } });
    openTab('Audio Feedback');
    expect(button('Stop Recording')).toBeTruthy();
    expect(microphone.trackStops[0]).not.toHaveBeenCalled();
    expect(microphone.recorders[0]?.state).toBe('recording');
  });

  it('Discard throws the clip and the note away and goes back to ready', async () => {
    renderComposer();
    await record();
    fireEvent.change(screen.getByLabelText('Written note (optional)'), {
      target: { value: 'Scrap this' },
    });
    fireEvent.click(button('Discard'));
    expect(button('Start Recording').disabled).toBe(false);
    expect(screen.queryByLabelText('Written note (optional)')).toBeNull();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:clip-1');
    expect(processAudio).not.toHaveBeenCalled();
  });

  it('stays ready, and does not clear the passage, when the microphone is refused', async () => {
    microphone.refuseNext();
    const { onRecordingStart } = renderComposer();
    await act(async () => {
      fireEvent.click(button('Start Recording'));
    });
    expect(onRecordingStart).not.toHaveBeenCalled();
    expect(button('Start Recording').disabled).toBe(false);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Microphone Error' }));
  });

  it('Cancel while recording switches the microphone off', async () => {
    const { onDone } = renderComposer();
    await act(async () => {
      fireEvent.click(button('Start Recording'));
    });
    expect(microphone.trackStops[0]).not.toHaveBeenCalled();
    fireEvent.click(button('Cancel'));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(microphone.trackStops[0]).toHaveBeenCalled();
    expect(button('Start Recording')).toBeTruthy();
  });

  it('stops by itself at three minutes, keeping the clip', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    renderComposer();
    await act(async () => {
      fireEvent.click(button('Start Recording'));
    });
    act(() => {
      vi.advanceTimersByTime(61_000);
    });
    expect(screen.getByRole('timer').textContent).toBe('1:01 / 3:00');
    act(() => {
      vi.advanceTimersByTime(119_000);
    });
    expect(screen.queryByRole('button', { name: 'Stop Recording' })).toBeNull();
    expect(button('Play recording')).toBeTruthy();
    expect(screen.getByText(/3:00/)).toBeTruthy();
  });

  it('with dictation turned on, shows and sends only what the browser heard for certain', async () => {
    server.liveTranscription = true;
    vi.stubGlobal('SpeechRecognition', FakeSpeechRecognition);
    vi.mocked(processAudio).mockResolvedValue({
      audioUrl: '/api/audio/x.webm',
      duration: 3,
      transcript: 'Lovely opening line.',
      enhancedTranscript: 'Lovely opening line!',
    } as Awaited<ReturnType<typeof processAudio>>);
    const { client, onDone } = renderComposer();
    await waitFor(() => expect(client.getQueryData(['/api/settings'])).toBeTruthy());
    await screen.findByText(/Live transcription is on/);
    await act(async () => {
      fireEvent.click(button('Start Recording'));
    });
    expect(FakeSpeechRecognition.current?.stopped).toBe(false);
    act(() => {
      FakeSpeechRecognition.current?.hear('Lovely opening line.', true);
      FakeSpeechRecognition.current?.hear('and um', false);
    });
    expect(screen.getByText('Lovely opening line. and um')).toBeTruthy();
    act(() => {
      fireEvent.click(button('Stop Recording'));
    });
    await screen.findByText('Live transcript');
    // The browser stops listening when the recording stops.
    expect(FakeSpeechRecognition.current?.stopped).toBe(true);
    await act(async () => {
      fireEvent.click(button('Save Audio Feedback'));
    });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(vi.mocked(processAudio).mock.calls[0]?.[1]).toBe('Lovely opening line.');
    expect(server.posted[0]).toMatchObject({
      transcript: 'Lovely opening line.',
      enhancedTranscript: 'Lovely opening line!',
    });
  });
});
