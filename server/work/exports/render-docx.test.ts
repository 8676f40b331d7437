import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { feedback } from './pdf-inspection.test-support';
import { renderDocumentDocx } from './render-docx';
import type { ExportFeedback, ExportInput } from './types';

const pages = [
  'Zoë went to the beach with Łukasz.\n\nThe waves were huge and the sand was warm.',
  'Nguyễn wrote a poem.\nThe sea is blue\nthe sky is grey',
];

const item = (id: string, over: Partial<ExportFeedback>) => feedback({ id, ...over });

function on(pageNumber: number, quote: string) {
  const start = pages[pageNumber - 1]!.indexOf(quote);
  return {
    pageNumber,
    startOffset: start,
    endOffset: start + quote.length,
    highlightedText: quote,
  };
}

const input: ExportInput = {
  title: 'At the beach',
  author: 'Zoë Nguyễn',
  teacherName: 'Mrs Łopez',
  pages,
  feedback: [
    item('a', { content: 'Lovely, Zoë!', ...on(1, 'waves were huge') }),
    // Crosses the paragraph break: the comment spans both paragraphs.
    item('b', { content: 'Two sentences.', ...on(1, 'Łukasz.\n\nThe waves') }),
    item('c', {
      type: 'audio',
      transcript: 'Nice rhyme.',
      audioUrl: 'https://school.example/audio/c',
      audioDuration: 9,
      ...on(2, 'sky is grey'),
    }),
    item('d', { content: 'Good page.', pageNumber: 2 }),
  ],
};

/** The text inside the range of comment `id` in document.xml, marks and runs stripped. */
function commentedText(documentXml: string, id: number): string {
  const start = documentXml.indexOf(`<w:commentRangeStart w:id="${id}"/>`);
  const end = documentXml.indexOf(`<w:commentRangeEnd w:id="${id}"/>`);
  expect(start, `commentRangeStart ${id}`).toBeGreaterThan(-1);
  expect(end, `commentRangeEnd ${id}`).toBeGreaterThan(start);
  const between = documentXml.slice(start, end);
  const paragraphs = between.split('</w:p>');
  return paragraphs
    .map((p) => [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''))
    .join('\n');
}

describe('renderDocumentDocx', () => {
  let documentXml: string;
  let commentsXml: string;
  beforeAll(async () => {
    const zip = await JSZip.loadAsync(await renderDocumentDocx(input));
    documentXml = await zip.file('word/document.xml')!.async('string');
    commentsXml = await zip.file('word/comments.xml')!.async('string');
  });

  it('writes the title, the author and the text', () => {
    expect(documentXml).toContain('At the beach');
    expect(documentXml).toContain('by Zoë Nguyễn');
    expect(documentXml).toContain('Nguyễn wrote a poem.');
  });

  it('holds every item as a comment by the teacher', () => {
    expect(commentsXml.match(/<w:comment /g)).toHaveLength(4);
    expect(commentsXml).toContain('w:author="Mrs Łopez"');
    expect(commentsXml).toContain('Lovely, Zoë!');
    expect(commentsXml).toContain(
      'Audio feedback (0:09): Nice rhyme. — listen: https://school.example/audio/c',
    );
  });

  it('anchors each comment exactly on its passage', () => {
    // Ids follow reading order: page 1 by offset, then page 2 (page-wide notes first).
    expect(commentedText(documentXml, 0)).toBe('Łukasz.\nThe waves');
    expect(commentedText(documentXml, 1)).toBe('waves were huge');
    expect(commentedText(documentXml, 3)).toBe('sky is grey');
    for (const id of [0, 1, 2, 3]) {
      expect(documentXml).toContain(`<w:commentReference w:id="${id}"/>`);
    }
  });

  it('puts a page-wide note at the start of its page', () => {
    expect(commentedText(documentXml, 2)).toBe('');
    const mark = documentXml.indexOf('<w:commentRangeStart w:id="2"/>');
    expect(documentXml.indexOf('Nguyễn wrote a poem.')).toBeGreaterThan(mark);
    expect(documentXml.indexOf('with Łukasz')).toBeLessThan(mark);
  });

  it('ends with a summary whose audio link is clickable', async () => {
    const zip = await JSZip.loadAsync(await renderDocumentDocx(input));
    const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
    expect(documentXml).toContain('Feedback summary');
    expect(rels).toContain('https://school.example/audio/c');
  });

  it("carries an audio item's written note, labelled as the teacher's, in comment and summary", async () => {
    const noted: ExportInput = {
      ...input,
      feedback: [
        item('n', {
          type: 'audio',
          content: 'Read it aloud to a friend.',
          audioUrl: 'https://school.example/audio/n',
          audioDuration: 4,
          ...on(2, 'sky is grey'),
        }),
      ],
    };
    const zip = await JSZip.loadAsync(await renderDocumentDocx(noted));
    const comments = await zip.file('word/comments.xml')!.async('string');
    const body = await zip.file('word/document.xml')!.async('string');
    const expected = "Audio feedback (0:04) — Teacher's note: Read it aloud to a friend.";
    expect(comments).toContain(
      `${expected.replace("'", '&apos;')} — listen: https://school.example/audio/n`,
    );
    expect(body.slice(body.indexOf('Feedback summary'))).toContain(expected.replace("'", '&apos;'));
    expect(comments).not.toContain('no transcript');
  });

  it('finds a passage stored against the wrong page and says when one is gone', async () => {
    const moved: ExportInput = {
      ...input,
      feedback: [
        // Stored on page 1 with offsets of another text, as after a re-extraction.
        item('m', {
          content: 'Moved.',
          pageNumber: 1,
          startOffset: 3,
          endOffset: 19,
          highlightedText: 'Nguyễn wrote a poem',
        }),
        item('g', { content: 'Gone.', pageNumber: 1, highlightedText: 'a purple dragon' }),
      ],
    };
    const zip = await JSZip.loadAsync(await renderDocumentDocx(moved));
    const body = await zip.file('word/document.xml')!.async('string');
    const comments = await zip.file('word/comments.xml')!.async('string');
    // Reading order puts the item without offsets first: the moved passage is comment 1.
    expect(commentedText(body, 1)).toBe('Nguyễn wrote a poem');
    expect(comments).toContain('On “a purple dragon” (passage not found): Gone.');
    expect(body.slice(body.indexOf('Feedback summary'))).toMatch(/Page 2/);
  });
});
