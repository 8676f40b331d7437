import { beforeAll, describe, expect, it } from 'vitest';
import {
  anchored,
  expectOnPassage,
  feedback,
  highlights,
  type InspectedPage,
  inspect,
  notes,
} from './pdf-inspection.test-support';
import { renderDocumentPdf } from './render-pdf';
import type { ExportInput } from './types';

describe('renderDocumentPdf, typeset from the text', () => {
  const pages = [
    'Zoë went to the beach with Łukasz. The waves were huge and the sand was warm.',
    'Nguyễn wrote a poem.\n\nThe sea is blue\nthe sky is grey\n\nThe end.',
  ];
  const input: ExportInput = {
    title: 'Our trip — by the sea',
    author: 'Zoë Nguyễn',
    teacherName: 'Mrs Łopez',
    pages,
    feedback: [
      feedback({
        id: 'f1',
        content: 'Lovely image, Zoë!',
        ...anchored(pages, 1, 'waves were huge', {}),
      }),
      feedback({
        id: 'f2',
        type: 'audio',
        transcript: 'Listen to how the lines rhyme.',
        audioUrl: 'https://school.example/audio/f2',
        audioDuration: 75,
        ...anchored(pages, 2, 'the sky is grey', {}),
      }),
      feedback({ id: 'f3', content: 'A good poem overall.', pageNumber: 2 }),
    ],
  };
  let out: InspectedPage[];
  beforeAll(async () => {
    out = await inspect(await renderDocumentPdf(input, { annotations: true }));
  });

  it('typesets every page in a Unicode font, then a summary page', () => {
    expect(out).toHaveLength(3);
    expect(out[0]!.text).toContain('Our trip — by the sea');
    expect(out[0]!.text).toContain('by Zoë Nguyễn');
    expect(out[0]!.text).toContain('Zoë went to the beach with Łukasz.');
    expect(out[1]!.text).toContain('Nguyễn wrote a poem.');
    expect(out[2]!.text).toContain('Feedback summary');
  });

  it('turns a text comment into a yellow highlight on its passage', () => {
    const [mark] = highlights(out[0]!);
    expect(mark?.contentsObj?.str).toBe('Lovely image, Zoë!');
    expect(mark?.titleObj?.str).toBe('Mrs Łopez');
    expect(Array.from(mark!.color!)).toEqual([255, 227, 51]);
    expectOnPassage(out[0]!, mark!.rect, 'waves were huge');
    expect(out[0]!.annotations.some((a) => a.subtype === 'Popup')).toBe(true);
  });

  it('turns an audio comment into a highlight of its own colour with transcript and link', () => {
    const [mark] = highlights(out[1]!);
    expect(mark?.contentsObj?.str).toBe(
      'Audio feedback (1:15): Listen to how the lines rhyme. — listen: https://school.example/audio/f2',
    );
    expect(Array.from(mark!.color!)).not.toEqual([255, 227, 51]);
    expectOnPassage(out[1]!, mark!.rect, 'the sky is grey');
  });

  it('puts a note with no passage in a sticky note at the top of its page', () => {
    const [note] = notes(out[1]!);
    expect(note?.contentsObj?.str).toBe('A good poem overall.');
    expect(note!.rect[1]).toBeGreaterThan(700);
  });

  it('lists every item on the summary page with a clickable audio link', () => {
    const summary = out[2]!;
    expect(summary.text).toContain('Lovely image, Zoë!');
    expect(summary.text).toContain('“the sky is grey”');
    expect(summary.text).toContain('Audio feedback (1:15): Listen to how the lines rhyme.');
    const links = summary.annotations.filter((a) => a.subtype === 'Link');
    expect(links.map((l) => l.url)).toContain('https://school.example/audio/f2');
  });

  it("adds an audio item's written note, labelled as the teacher's, to its highlight and the summary", async () => {
    const noted = await inspect(
      await renderDocumentPdf(
        {
          ...input,
          feedback: [
            feedback({
              id: 'n',
              type: 'audio',
              content: 'Read it aloud to a friend.',
              transcript: 'Listen to how the lines rhyme.',
              audioUrl: 'https://school.example/audio/n',
              audioDuration: 4,
              ...anchored(pages, 2, 'the sky is grey', {}),
            }),
          ],
        },
        { annotations: true },
      ),
    );
    const [mark] = highlights(noted[1]!);
    expect(mark?.contentsObj?.str).toBe(
      "Audio feedback (0:04): Listen to how the lines rhyme. — Teacher's note: Read it aloud to a friend. — listen: https://school.example/audio/n",
    );
    const summary = noted[2]!.text.replace(/\s+/g, ' ');
    expect(summary).toContain("Teacher's note: Read it aloud to a friend.");
  });

  it('covers each line of a passage that wraps with its own quad', async () => {
    const long = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const quote = long.slice(long.indexOf('word10'), long.indexOf('word50') + 6);
    const wrapped = await inspect(
      await renderDocumentPdf(
        {
          ...input,
          pages: [long],
          feedback: [feedback({ id: 'w', content: 'Long', ...anchored([long], 1, quote, {}) })],
        },
        { annotations: true },
      ),
    );
    const [mark] = highlights(wrapped[0]!);
    expect(mark!.quadPoints!.length).toBeGreaterThanOrEqual(16);
    expect(mark!.quadPoints!.length % 8).toBe(0);
  });

  it('continues a page of many short lines on a second sheet, highlights and all', async () => {
    const poem = Array.from({ length: 80 }, (_, i) => `line ${i} of the poem`).join('\n');
    const out2 = await inspect(
      await renderDocumentPdf(
        {
          ...input,
          pages: [poem],
          feedback: [
            feedback({ id: 'p', content: 'Late', ...anchored([poem], 1, 'line 75 of', {}) }),
          ],
        },
        { annotations: true },
      ),
    );
    expect(out2).toHaveLength(3);
    expect(out2[1]!.text).toContain('Page 1 of 1 (continued)');
    expectOnPassage(out2[1]!, highlights(out2[1]!)[0]!.rect, 'line 75 of');
  });

  it('without annotations, is the typeset text alone', async () => {
    const plain = await inspect(await renderDocumentPdf(input, { annotations: false }));
    expect(plain).toHaveLength(2);
    expect(plain.flatMap((p) => p.annotations)).toEqual([]);
  });
});
