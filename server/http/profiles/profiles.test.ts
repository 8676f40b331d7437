import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSTORABLE_TEXT } from '../../../contract/text';
import { NO_FACE } from '../../ai/face-detection';
import { singleFacePhoto } from '../../ai/face-detection/photos.test-support';
import { NOT_ENOUGH_SPEECH } from '../../ai/voice-analysis';
import { avatarProfiles, files } from '../../db/schema';
import { dataUrl, silentWav, testVideo, voiceWav } from '../../records/profiles/media.test-support';
import { signedInTeacher } from '../../test/fixtures';
import { sessionCookie, startTestApp, type TestApp, testBackends } from '../../test/harness';

describe.each(testBackends())('voice and avatar profiles on %s', (backend) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;
  let stranger: Awaited<ReturnType<typeof signedInTeacher>>;
  let adminCookie: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await signedInTeacher(t, 'Grace');
    stranger = await signedInTeacher(t, 'Ada');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'admin-test-password' },
    });
    adminCookie = sessionCookie(login, 'cv_admin');
  });
  afterAll(async () => t?.close());

  const as = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  /** As the profile page sends a file: a form upload, streamed. */
  const formUpload = (cookie: string, url: string, field: string, bytes: Buffer, type: string) => {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(bytes)], { type }), field);
    return t.app.inject({ method: 'POST', url, headers: { cookie }, payload: form });
  };
  const uploadSample = async (cookie: string, bytes = voiceWav()) =>
    formUpload(cookie, '/api/teacher-voices/samples', 'audio', bytes, 'audio/wav');

  const storedFiles = async () => (await t.ctx.db.select().from(files)).length;

  it('answers 401 without a teacher session', async () => {
    for (const [method, url] of [
      ['GET', '/api/teacher-voices'],
      ['GET', '/api/teacher-voice-profiles'],
      ['GET', '/api/teacher-avatar-profiles'],
      ['POST', '/api/teacher-voices/samples'],
      ['POST', '/api/teacher-voices/create'],
      ['POST', '/api/teacher-avatars/images'],
      ['POST', '/api/teacher-avatars/videos'],
      ['POST', '/api/teacher-avatars/create'],
      ['DELETE', '/api/teacher-voices/voice_x'],
      ['DELETE', '/api/teacher-avatars/avatar_x'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('creates a voice profile from a recorded WAV sample, measured by the built-in engine', async () => {
    const sample = await uploadSample(owner.cookie);
    expect(sample.statusCode).toBe(200);
    const { samplePath } = sample.json();
    expect(samplePath).toMatch(/^\/api\/teacher-voices\/samples\/[A-Za-z0-9_-]{22}$/);
    // The owner can play it back; another teacher cannot even see it exists.
    const played = await as(owner.cookie, 'GET', samplePath);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/wav');
    expect((await as(stranger.cookie, 'GET', samplePath)).statusCode).toBe(404);

    const created = await as(owner.cookie, 'POST', '/api/teacher-voices/create', {
      name: 'Classroom voice',
      description: 'My usual reading voice',
      samplePath,
      consent: true,
      teacherId: stranger.teacher.id,
    });
    expect(created.statusCode).toBe(200);
    const voice = created.json();
    expect(voice).toMatchObject({
      name: 'Classroom voice',
      description: 'My usual reading voice',
      samplePath,
      engine: 'builtin',
      notice: null,
      settings: { variant: 'm3' },
    });
    expect(voice.settings.medianPitchHz).toBeGreaterThan(125);
    expect(voice.settings.medianPitchHz).toBeLessThan(135);
    expect(voice.voiceId).toMatch(/^voice_/);
    expect(Date.parse(voice.consentAt)).toBeGreaterThan(Date.now() - 60_000);

    // teacherId in the body was ignored: the profile is the signed-in teacher's.
    for (const path of ['/api/teacher-voices', '/api/teacher-voice-profiles']) {
      const mine = (await as(owner.cookie, 'GET', path)).json();
      expect(mine.map((v: { voiceId: string }) => v.voiceId)).toContain(voice.voiceId);
      expect((await as(stranger.cookie, 'GET', path)).json()).toEqual([]);
    }
  }, 60_000);

  it('validates voice creation with the spec messages and changes nothing', async () => {
    const { samplePath } = (await uploadSample(owner.cookie)).json();
    const before = (await as(owner.cookie, 'GET', '/api/teacher-voices')).json().length;
    const valid = { name: 'A', description: 'B', samplePath, consent: true };
    const cases: [object, string][] = [
      [{ ...valid, name: '  ' }, 'Name is required'],
      [{ ...valid, name: undefined }, 'Name is required'],
      [{ ...valid, description: '' }, 'Description is required'],
      [{ ...valid, samplePath: undefined }, 'Please upload or record a voice sample'],
      [{ ...valid, samplePath: '/etc/passwd' }, 'Please upload or record a voice sample'],
      [
        { ...valid, consent: false },
        'Please confirm this is your own voice and that you consent to its use',
      ],
      [
        { ...valid, consent: 'true' },
        'Please confirm this is your own voice and that you consent to its use',
      ],
      [
        { ...valid, consent: undefined },
        'Please confirm this is your own voice and that you consent to its use',
      ],
      [{ ...valid, name: 'a\u0000b' }, UNSTORABLE_TEXT],
      [{ ...valid, name: 'x'.repeat(121) }, 'Name is too long'],
    ];
    for (const [body, message] of cases) {
      const response = await as(owner.cookie, 'POST', '/api/teacher-voices/create', body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
    // Another teacher's sample address is not theirs to use.
    const stolen = await as(stranger.cookie, 'POST', '/api/teacher-voices/create', valid);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe('Please upload or record a voice sample');
    expect((await as(owner.cookie, 'GET', '/api/teacher-voices')).json()).toHaveLength(before);
  });

  it('keeps hostile names exactly as given', async () => {
    const { samplePath } = (await uploadSample(owner.cookie)).json();
    const name = '\u202Eevil <script>alert(1)</script> مرحبا';
    const created = await as(owner.cookie, 'POST', '/api/teacher-voices/create', {
      name,
      description: '<b>bold</b>',
      samplePath,
      consent: true,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().name).toBe(name);
    expect(created.json().description).toBe('<b>bold</b>');
  }, 30_000);

  it('refuses a sample without enough speech', async () => {
    const { samplePath } = (await uploadSample(owner.cookie, silentWav())).json();
    const response = await as(owner.cookie, 'POST', '/api/teacher-voices/create', {
      name: 'Quiet',
      description: 'Nothing',
      samplePath,
      consent: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(NOT_ENOUGH_SPEECH);
  });

  it('refuses wrong-type and oversized samples and stores nothing', async () => {
    const before = await storedFiles();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const wrong = await uploadSample(owner.cookie, png);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('unsupported_file_type');
    const garbage = await as(owner.cookie, 'POST', '/api/teacher-voices/samples', {
      audioData: 'not base64 !!!',
    });
    expect(garbage.statusCode).toBe(400);
    const missing = await as(owner.cookie, 'POST', '/api/teacher-voices/samples', {});
    expect(missing.json().message).toBe('Please upload or record a voice sample');
    const big = Buffer.concat([voiceWav().subarray(0, 44), Buffer.alloc(10 * 1024 * 1024)]);
    const oversized = await uploadSample(owner.cookie, big);
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json().message).toBe(
      'The voice sample is too large. The maximum size is 10 MB.',
    );
    // The JSON body with the sample in base64 still works, for small files only.
    const small = await as(owner.cookie, 'POST', '/api/teacher-voices/samples', {
      audioData: dataUrl(voiceWav(), 'audio/wav'),
    });
    expect(small.statusCode).toBe(200);
    await t.ctx.db.delete(files).where(eq(files.id, small.json().samplePath.split('/').pop()));
    const huge = await as(owner.cookie, 'POST', '/api/teacher-voices/samples', {
      audioData: 'A'.repeat(3 * 1024 * 1024),
    });
    expect(huge.statusCode).toBe(413);
    expect(await storedFiles()).toBe(before);
  });

  it('refuses a sample over 5 minutes, but takes one longer than a feedback clip', async () => {
    const { encodeWav } = await import('../../ai/voice-analysis/wav');
    const tooLong = await uploadSample(
      owner.cookie,
      encodeWav(new Float32Array(8_000 * 301), 8_000),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(
      'The recording is too long. Recordings can be at most 5 minutes.',
    );
    const threeMinutes = await uploadSample(
      owner.cookie,
      encodeWav(new Float32Array(8_000 * 180), 8_000),
    );
    expect(threeMinutes.statusCode).toBe(200);
  }, 60_000);

  it('deletes a voice profile by voice id, only for its owner, with its sample', async () => {
    const { samplePath } = (await uploadSample(owner.cookie)).json();
    const voice = (
      await as(owner.cookie, 'POST', '/api/teacher-voices/create', {
        name: 'To delete',
        description: 'x',
        samplePath,
        consent: true,
      })
    ).json();
    const url = `/api/teacher-voices/${voice.voiceId}`;
    expect((await as(stranger.cookie, 'DELETE', url)).statusCode).toBe(404);
    expect((await as(owner.cookie, 'DELETE', '/api/teacher-voices/bad%20id')).statusCode).toBe(404);
    expect((await as(owner.cookie, 'DELETE', url)).statusCode).toBe(200);
    expect((await as(owner.cookie, 'DELETE', url)).statusCode).toBe(404);
    expect((await as(owner.cookie, 'GET', samplePath)).statusCode).toBe(404);
  }, 30_000);

  it('prepares an avatar from a photo: Processing, then ready with the face measured', async () => {
    const image = await as(owner.cookie, 'POST', '/api/teacher-avatars/images', {
      imageData: dataUrl(await singleFacePhoto(), 'image/jpeg'),
      teacherName: 'ignored',
    });
    expect(image.statusCode).toBe(200);
    const { imagePath } = image.json();
    expect((await as(stranger.cookie, 'GET', imagePath)).statusCode).toBe(404);
    const shown = await as(owner.cookie, 'GET', imagePath);
    expect(shown.headers['content-type']).toBe('image/jpeg');

    const video = await as(owner.cookie, 'POST', '/api/teacher-avatars/videos', {
      videoData: dataUrl(testVideo(), 'video/mp4'),
    });
    expect(video.statusCode).toBe(200);
    const { videoPath } = video.json();

    const created = await as(owner.cookie, 'POST', '/api/teacher-avatars/create', {
      teacherName: 'Ms Hopper',
      imagePath,
      videoSamplePath: videoPath,
      consent: true,
      teacherId: stranger.teacher.id,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      name: 'Ms Hopper',
      status: 'processing',
      avatarId: null,
      referenceImagePath: imagePath,
      videoSamplePath: videoPath,
    });
    await t.ctx.jobs.drain();
    const [avatar] = (await as(owner.cookie, 'GET', '/api/teacher-avatar-profiles')).json();
    expect(avatar).toMatchObject({ status: 'ready', error: null });
    expect(avatar.avatarId).toMatch(/^avatar_/);
    const [row] = await t.ctx.db
      .select()
      .from(avatarProfiles)
      .where(eq(avatarProfiles.id, avatar.id));
    expect(row!.teacherId).toBe(owner.teacher.id);
    expect(row!.face).toMatchObject({ imageWidth: 480, imageHeight: 600 });
    expect((await as(stranger.cookie, 'GET', '/api/teacher-avatar-profiles')).json()).toEqual([]);

    const url = `/api/teacher-avatars/${avatar.avatarId}`;
    expect((await as(stranger.cookie, 'DELETE', url)).statusCode).toBe(404);
    expect((await as(owner.cookie, 'DELETE', url)).statusCode).toBe(200);
    expect((await as(owner.cookie, 'GET', imagePath)).statusCode).toBe(404);
    expect((await as(owner.cookie, 'GET', videoPath)).statusCode).toBe(404);
  }, 120_000);

  it('leaves a photo without a face failed with a message, removable by its id', async () => {
    const blank = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#d0d8e0' },
    })
      .webp()
      .toBuffer();
    const { imagePath } = (
      await as(owner.cookie, 'POST', '/api/teacher-avatars/images', {
        imageData: dataUrl(blank, 'image/webp'),
      })
    ).json();
    const created = (
      await as(owner.cookie, 'POST', '/api/teacher-avatars/create', {
        teacherName: 'Blank',
        imageData: imagePath,
        consent: true,
      })
    ).json();
    await t.ctx.jobs.drain();
    const avatar = (await as(owner.cookie, 'GET', '/api/teacher-avatar-profiles'))
      .json()
      .find((a: { id: number }) => a.id === created.id);
    expect(avatar).toMatchObject({ status: 'failed', error: NO_FACE, avatarId: null });
    const url = `/api/teacher-avatar-profiles/${created.id}`;
    expect((await as(stranger.cookie, 'DELETE', url)).statusCode).toBe(404);
    expect((await as(owner.cookie, 'DELETE', url)).statusCode).toBe(200);
  }, 120_000);

  it('strips EXIF from photos and refuses wrong types, oversized files and bad paths', async () => {
    const withExif = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#888' },
    })
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam', Model: 'Serial-12345' } })
      .toBuffer();
    expect(withExif.includes('SecretCam')).toBe(true);
    const { imagePath } = (
      await as(owner.cookie, 'POST', '/api/teacher-avatars/images', {
        imageData: dataUrl(withExif, 'image/jpeg'),
      })
    ).json();
    const stored = (await as(owner.cookie, 'GET', imagePath)).rawPayload;
    expect(stored.includes('SecretCam')).toBe(false);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();

    const before = await storedFiles();
    const notImage = await as(owner.cookie, 'POST', '/api/teacher-avatars/images', {
      imageData: dataUrl(Buffer.from('<html>hi</html>'), 'image/png'),
    });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toMatch(/JPEG, PNG or WebP/);
    const bigPhoto = await formUpload(
      owner.cookie,
      '/api/teacher-avatars/images',
      'image',
      Buffer.concat([withExif, Buffer.alloc(10 * 1024 * 1024)]),
      'image/jpeg',
    );
    expect(bigPhoto.statusCode).toBe(413);
    expect(bigPhoto.json().message).toBe('The photo is too large. The maximum size is 10 MB.');
    const wavAsVideo = await as(owner.cookie, 'POST', '/api/teacher-avatars/videos', {
      videoData: dataUrl(voiceWav(), 'video/mp4'),
    });
    expect(wavAsVideo.statusCode).toBe(400);
    expect(wavAsVideo.json().message).toMatch(/MP4, WebM or QuickTime/);
    const fakeMp4 = Buffer.concat([Buffer.from('\0\0\0\x18ftypisom', 'latin1'), Buffer.alloc(500)]);
    const damaged = await as(owner.cookie, 'POST', '/api/teacher-avatars/videos', {
      videoData: dataUrl(fakeMp4, 'video/mp4'),
    });
    expect(damaged.statusCode).toBe(400);
    expect(await storedFiles()).toBe(before);

    const valid = { teacherName: 'Me', imagePath, consent: true };
    const cases: [object, string][] = [
      [{ ...valid, teacherName: '' }, 'Name is required'],
      [{ ...valid, imagePath: undefined }, 'Please upload a photo'],
      [{ ...valid, imagePath: '/api/teacher-avatars/images/../../etc' }, 'Please upload a photo'],
      [
        { ...valid, consent: false },
        'Please confirm this is your own face and that you consent to its use',
      ],
      [{ ...valid, videoSamplePath: imagePath }, 'Please upload the video sample again'],
    ];
    for (const [body, message] of cases) {
      const response = await as(owner.cookie, 'POST', '/api/teacher-avatars/create', body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const stolen = await as(stranger.cookie, 'POST', '/api/teacher-avatars/create', valid);
    expect(stolen.json().message).toBe('Please upload a photo');
  }, 60_000);

  it("lets the administrator list and remove any teacher's profiles; teachers cannot", async () => {
    const { samplePath } = (await uploadSample(stranger.cookie)).json();
    const voice = (
      await as(stranger.cookie, 'POST', '/api/teacher-voices/create', {
        name: 'Ada voice',
        description: 'x',
        samplePath,
        consent: true,
      })
    ).json();
    const { imagePath } = (
      await as(stranger.cookie, 'POST', '/api/teacher-avatars/images', {
        imageData: dataUrl(await singleFacePhoto(), 'image/jpeg'),
      })
    ).json();
    const avatar = (
      await as(stranger.cookie, 'POST', '/api/teacher-avatars/create', {
        teacherName: 'Ada avatar',
        imagePath,
        consent: true,
      })
    ).json();

    for (const cookie of [owner.cookie, '']) {
      expect((await as(cookie, 'GET', '/api/admin/voice-profiles')).statusCode).toBe(401);
      expect((await as(cookie, 'GET', '/api/admin/avatar-profiles')).statusCode).toBe(401);
      expect((await as(cookie, 'DELETE', `/api/admin/voice-profiles/${voice.id}`)).statusCode).toBe(
        401,
      );
    }
    const voices = (await as(adminCookie, 'GET', '/api/admin/voice-profiles')).json();
    expect(voices.find((v: { id: number }) => v.id === voice.id)).toMatchObject({
      name: 'Ada voice',
      ownerName: 'Ada Hopper',
      ownerEmail: stranger.teacher.email,
      consentAt: voice.consentAt,
    });
    const avatars = (await as(adminCookie, 'GET', '/api/admin/avatar-profiles')).json();
    expect(avatars.find((a: { id: number }) => a.id === avatar.id)).toMatchObject({
      name: 'Ada avatar',
      ownerName: 'Ada Hopper',
    });

    expect((await as(adminCookie, 'DELETE', '/api/admin/voice-profiles/abc')).statusCode).toBe(404);
    expect(
      (await as(adminCookie, 'DELETE', `/api/admin/voice-profiles/${voice.id}`)).statusCode,
    ).toBe(200);
    expect(
      (await as(adminCookie, 'DELETE', `/api/admin/voice-profiles/${voice.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await as(adminCookie, 'DELETE', `/api/admin/avatar-profiles/${avatar.id}`)).statusCode,
    ).toBe(200);
    expect((await as(stranger.cookie, 'GET', '/api/teacher-voices')).json()).toEqual([]);
    expect((await as(stranger.cookie, 'GET', '/api/teacher-avatar-profiles')).json()).toEqual([]);
    expect((await as(stranger.cookie, 'GET', samplePath)).statusCode).toBe(404);
    expect((await as(stranger.cookie, 'GET', imagePath)).statusCode).toBe(404);
    // The removed avatar's queued job finds nothing to do.
    await t.ctx.jobs.drain();
  }, 60_000);
});
