/*
 * Drawings on the page as handed in (pen, highlighter, shapes) through the API: checked,
 * kept with the box round them, pictured with their ink, shared, and drawn in the annotated
 * PDF as real ink annotations (/Ink, /Square, /Circle, /Line) where they were drawn.
 */
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback } from '../../db/schema';
import { classroomKeyOf, fixture, handIn, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';
import { readZip } from '../../test/read-zip';
import { inspect } from '../../work/exports/pdf-inspection.test-support';

/** 400 × 300 of plain white paper: any colour in a crop is the ink. */
const whitePhoto = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();

const pen = {
  tool: 'pen',
  colour: 'red',
  width: 0.01,
  points: [
    [0.2, 0.3],
    [0.3, 0.35],
    [0.4, 0.3],
    [0.5, 0.4],
  ],
};
const circle = {
  tool: 'ellipse',
  colour: 'blue',
  width: 0.004,
  points: [
    [0.6, 0.5],
    [0.8, 0.7],
  ],
};
const arrow = {
  tool: 'arrow',
  colour: 'black',
  width: 0.004,
  points: [
    [0.1, 0.9],
    [0.3, 0.6],
  ],
};
const box = {
  tool: 'rectangle',
  colour: 'green',
  width: 0.004,
  points: [
    [0.55, 0.1],
    [0.7, 0.2],
  ],
};
const highlighter = {
  tool: 'highlighter',
  colour: 'yellow',
  width: 0.02,
  points: [
    [0.1, 0.15],
    [0.45, 0.15],
  ],
};

describe.each(testBackends())('drawings on the page on %s', (backend) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;
  let stranger: Awaited<ReturnType<typeof signedInTeacher>>;
  let photo: { id: number };
  let pdf: { id: number };

  beforeAll(async () => {
    t = await startTestApp(backend, { PUBLIC_URL: 'http://cv.test' });
    owner = await signedInTeacher(t, 'Grace');
    stranger = await signedInTeacher(t, 'Ada');
    await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie: owner.cookie },
      payload: { documentAnalysis: false },
    });
    const key = await classroomKeyOf(t, owner.cookie);
    photo = (
      await handIn(t, key.keyId, {
        title: 'Worksheet',
        file: { bytes: await whitePhoto(), name: 'worksheet.png' },
      })
    ).json();
    pdf = (await handIn(t, key.keyId, { firstName: 'Ben', title: 'Essay' })).json();
    await t.ctx.jobs.drain();
  }, 300_000);
  afterAll(async () => t?.close());

  const as = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const mine = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    as(owner.cookie, method, url, payload);

  it('keeps a drawing with no comment, the box round it as its region, and a picture with its ink', async () => {
    const saved = await mine('POST', `/api/documents/${photo.id}/feedback`, {
      type: 'text',
      content: '',
      ink: { page: 1, strokes: [pen, circle] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const item = saved.json();
    expect(item.ink).toEqual({ page: 1, strokes: [pen, circle] });
    expect(item).toMatchObject({ content: '', pageNumber: 1, highlightedText: null });
    // The box round both strokes and half their widths: 0.195..0.802 by 0.295..0.702.
    expect(item.region.x).toBeCloseTo(0.195, 3);
    expect(item.region.y).toBeCloseTo(0.295, 3);
    expect(item.region.x + item.region.width).toBeCloseTo(0.802, 3);
    expect(item.region.y + item.region.height).toBeCloseTo(0.702, 3);
    const crop = await mine('GET', item.regionCropUrl);
    expect(crop.statusCode).toBe(200);
    // White paper with red and blue ink on it: the picture is not all white.
    const { channels } = await sharp(crop.rawPayload).stats();
    expect(channels[1]!.min).toBeLessThan(120);
    expect(channels[0]!.max).toBeGreaterThan(200);

    // An empty comment on a drawing may be reworded, or emptied again.
    const worded = await mine('PUT', `/api/feedback/${item.id}`, { content: 'Good curve.' });
    expect(worded.json().content).toBe('Good curve.');
    expect((await mine('PUT', `/api/feedback/${item.id}`, { content: '' })).statusCode).toBe(200);
  });

  it('refuses a drawing off the page, empty, malformed, on a passage too, or on another teacher’s work', async () => {
    const before = await t.ctx.db.select().from(feedback);
    const post = (ink: unknown, extra: object = {}) =>
      mine('POST', `/api/documents/${photo.id}/feedback`, {
        type: 'text',
        content: 'Look',
        ink,
        ...extra,
      });
    const cases: [unknown, string][] = [
      [{ page: 1, strokes: [] }, 'The drawing is empty'],
      [
        {
          page: 1,
          strokes: [
            {
              ...pen,
              points: [
                [0.1, 1.2],
                [0.2, 0.2],
              ],
            },
          ],
        },
        'A drawing must stay on the page',
      ],
      [
        { page: 1, strokes: [{ ...pen, points: [[0.1, 0.1]] }] },
        'A line needs at least two points',
      ],
      [
        {
          page: 1,
          strokes: [
            {
              ...circle,
              points: [
                [0.1, 0.1],
                [0.2, 0.2],
                [0.3, 0.3],
              ],
            },
          ],
        },
        'A shape is drawn from one corner to the other: two points',
      ],
      [
        { page: 1, strokes: [{ ...pen, tool: 'spray' }] },
        'Choose a pen, highlighter, rectangle, ellipse or arrow',
      ],
      [
        { page: 1, strokes: [{ ...pen, colour: 'url(#x)' }] },
        'Choose red, blue, green, black or yellow',
      ],
      [{ page: 1, strokes: [{ ...pen, width: 0.5 }] }, 'The line is too thick'],
      [
        { page: 1, strokes: Array.from({ length: 51 }, () => pen) },
        'A drawing can have at most 50 lines and shapes',
      ],
      [
        {
          page: 1,
          strokes: Array.from({ length: 6 }, () => ({
            ...pen,
            points: Array.from({ length: 900 }, () => [0.5, 0.5]),
          })),
        },
        'The drawing has too many points',
      ],
      [{ page: 2, strokes: [pen] }, 'A photo has one page: the drawing must be on page 1'],
    ];
    for (const [ink, message] of cases) {
      const response = await post(ink);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const onPassage = await post({ page: 1, strokes: [pen] }, { highlightedText: 'words' });
    expect(onPassage.json().message).toBe(
      'A drawing is feedback of its own: not on a passage or a region',
    );
    // Written feedback with no drawing still needs words.
    const noWords = await mine('POST', `/api/documents/${photo.id}/feedback`, {
      type: 'text',
      content: ' ',
      region: { page: 1, x: 0.1, y: 0.1, width: 0.2, height: 0.2 },
    });
    expect(noWords.json().message).toBe('Feedback text is required');
    const theirs = await as(stranger.cookie, 'POST', `/api/documents/${photo.id}/feedback`, {
      type: 'text',
      content: '',
      ink: { page: 1, strokes: [pen] },
    });
    expect(theirs.statusCode).toBe(404);
    expect(await t.ctx.db.select().from(feedback)).toHaveLength(before.length);
  });

  it('draws the photo’s drawing as /Ink and /Circle over the photo in the annotated PDF, named in Word', async () => {
    const response = await mine('GET', `/api/documents/${photo.id}/download?format=annotated-pdf`);
    expect(response.statusCode).toBe(200);
    const pages = await inspect(new Uint8Array(response.rawPayload));
    const annotations = pages[0]!.annotations;
    const ink = annotations.find((a) => a.subtype === 'Ink') as
      | ((typeof annotations)[number] & { inkLists?: ArrayLike<number>[] })
      | undefined;
    const ellipse = annotations.find((a) => a.subtype === 'Circle');
    expect(ink).toBeDefined();
    expect(ellipse).toBeDefined();
    // The photo (4:3) fitted on landscape A4 inside 36 pt margins, as for regions.
    const scale = Math.min((841.89 - 72) / 400, (595.28 - 72) / 300);
    const [width, height] = [400 * scale, 300 * scale];
    const area = { x: (841.89 - width) / 2, y: 36 + (595.28 - 72 - height) / 2, width, height };
    const [x1, y1, x2, y2] = ellipse!.rect;
    const half = (0.004 * width) / 2;
    expect(x1).toBeCloseTo(area.x + 0.6 * area.width - half, 0);
    expect(x2).toBeCloseTo(area.x + 0.8 * area.width + half, 0);
    expect(y2).toBeCloseTo(area.y + (1 - 0.5) * area.height + half, 0);
    expect(y1).toBeCloseTo(area.y + (1 - 0.7) * area.height - half, 0);
    // The pen line's points, where they were drawn (the first at 0.2, 0.3 of the photo).
    const points = Array.from(ink!.inkLists?.[0] as ArrayLike<{ x: number; y: number } | number>);
    const first = points[0] as { x: number; y: number } | number;
    const [px, py] = typeof first === 'number' ? [first, points[1] as number] : [first.x, first.y];
    expect(px).toBeCloseTo(area.x + 0.2 * area.width, 0);
    expect(py).toBeCloseTo(area.y + (1 - 0.3) * area.height, 0);
    expect(pages.at(-1)!.text).toContain('Drawing on page 1');

    const docx = await mine('GET', `/api/documents/${photo.id}/download?format=docx`);
    const zip = await readZip(docx.rawPayload);
    expect(zip.get('word/comments.xml')?.toString()).toContain('Drawing on page 1');
  });

  it('draws every tool on the page of the pupil’s PDF, grouped as one, and shares the drawing', async () => {
    const picture = await sharp({
      create: { width: 300, height: 200, channels: 3, background: { r: 255, g: 255, b: 255 } },
    })
      .png()
      .toBuffer();
    const saved = await mine('POST', `/api/documents/${pdf.id}/feedback`, {
      type: 'text',
      content: 'See the marks on your diagram.',
      ink: { page: 1, strokes: [highlighter, box, arrow, pen] },
      regionCrop: picture.toString('base64'),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const response = await mine('GET', `/api/documents/${pdf.id}/download?format=annotated-pdf`);
    const pages = await inspect(new Uint8Array(response.rawPayload));
    const kinds = pages[0]!.annotations
      .map((a) => a.subtype)
      .filter((s) => ['Ink', 'Square', 'Line', 'Circle'].includes(s));
    expect(kinds.sort()).toEqual(['Ink', 'Ink', 'Line', 'Square']);
    // The first carries the comment; the others are grouped with it.
    const comment = pages[0]!.annotations.find((a) => a.contentsObj?.str);
    expect(comment?.contentsObj?.str).toBe('See the marks on your diagram.');
    const square = pages[0]!.annotations.find((a) => a.subtype === 'Square')!;
    const page = (await PDFDocument.load(fixture('essay.pdf'))).getPage(0).getCropBox();
    const half = (0.004 * page.width) / 2;
    expect(square.rect[0]).toBeCloseTo(page.x + 0.55 * page.width - half, 0);
    expect(square.rect[3]).toBeCloseTo(page.y + 0.9 * page.height + half, 0);

    const shared = (
      await mine('POST', `/api/documents/${pdf.id}/share-feedback`, { sendEmail: false })
    ).json();
    const view = (
      await t.app.inject({ url: `/api/feedback-view/${shared.shareableLink.split('/').pop()}` })
    ).json();
    const seen = view.feedbackItems.find((i: { id: number }) => i.id === saved.json().id);
    expect(seen.ink).toEqual({ page: 1, strokes: [highlighter, box, arrow, pen] });
    expect(seen.regionCropUrl).toMatch(/\/region-crop\/\d+$/);
  });
});
