import { CONSENT_MESSAGE, PROFILE_LIMITS } from '@contract/profile-limits';
import type { VoiceProfile } from '@contract/profiles';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { formatDateGb } from '@web/lib/format-time';
import { CheckCircle2, Trash2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import {
  uploadVoiceSample,
  useCreateVoice,
  useDeleteVoice,
  useVoiceProfiles,
} from '../api/profiles';
import { ConsentBox } from './consent-box';
import { errorToast } from './error-toast';
import { HelpNote, PrivacyNote } from './help-notes';
import { VoiceRecorder } from './voice-recorder';
import { VoiceTypePicker } from './voice-type-picker';

const MB = 1024 * 1024;

function CreateVoiceCard() {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [samplePath, setSamplePath] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Bumped after a profile is created, so the recorder starts over at "ready".
  const [round, setRound] = useState(0);
  const create = useCreateVoice();
  const form = useRef<HTMLFormElement>(null);

  const saveSample = async (blob: Blob) => {
    if (blob.size > PROFILE_LIMITS.audioBytes) {
      errorToast('Error uploading voice sample', new Error('too large'));
      return;
    }
    setUploading(true);
    try {
      const { samplePath } = await uploadVoiceSample(blob);
      setSamplePath(samplePath);
      setErrors((current) => ({ ...current, sample: '' }));
    } catch (error) {
      errorToast('Error uploading voice sample', error);
    } finally {
      setUploading(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = 'Name is required';
    if (!description.trim()) found.description = 'Description is required';
    if (!samplePath) found.sample = 'Please upload or record a voice sample';
    if (!consent) found.consent = CONSENT_MESSAGE;
    setErrors(found);
    if (Object.keys(found).length > 0 || !samplePath) return;
    create.mutate(
      { name, description, samplePath, consent: true },
      {
        onSuccess: (voice) => {
          toast({ title: 'Voice profile created', description: voice.notice ?? undefined });
          setName('');
          setDescription('');
          setSamplePath(null);
          setConsent(false);
          setRound((value) => value + 1);
          // File inputs are not React's to clear: the form forgets the chosen file itself.
          form.current?.reset();
        },
        onError: (error) => errorToast('Error creating voice profile', error),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create a voice profile</CardTitle>
        <CardDescription>
          Record yourself reading for 20–60 seconds, or upload a recording.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form ref={form} className="space-y-4" onSubmit={submit} noValidate>
          <FormField label="Name" error={errors.name}>
            {(control) => (
              <Input {...control} value={name} onChange={(e) => setName(e.target.value)} />
            )}
          </FormField>
          <FormField
            label="Description"
            error={errors.description}
            hint="For example: my calm reading voice"
          >
            {(control) => (
              <Textarea
                {...control}
                rows={2}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
              />
            )}
          </FormField>
          <VoiceRecorder
            key={round}
            saving={uploading}
            saved={samplePath !== null}
            onRecorded={(blob) => void saveSample(blob)}
            onDiscard={() => setSamplePath(null)}
          />
          <FormField
            label="Or upload an audio file"
            hint={`WAV, WebM, Ogg or MP4 audio, up to ${PROFILE_LIMITS.audioBytes / MB} MB and ${PROFILE_LIMITS.audioSeconds / 60} minutes.`}
            error={errors.sample}
          >
            {(control) => (
              <Input
                {...control}
                type="file"
                accept="audio/*"
                disabled={uploading}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) void saveSample(file);
                }}
              />
            )}
          </FormField>
          {samplePath ? (
            <p role="status" className="flex items-center gap-2 text-sm font-medium text-green-800">
              <CheckCircle2 aria-hidden="true" className="size-4" /> Voice sample saved
            </p>
          ) : null}
          <ConsentBox
            checked={consent}
            onChange={setConsent}
            error={errors.consent}
            label="This is my own voice, and I consent to its use in reports to parents."
          />
          <Button type="submit" disabled={create.isPending || uploading}>
            {create.isPending ? 'Creating…' : 'Create voice profile'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function VoiceRow({ voice }: { voice: VoiceProfile }) {
  const remove = useDeleteVoice();
  const [open, setOpen] = useState(false);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0 space-y-1">
        <p className="font-medium break-words text-slate-900">{voice.name}</p>
        <p className="text-sm break-words text-slate-600">{voice.description}</p>
        <div className="flex flex-wrap gap-2 text-xs text-slate-600">
          <Badge tone={voice.engine === 'provider' ? 'indigo' : 'blue'}>
            {voice.engine === 'provider' ? 'Voice service' : 'Built-in voice'}
          </Badge>
          {voice.settings ? (
            <span>
              {voice.settings.medianPitchHz} Hz · {voice.settings.wordsPerMinute} words/min
            </span>
          ) : null}
          <span>Consent given {formatDateGb(voice.consentAt)}</span>
        </div>
        {voice.samplePath ? (
          // biome-ignore lint/a11y/useMediaCaption: the teacher's own voice sample
          <audio
            controls
            // Metadata only: enough for the player to show the sample's length before playing.
            preload="metadata"
            src={voice.samplePath}
            aria-label={`Sample for ${voice.name}`}
          />
        ) : null}
        <VoiceTypePicker voice={voice} />
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        trigger={
          <Button
            variant="outline"
            size="sm"
            disabled={!voice.voiceId}
            aria-label={`Delete ${voice.name}`}
          >
            <Trash2 aria-hidden="true" /> Delete
          </Button>
        }
        title="Delete this voice profile?"
        description="The profile and its recorded sample are removed from the server."
        pending={remove.isPending}
        onConfirm={(event) => {
          event.preventDefault();
          remove.mutate(voice.voiceId, {
            onSuccess: () => setOpen(false),
            onError: (error) => errorToast('Error deleting voice profile', error),
          });
        }}
      />
    </li>
  );
}

function VoiceList() {
  const voices = useVoiceProfiles();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your voice profiles</CardTitle>
      </CardHeader>
      <CardContent>
        {voices.isPending ? <p role="status">Loading voice profiles…</p> : null}
        {voices.isError ? (
          <p className="text-sm text-red-700">Could not load your voice profiles.</p>
        ) : null}
        {voices.data?.length === 0 ? (
          <p className="text-sm text-slate-600">No voice profiles yet.</p>
        ) : null}
        <ul className="divide-y divide-slate-200">
          {voices.data?.map((voice) => (
            <VoiceRow key={voice.id} voice={voice} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

export function VoiceTab() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="space-y-4">
        <CreateVoiceCard />
        <HelpNote title="What makes a good voice sample">
          <p>
            Speak naturally for 20 to 60 seconds in a quiet room, about an arm's length from the
            microphone. Read a paragraph aloud as you would to a class. At least 10 seconds of
            speech is needed.
          </p>
          <p>
            Limits: {PROFILE_LIMITS.audioBytes / MB} MB and {PROFILE_LIMITS.audioSeconds / 60}{' '}
            minutes per sample; recordings stop after 60 seconds.
          </p>
          <PrivacyNote providerWord="recording" />
        </HelpNote>
      </div>
      <VoiceList />
    </div>
  );
}
