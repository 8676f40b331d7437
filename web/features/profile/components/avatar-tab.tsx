import { AVATAR_CONSENT_MESSAGE, PROFILE_LIMITS } from '@contract/profile-limits';
import type { AvatarProfile } from '@contract/profiles';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { formatDateGb } from '@web/lib/format-time';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  uploadAvatarImage,
  uploadAvatarVideo,
  useAvatarProfiles,
  useCreateAvatar,
  useDeleteAvatar,
} from '../api/profiles';
import { ConsentBox } from './consent-box';
import { errorToast } from './error-toast';
import { HelpNote, PrivacyNote } from './help-notes';

const MB = 1024 * 1024;

function CreateAvatarCard() {
  const [name, setName] = useState('');
  const [photo, setPhoto] = useState<{ path: string; preview: string } | null>(null);
  const [videoPath, setVideoPath] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState<'photo' | 'video' | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateAvatar();
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => () => void (photo && URL.revokeObjectURL(photo.preview)), [photo]);

  const upload = async (file: File, kind: 'photo' | 'video') => {
    const limit = kind === 'photo' ? PROFILE_LIMITS.imageBytes : PROFILE_LIMITS.videoBytes;
    const title =
      kind === 'photo' ? 'Error uploading avatar image' : 'Error uploading video sample';
    if (file.size > limit) {
      toast({
        title,
        description: `The file is too large. The maximum size is ${limit / MB} MB.`,
        variant: 'destructive',
      });
      return;
    }
    setBusy(kind);
    try {
      if (kind === 'photo') {
        const { imagePath } = await uploadAvatarImage(file);
        setPhoto({ path: imagePath, preview: URL.createObjectURL(file) });
        setErrors((current) => ({ ...current, photo: '' }));
      } else {
        setVideoPath((await uploadAvatarVideo(file)).videoPath);
      }
    } catch (error) {
      errorToast(title, error);
    } finally {
      setBusy(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = 'Name is required';
    if (!photo) found.photo = 'Please upload a photo';
    if (!consent) found.consent = AVATAR_CONSENT_MESSAGE;
    setErrors(found);
    if (Object.keys(found).length > 0 || !photo) return;
    create.mutate(
      { teacherName: name, imagePath: photo.path, videoSamplePath: videoPath, consent: true },
      {
        onSuccess: () => {
          toast({ title: 'Avatar profile created', description: 'We are preparing your avatar.' });
          setName('');
          setPhoto(null);
          setVideoPath(null);
          setConsent(false);
          // File inputs are not React's to clear: the form forgets the chosen files itself.
          form.current?.reset();
        },
        onError: (error) => errorToast('Error creating avatar profile', error),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create an avatar profile</CardTitle>
        <CardDescription>
          A clear photo of your face presents your parent reports as video.
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
            label="Photo"
            error={errors.photo}
            hint={`JPEG, PNG or WebP, up to ${PROFILE_LIMITS.imageBytes / MB} MB.`}
          >
            {(control) => (
              <Input
                {...control}
                type="file"
                accept="image/*"
                disabled={busy !== null}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) void upload(file, 'photo');
                }}
              />
            )}
          </FormField>
          {busy === 'photo' ? <p role="status">Uploading photo…</p> : null}
          {photo ? (
            <img
              src={photo.preview}
              alt="What you chose: preview"
              className="max-h-48 rounded-lg border border-slate-200 object-contain"
            />
          ) : null}
          <FormField
            label="Video sample (optional)"
            hint={`MP4, WebM or QuickTime, up to ${PROFILE_LIMITS.videoBytes / MB} MB and ${PROFILE_LIMITS.videoSeconds / 60} minutes.`}
          >
            {(control) => (
              <Input
                {...control}
                type="file"
                accept="video/*"
                disabled={busy !== null}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) void upload(file, 'video');
                }}
              />
            )}
          </FormField>
          {busy === 'video' ? <p role="status">Uploading video…</p> : null}
          {videoPath ? <p className="text-sm text-green-800">Video sample saved</p> : null}
          <ConsentBox
            checked={consent}
            onChange={setConsent}
            error={errors.consent}
            label="This is my own face, and I consent to its use in reports to parents."
          />
          <Button type="submit" disabled={create.isPending || busy !== null}>
            {create.isPending ? 'Creating…' : 'Create avatar profile'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function AvatarStatus({ avatar }: { avatar: AvatarProfile }) {
  if (avatar.status === 'failed') return <Badge tone="red">Failed</Badge>;
  if (!avatar.avatarId) return <Badge tone="yellow">Processing</Badge>;
  return <Badge tone="green">Avatar ready</Badge>;
}

function AvatarRow({ avatar }: { avatar: AvatarProfile }) {
  const remove = useDeleteAvatar();
  const [open, setOpen] = useState(false);
  // Delete waits for the avatar id; a failed avatar can always be removed.
  const canDelete = Boolean(avatar.avatarId) || avatar.status === 'failed';
  return (
    <li className="flex flex-wrap items-start gap-3 py-3">
      {avatar.referenceImagePath ? (
        <img
          src={avatar.referenceImagePath}
          alt=""
          className="size-16 rounded-lg border border-slate-200 object-cover"
        />
      ) : null}
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-medium break-words text-slate-900">{avatar.name}</p>
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <AvatarStatus avatar={avatar} />
          <span>Consent given {formatDateGb(avatar.consentAt)}</span>
        </div>
        {avatar.error ? <p className="text-sm text-red-700">{avatar.error}</p> : null}
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        trigger={
          <Button
            variant="outline"
            size="sm"
            disabled={!canDelete}
            aria-label={`Delete ${avatar.name}`}
          >
            <Trash2 aria-hidden="true" /> Delete
          </Button>
        }
        title="Delete this avatar profile?"
        description="The profile, its photo and any video sample are removed from the server."
        pending={remove.isPending}
        onConfirm={(event) => {
          event.preventDefault();
          remove.mutate(avatar, {
            onSuccess: () => setOpen(false),
            onError: (error) => errorToast('Error deleting avatar profile', error),
          });
        }}
      />
    </li>
  );
}

function AvatarList() {
  const avatars = useAvatarProfiles();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your avatar profiles</CardTitle>
      </CardHeader>
      <CardContent>
        {avatars.isPending ? <p role="status">Loading avatar profiles…</p> : null}
        {avatars.isError ? (
          <p className="text-sm text-red-700">Could not load your avatar profiles.</p>
        ) : null}
        {avatars.data?.length === 0 ? (
          <p className="text-sm text-slate-600">No avatar profiles yet.</p>
        ) : null}
        <ul className="divide-y divide-slate-200">
          {avatars.data?.map((avatar) => (
            <AvatarRow key={avatar.id} avatar={avatar} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

export function AvatarTab() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="space-y-4">
        <CreateAvatarCard />
        <HelpNote title="What makes a good photo">
          <p>
            Use a recent, front-facing photo of just you, with your eyes and mouth clearly visible,
            good light and a plain background. Photos with no face or several faces are refused.
          </p>
          <p>
            Limits: photos up to {PROFILE_LIMITS.imageBytes / MB} MB; video samples up to{' '}
            {PROFILE_LIMITS.videoBytes / MB} MB and {PROFILE_LIMITS.videoSeconds / 60} minutes.
            Location and camera details are removed from photos.
          </p>
          <PrivacyNote providerWord="photo" />
        </HelpNote>
      </div>
      <AvatarList />
    </div>
  );
}
