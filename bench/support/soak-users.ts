import { setTimeout as sleep } from 'node:timers/promises';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Answer, ProxiedClient } from '../../server/test/proxied-client';
import type { RequestLog } from './soak-stats';

/*
 * The simulated people of the soak, each a browser behind the school's proxy (its own
 * client address and cookie jar) doing what the web client does on their screens, with
 * a few seconds of thinking between screens:
 *   - a teacher signs in once, then goes round the dashboard, the documents list (with
 *     "Load More"), a document with its text and feedback, writes feedback, marks work
 *     reviewed and shares links now and then, and opens the planner;
 *   - a pupil types the classroom passphrase, looks at their work and feedback, now and
 *     then hands in a small PDF made here, and comes back later;
 *   - a parent opens a link a teacher shared, reads, sometimes downloads, comes back later.
 * Every answer that is not 2xx or 3xx, and every network error, is an error: nothing in
 * this mix expects one.
 */

export type Classroom = { email: string; phrase: string; planId: number };

/** What the users share while the soak runs: classrooms, and the links teachers shared. */
export type SoakWorld = {
  classrooms: Classroom[];
  password: string;
  /** Access keys of shared links, for parents. */
  sharedKeys: string[];
  /** Documents pupils handed in during the soak, to check they were all read. */
  handedIn: number[];
  log: RequestLog;
  stopAt: number;
};

/** A random whole number of milliseconds between min and max seconds. */
const seconds = (min: number, max: number) =>
  Math.round((min + Math.random() * (max - min)) * 1000);
const chance = (p: number) => Math.random() < p;
const pick = <T>(list: T[]): T | undefined => list[Math.floor(Math.random() * list.length)];

/** One simulated person: their browser, and timed requests that count errors. */
class Person {
  constructor(
    protected readonly client: ProxiedClient,
    protected readonly world: SoakWorld,
  ) {}

  protected get running() {
    return Date.now() < this.world.stopAt;
  }

  /** Thinks (or is away) for a while, waking early when the soak ends. */
  protected async think(ms: number) {
    const left = this.world.stopAt - Date.now();
    if (left > 0) await sleep(Math.min(ms, left));
  }

  /** One request, timed under `kind`; null when it failed (and was counted). */
  protected async call(
    kind: string,
    send: (client: ProxiedClient) => Promise<Answer>,
  ): Promise<Answer | null> {
    const started = performance.now();
    try {
      const answer = await send(this.client);
      const ms = performance.now() - started;
      if (answer.status >= 400) {
        const instance = this.client.served.at(-1);
        const body = answer.body.toString('utf8').slice(0, 200);
        this.world.log.record(kind, ms, `${answer.status} from ${instance}: ${body}`);
        return null;
      }
      this.world.log.record(kind, ms);
      return answer;
    } catch (error) {
      const cause = (error as Error).cause ?? error;
      this.world.log.record(kind, performance.now() - started, `network: ${String(cause)}`);
      return null;
    }
  }
}

export class Teacher extends Person {
  constructor(
    client: ProxiedClient,
    world: SoakWorld,
    private readonly classroom: Classroom,
  ) {
    super(client, world);
  }

  async run() {
    await this.think(seconds(0, 10));
    await this.call('page /login', (c) => c.get('/login'));
    const login = await this.call('POST /api/auth/login', (c) =>
      c.post('/api/auth/login', { email: this.classroom.email, password: this.world.password }),
    );
    if (!login) return;
    while (this.running) {
      await this.dashboard();
      await this.think(seconds(2, 6));
      const documents = await this.documents();
      await this.think(seconds(2, 6));
      // The list shows 10 at a time: most often one of those, now and then an older one.
      const opened = pick(chance(0.8) ? documents.slice(0, 10) : documents);
      if (opened) await this.review(opened);
      if (chance(0.3)) {
        await this.think(seconds(2, 6));
        await this.planner();
      }
      await this.think(seconds(2, 6));
    }
  }

  private async dashboard() {
    await this.call('page /teacher', (c) => c.get('/teacher'));
    await this.call('GET /api/auth/user', (c) => c.get('/api/auth/user'));
    await this.call('GET /api/settings', (c) => c.get('/api/settings'));
    await this.call('GET /api/activity', (c) => c.get('/api/activity'));
    await this.call('GET /api/parent-reports', (c) => c.get('/api/parent-reports'));
  }

  /** The list's first page, and "Load More" past the server's first 50 now and then. */
  private async documents(): Promise<DocumentRow[]> {
    await this.call('GET /api/auth/user', (c) => c.get('/api/auth/user'));
    const first = await this.call('GET /api/documents', (c) => c.get('/api/documents'));
    if (!first) return [];
    const rows = first.json() as DocumentRow[];
    const cursor = first.headers.get('x-next-cursor');
    if (cursor && chance(0.3)) {
      await this.think(seconds(2, 5));
      const more = await this.call('GET /api/documents?cursor', (c) =>
        c.get(`/api/documents?cursor=${encodeURIComponent(cursor)}`),
      );
      if (more) rows.push(...(more.json() as DocumentRow[]));
    }
    return rows;
  }

  /** The review screen: the document, its text, its feedback, the original file. */
  private async review(row: DocumentRow) {
    const path = `/api/documents/${row.id}`;
    await this.call('GET /api/documents/:id', (c) => c.get(path));
    const extract = await this.call('GET /api/documents/:id/extract', (c) =>
      c.get(`${path}/extract`),
    );
    await this.call('GET /api/documents/:id/feedback', (c) => c.get(`${path}/feedback`));
    if (row.filePath) {
      await this.call('GET original file', (c) => c.get(row.filePath!));
    }
    const page = (extract?.json() as { pages?: string[] } | undefined)?.pages?.[0];
    if (page && page.length > 40 && chance(0.6)) {
      await this.think(seconds(3, 8));
      const start = Math.floor(Math.random() * (page.length - 30));
      await this.call('POST /api/documents/:id/feedback', (c) =>
        c.post(`${path}/feedback`, {
          type: 'text',
          content: 'Good point: say a little more about why.',
          pageNumber: 1,
          startOffset: start,
          endOffset: start + 30,
          highlightedText: page.slice(start, start + 30),
        }),
      );
    }
    if (chance(0.3)) {
      await this.call('PUT /api/documents/:id (reviewed)', (c) =>
        c.request('PUT', path, { json: { status: 'reviewed' } }),
      );
    }
    if (chance(0.25)) {
      await this.think(seconds(2, 5));
      const shared = await this.call('POST /api/documents/:id/share-feedback', (c) =>
        c.post(`${path}/share-feedback`, { studentName: row.author, sendEmail: false }),
      );
      const link = shared?.json().shareableLink as string | undefined;
      if (link) this.world.sharedKeys.push(link.split('/').pop()!);
    }
  }

  private async planner() {
    await this.call('GET /api/lesson-plans', (c) => c.get('/api/lesson-plans'));
    await this.call('GET /api/lesson-plans/:id', (c) =>
      c.get(`/api/lesson-plans/${this.classroom.planId}`),
    );
  }
}

type DocumentRow = { id: number; author: string; filePath: string | null };

export class Pupil extends Person {
  private pupilCode: string | undefined;
  private keyId: string | undefined;
  private handIns = 0;

  constructor(
    client: ProxiedClient,
    world: SoakWorld,
    private readonly classroom: Classroom,
    private readonly name: { firstName: string; surnameInitials: string },
  ) {
    super(client, world);
  }

  async run() {
    await this.think(seconds(0, 30));
    while (this.running) {
      await this.visit();
      // Away: lessons, other sites, the next homework.
      await this.think(seconds(20, 40));
    }
  }

  private async visit() {
    await this.call('page /student', (c) => c.get('/student'));
    const key = await this.call('POST /api/student-portal/verify-key', (c) =>
      c.post('/api/student-portal/verify-key', { keyPhrase: this.classroom.phrase }),
    );
    if (!key) return;
    this.keyId = key.json().id as string;
    await this.think(seconds(2, 5));
    if (this.handIns > 0) await this.myWork();
    // Most pupils hand in on their first visit; afterwards now and then.
    if (chance(this.handIns === 0 ? 0.6 : 0.15)) {
      await this.think(seconds(3, 8));
      await this.handIn();
    }
  }

  /** Their work and its feedback; opens one piece that has been marked. */
  private async myWork() {
    const mine = await this.call('POST /api/student-portal/my-assignments', (c) =>
      c.post('/api/student-portal/my-assignments', {
        ...this.name,
        classroomKeyId: this.keyId,
        ...(this.pupilCode ? { pupilCode: this.pupilCode } : {}),
      }),
    );
    const marked = (mine?.json() as { uniqueId: string; status: string }[] | undefined)?.find(
      (work) => work.status === 'reviewed',
    );
    if (marked) {
      await this.think(seconds(2, 5));
      await this.call('GET /api/pupil-documents/:phrase/:id', (c) =>
        c.get(`/api/pupil-documents/${this.classroom.phrase}/${marked.uniqueId}`),
      );
    }
  }

  private async handIn() {
    this.handIns += 1;
    const title = `Homework ${this.handIns} by ${this.name.firstName}`;
    const pdf = await essayPdf(title, this.name.firstName);
    const uploaded = await this.call('POST /api/uploads', (c) =>
      c.upload(
        '/api/uploads',
        { bytes: pdf, name: 'homework.pdf', type: 'application/pdf' },
        { classroomKeyId: this.keyId! },
      ),
    );
    if (!uploaded) return;
    const submitted = await this.call('POST /api/student-portal/submit-assignment', (c) =>
      c.post('/api/student-portal/submit-assignment', {
        title,
        ...this.name,
        yearGroup: 'Year 6',
        fileUrl: uploaded.json().fileUrl,
        classroomKeyId: this.keyId,
      }),
    );
    if (!submitted) return;
    this.world.handedIn.push(submitted.json().id as number);
    this.pupilCode ??= submitted.json().pupilCode ?? undefined;
    await this.think(seconds(2, 4));
    await this.myWork();
  }
}

export class Parent extends Person {
  async run() {
    await this.think(seconds(0, 30));
    while (this.running) {
      const key = pick(this.world.sharedKeys);
      if (key) await this.read(key);
      await this.think(seconds(20, 40));
    }
  }

  private async read(key: string) {
    await this.call('page /feedback-view/:key', (c) => c.get(`/feedback-view/${key}`));
    const view = await this.call('GET /api/feedback-view/:key', (c) =>
      c.get(`/api/feedback-view/${key}`),
    );
    if (view && chance(0.1)) {
      await this.think(seconds(5, 15));
      await this.call('GET /api/feedback-view/:key/download?format=pdf', (c) =>
        c.get(`/api/feedback-view/${key}/download?format=pdf`),
      );
    }
  }
}

const SENTENCES = [
  'The lighthouse keeper climbed the stairs before the storm arrived.',
  'Seals rested on the rocks below while the gulls circled overhead.',
  'I think the most important part of the story is how the village helped.',
  'In my experiment the plant near the window grew twice as tall.',
  'Fractions are easier when you draw the pizza and cut it into slices.',
  'The Romans built straight roads so their soldiers could march quickly.',
];

/** A one-page PDF of a few sentences, different for every hand-in. */
export async function essayPdf(title: string, author: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText(title, { x: 50, y: 780, size: 18, font });
  page.drawText(`by ${author}`, { x: 50, y: 755, size: 12, font });
  for (let line = 0; line < 12; line += 1) {
    page.drawText(pick(SENTENCES)!, { x: 50, y: 720 - line * 20, size: 11, font });
  }
  return Buffer.from(await pdf.save());
}
