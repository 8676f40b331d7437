import type { VoiceProfile } from '@contract/profiles';
import { VOICE_TYPES, type VoiceTypeId, voiceTypeOf } from '@contract/voice-types';
import { Button } from '@web/components/ui/button';
import { NativeSelect } from '@web/components/ui/native-select';
import { Play, Square } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useChooseVoiceType, voicePreviewUrl } from '../api/profiles';
import { errorToast } from './error-toast';

/**
 * Which synthesized voice a typed report speaks with: female or male, and which of each.
 * The choice is kept at once; "Hear it" plays a sentence in the chosen type at the pitch
 * and pace measured from the teacher's sample.
 */
export function VoiceTypePicker({ voice }: { voice: VoiceProfile }) {
  const id = useId();
  const stored = voiceTypeOf(voice.settings?.variant).id;
  const [chosen, setChosen] = useState<VoiceTypeId>(stored);
  const [playing, setPlaying] = useState(false);
  const [loading, setLoading] = useState(false);
  const audio = useRef<HTMLAudioElement | null>(null);
  const choose = useChooseVoiceType(voice.voiceId);

  useEffect(() => setChosen(stored), [stored]);
  useEffect(() => () => audio.current?.pause(), []);

  const change = (variant: VoiceTypeId) => {
    audio.current?.pause();
    setChosen(variant);
    choose.mutate(
      { variant },
      {
        onError: (error) => {
          setChosen(stored);
          errorToast('Error saving the voice type', error);
        },
      },
    );
  };

  const hear = async () => {
    if (playing) {
      audio.current?.pause();
      return;
    }
    audio.current?.pause();
    const player = new Audio(voicePreviewUrl(voice.voiceId, chosen));
    audio.current = player;
    player.onplaying = () => {
      setLoading(false);
      setPlaying(true);
    };
    player.onpause = () => setPlaying(false);
    player.onended = () => setPlaying(false);
    setLoading(true);
    try {
      await player.play();
    } catch (error) {
      setLoading(false);
      errorToast('Error playing the voice', error);
    }
  };

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        Synthesized voice for typed reports
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <div className="w-48">
          <NativeSelect
            id={id}
            value={chosen}
            aria-describedby={`${id}-hint`}
            disabled={choose.isPending}
            onChange={(event) => change(event.target.value as VoiceTypeId)}
          >
            {VOICE_TYPES.map((type) => (
              <option key={type.id} value={type.id}>
                {type.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="button" variant="outline" size="sm" onClick={() => void hear()}>
          {playing ? <Square aria-hidden="true" /> : <Play aria-hidden="true" />}
          {playing ? 'Stop' : loading ? 'Loading…' : 'Hear it'}
          <span className="sr-only"> ({VOICE_TYPES.find((t) => t.id === chosen)?.label})</span>
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Your recordings always speak in your own voice. This voice reads reports you type, at your
        measured pitch and pace within the voice you choose.
      </p>
    </div>
  );
}
