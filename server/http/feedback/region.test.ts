/*
 * Feedback on a region of the page as handed in: a photo (cropped on the server) and a PDF
 * page (the browser's picture of it, checked), through the API, the views and the exports.
 */
import { spawnSync } from 'node:child_process';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback, files } from '../../db/schema';
import { classroomKeyOf, fixture, handIn, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';
import { readZip } from '../../test/read-zip';
import { inspect } from '../../work/exports/pdf-inspection.test-support';

/** 400 × 300: the left half red, the right half blue, so a crop shows which half it is. */
function twoColourPhoto(): Promise<Buffer> {
  const half = (r: number, b: number) =>
    sharp({ create: { width: 200, height: 300, channels: 3, background: { r, g: 0, b } } })
      .png()
      .toBuffer();
  return Promise.all([half(220, 0), half(0, 220)]).then(([red, blue]) =>
    sharp({ create: { width: 400, height: 300, channels: 3, background: '#000' } })
      .composite([
        { input: red!, left: 0, top: 0 },
        { input: blue!, left: 200, top: 0 },
      ])
      .png()
      .toBuffer(),
  );
}

function recordClip(seconds: number): Buffer {
  const result = spawnSync(ffmpeg.path, [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
    ...['-i', `sine=frequency=440:duration=${seconds}`, '-c:a', 'libopus', '-f', 'webm'],
    'pipe:1',
  ]);
  if (result.status !== 0) throw new Error(result.stderr.toString());
  return result.stdout;
}

async function meanColour(png: Buffer) {
  const { channels } = await sharp(png).stats();
  return { r: channels[0]!.mean, g: channels[1]!.mean, b: channels[2]!.mean };
}

describe.each(testBackends())('region feedback on %s', (backend) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;
  let stranger: Awaited<ReturnType<typeof signedInTeacher>>;
  let photo: { id: number };
  let pdf: { id: number };

  beforeAll(async () => {
    t = await startTestApp(backend, { PUBLIC_URL: 'http://cv.test' });
    owner = await signedInTeacher(t, 'Grace');
    stranger = await signedInTeacher(t, 'Ada');
    // Photos are marked on the image: reading them (OCR) is not needed, and is slow.
    await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie: owner.cookie },
      payload: { documentAnalysis: false },
    });
    const key = await classroomKeyOf(t, owner.cookie);
    const bytes = await twoColourPhoto();
    photo = (
      await handIn(t, key.keyId, { title: 'Worksheet', file: { bytes, name: 'worksheet.png' } })
    ).json();
    pdf = (await handIn(t, key.keyId, { firstName: 'Ben', title: 'Essay' })).json();
    await t.ctx.jobs.drain();
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  const as = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const mine = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    as(owner.cookie, method, url, payload);
  const rightHalf = { page: 1, x: 0.6, y: 0.2, width: 0.3, height: 0.5 };

  it('keeps a region on a photo with a crop of that part of the photo', async () => {
    const saved = await mine('POST', `/api/documents/${photo.id}/feedback`, {
      type: 'text',
      content: 'Neat working here.',
      region: rightHalf,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const item = saved.json();
    expect(item).toMatchObject({
      region: rightHalf,
      highlightedText: null,
      startOffset: null,
      pageNumber: 1,
      regionCropUrl: `/api/feedback/${item.id}/region-crop`,
    });
    const crop = await mine('GET', item.regionCropUrl);
    expect(crop.statusCode).toBe(200);
    expect(crop.headers['content-type']).toBe('image/png');
    const colour = await meanColour(crop.rawPayload);
    expect(colour.b).toBeGreaterThan(200);
    expect(colour.r).toBeLessThan(20);
    const size = await sharp(crop.rawPayload).metadata();
    expect([size.width, size.height]).toEqual([120, 150]);

    const listed = (await mine('GET', `/api/documents/${photo.id}/feedback`)).json();
    expect(listed.find((i: { id: number }) => i.id === item.id)).toMatchObject({
      region: rightHalf,
      anchorStatus: null,
    });
    // Another teacher sees neither the picture nor a way to add to the document.
    expect((await as(stranger.cookie, 'GET', item.regionCropUrl)).statusCode).toBe(404);
    const theirs = await as(stranger.cookie, 'POST', `/api/documents/${photo.id}/feedback`, {
      type: 'text',
      content: 'x',
      region: rightHalf,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('refuses regions that are off the page, too small, on a missing page or on a passage too', async () => {
    const before = await t.ctx.db.select().from(feedback);
    const cases: [object, string, number?][] = [
      [{ ...rightHalf, x: 0.8 }, 'The region goes past the right edge of the page'],
      [{ ...rightHalf, y: 0.6 }, 'The region goes past the bottom of the page'],
      [{ ...rightHalf, width: 0.001 }, 'The region is too small to see'],
      [{ ...rightHalf, x: -0.1 }, "The region's left edge must be between 0 and 1"],
      [{ ...rightHalf, page: 0 }, 'The region must be on page 1 or later'],
      [{ ...rightHalf, page: 2 }, 'A photo has one page: the region must be on page 1'],
      [{ ...rightHalf, x: 'left' }, "The region's left edge must be a number"],
    ];
    for (const [region, message] of cases) {
      const response = await mine('POST', `/api/documents/${photo.id}/feedback`, {
        type: 'text',
        content: 'Look here',
        region,
      });
      expect(response.statusCode, JSON.stringify(region)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const both = await mine('POST', `/api/documents/${photo.id}/feedback`, {
      type: 'text',
      content: 'Look here',
      region: rightHalf,
      highlightedText: 'some words',
    });
    expect(both.json().message).toContain('Feedback is on a region or on a passage, not both');
    const tooFar = await mine('POST', `/api/documents/${pdf.id}/feedback`, {
      type: 'text',
      content: 'Look here',
      region: { ...rightHalf, page: 40 },
    });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().message).toMatch(
      /^The region is on page 40, but this file has \d+ pages?$/,
    );
    const notPng = await mine('POST', `/api/documents/${pdf.id}/feedback`, {
      type: 'text',
      content: 'Look here',
      region: rightHalf,
      regionCrop: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'),
    });
    expect(notPng.statusCode).toBe(400);
    expect(notPng.json().message).toBe('The picture of the region must be a PNG image');
    const huge = await sharp({
      create: { width: 1200, height: 10, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    const tooWide = await mine('POST', `/api/documents/${pdf.id}/feedback`, {
      type: 'text',
      content: 'Look here',
      region: rightHalf,
      regionCrop: huge.toString('base64'),
    });
    expect(tooWide.json().message).toBe(
      'The picture of the region must be at most 1000 pixels a side',
    );
    expect(await t.ctx.db.select().from(feedback)).toHaveLength(before.length);
  });

  it('keeps an audio region on a PDF page with the browser’s picture, and shares both', async () => {
    const processed = (
      await mine('POST', '/api/audio/process', { audioData: recordClip(1).toString('base64') })
    ).json();
    const picture = await sharp({
      create: { width: 300, height: 200, channels: 3, background: { r: 0, g: 200, b: 0 } },
    })
      .png()
      .toBuffer();
    const saved = await mine('POST', `/api/documents/${pdf.id}/feedback`, {
      type: 'audio',
      content: 'Listen to this about your diagram.',
      audioUrl: processed.audioUrl,
      audioDuration: processed.duration,
      region: { page: 1, x: 0.1, y: 0.1, width: 0.5, height: 0.25 },
      regionCrop: `data:image/png;base64,${picture.toString('base64')}`,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const item = saved.json();
    const crop = await mine('GET', item.regionCropUrl);
    expect((await meanColour(crop.rawPayload)).g).toBeGreaterThan(180);

    const shared = (
      await mine('POST', `/api/documents/${pdf.id}/share-feedback`, { sendEmail: false })
    ).json();
    const accessKey = shared.shareableLink.split('/').pop();
    const view = (await t.app.inject({ url: `/api/feedback-view/${accessKey}` })).json();
    const seen = view.feedbackItems.find((i: { id: number }) => i.id === item.id);
    expect(seen).toMatchObject({
      type: 'audio',
      region: { page: 1, x: 0.1, y: 0.1, width: 0.5, height: 0.25 },
      regionCropUrl: `/api/feedback-view/${accessKey}/region-crop/${item.id}`,
    });
    const viaLink = await t.app.inject({ url: seen.regionCropUrl });
    expect(viaLink.statusCode).toBe(200);
    expect(viaLink.headers['cache-control']).toBe('no-store');
    // The link opens only its own document's pictures.
    const photoItem = (await mine('GET', `/api/documents/${photo.id}/feedback`)).json()[0];
    const elsewhere = await t.app.inject({
      url: `/api/feedback-view/${accessKey}/region-crop/${photoItem.id}`,
    });
    expect(elsewhere.statusCode).toBe(404);
    const wrongKey = await t.app.inject({
      url: `/api/feedback-view/${'x'.repeat(43)}/region-crop/${item.id}`,
    });
    expect(wrongKey.statusCode).toBe(404);
  });

  it('puts a /Square over the region of the photo in the annotated PDF, and the crop in Word', async () => {
    const response = await mine('GET', `/api/documents/${photo.id}/download?format=annotated-pdf`);
    expect(response.statusCode).toBe(200);
    const pages = await inspect(new Uint8Array(response.rawPayload));
    const square = pages[0]!.annotations.find((a) => a.subtype === 'Square');
    expect(square?.contentsObj?.str).toBe('Neat working here.');
    // The photo (4:3, wide) is fitted on a landscape A4 page inside 36 pt margins.
    const scale = Math.min((841.89 - 72) / 400, (595.28 - 72) / 300);
    const [width, height] = [400 * scale, 300 * scale];
    const box = { x: (841.89 - width) / 2, y: 36 + (595.28 - 72 - height) / 2, width, height };
    const [x1, y1, x2, y2] = square!.rect;
    expect(x1).toBeCloseTo(box.x + 0.6 * box.width, 0);
    expect(x2).toBeCloseTo(box.x + 0.9 * box.width, 0);
    expect(y2).toBeCloseTo(box.y + (1 - 0.2) * box.height, 0);
    expect(y1).toBeCloseTo(box.y + (1 - 0.7) * box.height, 0);
    expect(pages.at(-1)!.text).toContain('Region on page 1');

    const docx = await mine('GET', `/api/documents/${photo.id}/download?format=docx`);
    const zip = await readZip(docx.rawPayload);
    expect(zip.get('word/comments.xml')?.toString()).toContain('Region on page 1');
    const rels = zip.get('word/_rels/comments.xml.rels')?.toString() ?? '';
    expect(rels).toMatch(/relationships\/image" Target="media\/[^"]+\.png"/);
  });

  it('puts a /Square on the page of the pupil’s PDF', async () => {
    const response = await mine('GET', `/api/documents/${pdf.id}/download?format=annotated-pdf`);
    const pages = await inspect(new Uint8Array(response.rawPayload));
    const square = pages[0]!.annotations.find((a) => a.subtype === 'Square');
    expect(square?.contentsObj?.str).toContain('Listen to this about your diagram.');
    expect(square?.contentsObj?.str).toContain('listen: http://cv.test/api/audio/');
    const page = (await PDFDocument.load(fixture('essay.pdf'))).getPage(0).getCropBox();
    const [x1, y1, x2, y2] = square!.rect;
    expect(x1).toBeCloseTo(page.x + 0.1 * page.width, 0);
    expect(x2).toBeCloseTo(page.x + 0.6 * page.width, 0);
    expect(y2).toBeCloseTo(page.y + 0.9 * page.height, 0);
    expect(y1).toBeCloseTo(page.y + 0.65 * page.height, 0);
  });

  it('removes the picture with the item, and with the document', async () => {
    const [item] = (await mine('GET', `/api/documents/${photo.id}/feedback`)).json();
    const [row] = await t.ctx.db.select().from(feedback).where(eq(feedback.id, item.id));
    expect((await mine('DELETE', `/api/feedback/${item.id}`)).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(files).where(eq(files.id, row!.regionCropFileId!))).toEqual(
      [],
    );
    const [audioItem] = await t.ctx.db
      .select()
      .from(feedback)
      .where(eq(feedback.documentId, pdf.id));
    expect((await mine('DELETE', `/api/documents/${pdf.id}`)).statusCode).toBe(200);
    expect(
      await t.ctx.db.select().from(files).where(eq(files.id, audioItem!.regionCropFileId!)),
    ).toEqual([]);
  });
});
